/**
 * The routes of a plain resource, derived from its descriptor (src/core/resource.ts): list, get,
 * upsert and a company's listing (when it has one) with the scope and role checks of
 * docs/http-api.md, into the one route table; a read-only resource has its list alone.
 */
import { z } from "zod";
import { notFound } from "../core/errors.js";
import type { PageQuery } from "../core/model/common.js";
import { pageSchema } from "../core/model/common.js";
import type {
  ReadOnlyResourceDescriptor,
  ReadOnlyResourcePort,
  ResourceDescriptor,
  ResourceOperationName,
  ResourcePort,
} from "../core/resource.js";
import {
  type DescriptorOf,
  readOnlyNames,
  readOnlyResourceDescriptors,
  resourceDescriptors,
  resourceNames,
} from "../core/resources/index.js";
import type {
  CarbonService,
  ReadOnlyName,
  ReadOnlyParts,
  ResourceName,
  ResourceParts,
} from "../core/service.js";
import { type Access, findOrUndefined } from "./access.js";
import { ignoredBody, noQuery, pageFields, pageQuery } from "./input.js";
import { defineRoute, ok, param, type Route, upserted } from "./route.js";
import { visibleBuilding } from "./scoping.js";
import { byKeys, emptyWhenMissing, type PageSource, unionPage } from "./union.js";

/** How the routes reach the resource's part of the port. */
export type PortOf<T, I, F extends object, U = T> = (
  service: CarbonService,
) => ResourcePort<T, I, F, U>;

/** How a read-only resource's route reaches its part of the port. */
export type ReadOnlyPortOf<T, F extends object> = (
  service: CarbonService,
) => ReadOnlyResourcePort<T, F>;

/** One page schema per resource: the OpenAPI document names it once for all its listings. */
const pages = new WeakMap<object, { readonly name: string; readonly schema: z.ZodType }>();

function pageResponse<T, F extends object>(resource: ReadOnlyResourceDescriptor<T, F>) {
  let page = pages.get(resource);
  if (page === undefined) {
    page = { name: `${resource.schemaNames.record}Page`, schema: pageSchema(resource.record) };
    pages.set(resource, page);
  }
  return page;
}

/**
 * The list route. A scoped token listing without a company gets the union of its companies'
 * records; records of no company ("shared") are listed whole for every token.
 */
function listRoute<T, F extends object>(
  resource: ReadOnlyResourceDescriptor<T, F>,
  portOf: ReadOnlyPortOf<T, F>,
  /** A company by id, for a resource whose records are the companies ("self"). */
  self?: (service: CarbonService, companyId: string) => Promise<T>,
): Route {
  const { operations, summaries } = resource;
  const page = pageResponse(resource);
  const fromQuery = resource.fromQuery ?? ((query) => query);
  const listQuery = z
    .strictObject({ ...resource.filterFields, ...pageFields })
    .transform(fromQuery);
  const compare = byKeys<T>(...resource.order.map((key) => key.value));

  const scopedSources = (service: CarbonService, access: Access, filter: F): PageSource<T>[] =>
    access.companies.map((companyId) => {
      const ofCompany = resource.ofCompany;
      if (typeof ofCompany === "function") {
        return emptyWhenMissing((window) =>
          portOf(service).list({ ...ofCompany(filter, companyId), ...window }),
        );
      }
      if (self === undefined) throw new Error(`${resource.name}: no way to read a company`);
      return emptyWhenMissing(async (window) => {
        const found = await self(service, companyId);
        return { data: window.page === 1 ? [found] : [], pagination: { ...window, total: 1 } };
      });
    });

  return defineRoute({
    method: "GET",
    path: operations.list.path,
    summary: summaries.list,
    extension: !operations.list.spec,
    query: listQuery,
    body: ignoredBody,
    statuses: [200],
    response: page,
    async handle({ service, access, query }) {
      // The parsed query: the descriptor's filter fields and the page.
      const parsed = query as F & PageQuery & { page: number; limit: number };
      const company = resource.filterScope(parsed);
      if (company !== undefined) access.company(company);
      // A building the filter names must be one the token sees: else 404, as if it did not exist.
      for (const building of namedBuildings(parsed)) {
        await visibleBuilding(service, access, building);
      }
      if (access.scoped && company === undefined && resource.ofCompany !== "shared") {
        return ok(await unionPage(scopedSources(service, access, parsed), compare, parsed));
      }
      return ok(await portOf(service).list(parsed));
    },
  });
}

