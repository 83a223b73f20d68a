/**
 * The routes of a plain resource, derived from its descriptor (src/core/resource.ts): list, get,
 * upsert and a company's listing (when it has one) with the scope and role checks of
 * docs/http-api.md, into the one route table.
 */
import { z } from "zod";
import { notFound } from "../core/errors.js";
import type { PageQuery } from "../core/model/common.js";
import { pageSchema } from "../core/model/common.js";
import type { ResourceDescriptor, ResourcePort } from "../core/resource.js";
import type { CarbonService } from "../core/service.js";
import { type Access, findOrUndefined } from "./access.js";
import { ignoredBody, noQuery, pageFields, pageQuery } from "./input.js";
import { defineRoute, ok, param, type Route, upserted } from "./route.js";
import { byKeys, emptyWhenMissing, type PageSource, unionPage } from "./union.js";

/** How the routes reach the resource's part of the port. */
export type PortOf<T, I, F extends object> = (service: CarbonService) => ResourcePort<T, I, F>;

export function resourceRoutes<T, I, F extends object>(
  resource: ResourceDescriptor<T, I, F>,
  portOf: PortOf<T, I, F>,
): readonly Route[] {
  const { operations, summaries } = resource;
  const record = { name: resource.schemaNames.record, schema: resource.record };
  const page = { name: `${resource.schemaNames.record}Page`, schema: pageSchema(resource.record) };
  const listQuery = z.strictObject({ ...resource.filterFields, ...pageFields });
  const compare = byKeys<T>(...resource.order.map((key) => key.value));

  /** A record the token may not see is answered as missing, with the service's own message. */
  const visible = (access: Access, found: T, id: string): T => {
    if (!access.sees(resource.scope(found))) throw notFound(resource.singular, id);
    return found;
  };

  /** A scoped token without a company filter: the union of its companies' records. */
  const scopedSources = (service: CarbonService, access: Access, filter: F): PageSource<T>[] =>
    access.companies.map((companyId) => {
      const ofCompany = resource.ofCompany;
      if (ofCompany === "self") {
        return emptyWhenMissing(async (window) => {
          const found = await portOf(service).get(companyId);
          return { data: window.page === 1 ? [found] : [], pagination: { ...window, total: 1 } };
        });
      }
      return emptyWhenMissing((window) =>
        portOf(service).list({ ...ofCompany(filter, companyId), ...window }),
      );
    });

  const routes = [
    defineRoute({
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
        if (access.scoped && company === undefined) {
          return ok(await unionPage(scopedSources(service, access, parsed), compare, parsed));
        }
        return ok(await portOf(service).list(parsed));
      },
    }),
    defineRoute({
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
    defineRoute({
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
  ];
  const companyList = resource.companyList;
  if (companyList === undefined) return routes;
  return [
    ...routes,
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