/** The buildings a list's parsed query names (`buildingId`, or the list `buildingIds`). */
function namedBuildings(query: object): string[] {
  const one: unknown = Reflect.get(query, "buildingId");
  const many: unknown = Reflect.get(query, "buildingIds");
  const named: unknown[] = [one, ...(Array.isArray(many) ? many : [])];
  return named.filter((id): id is string => typeof id === "string");
}

/** The one route of a read-only resource: its list, which every role may read. */
export function readOnlyResourceRoutes<T, F extends object>(
  resource: ReadOnlyResourceDescriptor<T, F>,
  portOf: ReadOnlyPortOf<T, F>,
): readonly Route[] {
  return [listRoute(resource, portOf)];
}

export function resourceRoutes<T, I, F extends object, U = T>(
  resource: ResourceDescriptor<T, I, F>,
  portOf: PortOf<T, I, F, U>,
): readonly Route[] {
  const { operations, summaries } = resource;
  const record = { name: resource.schemaNames.record, schema: resource.record };

  /** A record the token may not see is answered as missing, with the service's own message. */
  const visible = (access: Access, found: T, id: string): T => {
    if (!access.sees(resource.scope(found))) throw notFound(resource.singular, id);
    return found;
  };

  const routes: Record<ResourceOperationName, Route> = {
    list: listRoute(resource, portOf, (service, companyId) => portOf(service).get(companyId)),
    upsert: defineRoute({
      method: "POST",
      path: operations.upsert.path,
      summary: summaries.upsert,
      extension: !operations.upsert.spec,
      query: noQuery,
      body: resource.input,
      bodyName: resource.schemaNames.input,
      statuses: [201, 200],
      response: record,
      async handle({ service, access, body }) {
        const id = resource.idOf(body);
        access.company(resource.scope(body));
        const before = await findOrUndefined(() => portOf(service).get(id));
        // A stored record out of the token's scope is missing to it: its company is not told.
        if (before !== undefined) visible(access, before, id);
        access.mayWriteAs(resource.name, resource.writers);
        return upserted(before === undefined, await portOf(service).upsert(body));
      },
    }),
    get: defineRoute({
      method: "GET",
      path: operations.get.path,
      summary: summaries.get,
      extension: !operations.get.spec,
      query: noQuery,
      body: ignoredBody,
      statuses: [200],
      response: record,
      async handle({ service, access, params }) {
        const id = param(params, "id");
        return ok(visible(access, await portOf(service).get(id), id));
      },
    }),
  };
  // The resource's own files route what it keeps for itself.
  const own = new Set(resource.ownRoutes ?? []);
  const derived = (["list", "upsert", "get"] as const)
    .filter((operation) => !own.has(operation))
    .map((operation) => routes[operation]);
  const companyList = resource.companyList;
  if (companyList === undefined) return derived;
  const page = pageResponse(resource);
  return [
    ...derived,
    defineRoute({
      method: "GET",
      path: companyList.path,
      summary: companyList.summary,
      extension: !companyList.spec,
      query: pageQuery,
      body: ignoredBody,
      statuses: [200],
      response: page,
      async handle({ service, access, params, query }) {
        const companyId = param(params, "id");
        access.company(companyId);
        return ok(await portOf(service).list({ ...companyList.filter(companyId), ...query }));
      },
    }),
  ];
}

function routesOf<K extends ResourceName>(name: K): readonly Route[] {
  const descriptor: DescriptorOf<K> = resourceDescriptors[name];
  // The part by name, read through the mapped type so it stays the part of K.
  const parts = (service: ResourceParts): ResourceParts[K] => service[name];
  return resourceRoutes(descriptor, parts);
}

function readOnlyRoutesOf<K extends ReadOnlyName>(name: K): readonly Route[] {
  const parts = (service: ReadOnlyParts): ReadOnlyParts[K] => service[name];
  return readOnlyResourceRoutes(readOnlyResourceDescriptors[name], parts);
}

/**
 * The routes of every resource of the descriptor maps (src/core/resources/index.ts): a resource
 * registered there is served, documented and announced with nothing else to add here. The
 * routes a descriptor keeps for itself (`ownRoutes`) come from the resource's own route file.
 */
export function everyResourceRoute(): readonly Route[] {
  return [...resourceNames.flatMap(routesOf), ...readOnlyNames.flatMap(readOnlyRoutesOf)];
}
