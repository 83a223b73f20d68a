/**
 * The remote side of a plain resource, derived from its descriptor (src/core/resource.ts). It
 * speaks the interface: the spec's operations always, an extension only when the server
 * announces it (capabilities.ts). Without `GET …/{id}` a get reads the spec's listing, every
 * page; without an upsert route the write is refused as a usage error naming the server. A
 * resource listed per company (`companyList`) is listed there for one company, and read company
 * after company when the server does not offer the listing of every company's.
 */
import { notFound } from "../../core/errors.js";
import { operationExtension } from "../../core/extensions.js";
import { DEFAULT_PAGE_LIMIT, type Page, type PageQuery } from "../../core/model/common.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type {
  CompanyListing,
  ReadOnlyResourceDescriptor,
  ReadOnlyResourcePort,
  ResourceDescriptor,
  ResourceOperation,
  ResourcePort,
} from "../../core/resource.js";
import type { ResourceName, ResourceParts } from "../../core/resource-types.js";
import { companiesResource } from "../../core/resources/companies.js";
import { resourceDescriptors, resourceNames } from "../../core/resources/index.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { allPages, everyRow, narrowPage } from "./pages.js";

/** Page size asked for when a get reads the listing (the interface's maximum). */
const SCAN_PAGE = 500;

/** An OpenAPI path with its `{name}` parameters filled in, each encoded. */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeURIComponent(values[name] ?? ""),
  );
}

/** A record without its absent fields: an unset value is left out, never sent as null. */
export function presentRecord(record: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== null),
  );
}

/** A body without its absent fields, when it is a record. */
export function presentFields(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  return presentRecord(input);
}

/** The list of a read-only resource: one page of the spec's listing. */
export function remoteReadOnlyResource<T, F extends object>(
  client: HttpClient,
  resource: ReadOnlyResourceDescriptor<T, F>,
): ReadOnlyResourcePort<T, F> {
  const page = answerPageSchema(resource.answer);
  return {
    list: (query) =>
      client.request("GET", fillPath(resource.operations.list.path, {}), {
        schema: page,
        query: { ...resource.listQuery(query), page: query.page, limit: query.limit },
      }),
  };
}

export function remoteResource<T, I, F extends object>(
  client: HttpClient,
  capabilities: ServerCapabilities,
  resource: ResourceDescriptor<T, I, F>,
): ResourcePort<T, I, F> {
  const { operations } = resource;
  /** Spec operations are always there; an extension only when the server announces it. */
  const offered = (method: string, operation: ResourceOperation) =>
    operation.spec
      ? Promise.resolve(true)
      : capabilities.offers(operationExtension(method, operation.path));

  const companyList = resource.companyList;
  const page = answerPageSchema(resource.answer);
  /** The descriptor's listing of every company's records, one page. */
  const listAll = remoteReadOnlyResource(client, resource).list;

  /** Every record of every company the token reads, company after company, each all pages. */
  async function recordsOfEveryCompany(listing: CompanyListing<F>): Promise<T[]> {
    const companies = companiesResource.operations.list.path;
    const all: T[] = [];
    for (const company of await everyRow(client, companies, companiesResource.answer)) {
      const route = fillPath(listing.path, { id: company.id });
      all.push(...(await everyRow(client, route, resource.answer)));
    }
    return all;
  }

  /** One page of the listing, as the server answers it. */
  async function listed(query: F & PageQuery): Promise<Page<T>> {
    const company = resource.filterScope(query);
    if (companyList !== undefined && company !== undefined) {
      return client.request("GET", fillPath(companyList.path, { id: company }), {
        schema: page,
        query: { page: query.page, limit: query.limit },
      });
    }
    if (companyList === undefined && !operations.list.spec) {
      // A listing of ours only where the server announces it.
      await capabilities.require(
        operationExtension("GET", operations.list.path),
        `listing ${resource.singular}s`,
      );
    }
    if (companyList !== undefined && !(await offered("GET", operations.list))) {
      const all = await recordsOfEveryCompany(companyList);
      const number = query.page ?? 1;
      const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
      return {
        data: all.slice((number - 1) * limit, number * limit),
        pagination: { page: number, limit, total: all.length },
      };
    }
    // A listing that is no spec operation is asked only of a server that announces it.
    if (!(await offered("GET", operations.list))) {
      await capabilities.require(
        operationExtension("GET", operations.list.path),
        `listing ${resource.name}`,
      );
    }
    return listAll(query);
  }

  const port: ResourcePort<T, I, F> = {
    async list(query) {
      const page = await listed(query);
      const matches = resource.matches;
      // Of a server that ignores a filter of ours, only the records that meet it are kept.
      return matches === undefined ? page : narrowPage(page, (record) => matches(record, query));
    },

    async get(id) {
      if (await offered("GET", operations.get)) {
        return client.request("GET", fillPath(operations.get.path, { id }), {
          schema: resource.answer,
        });
      }
      const wanted = id.toLowerCase();
      if (companyList !== undefined && resource.everything === undefined) {
        const found = (await recordsOfEveryCompany(companyList)).find(
          (row) => resource.idOf(row).toLowerCase() === wanted,
        );
        if (found === undefined) throw notFound(resource.singular, id);
        return found;
      }
      const everything = resource.everything;
      if (everything === undefined) {
        await capabilities.require(
          operationExtension("GET", operations.get.path),
          `reading one ${resource.singular} by id`,
        );
        throw notFound(resource.singular, id);
      }
      for await (const rows of allPages(
        (window) => port.list({ ...everything, ...window }),
        SCAN_PAGE,
      )) {
        const found = rows.find((row) => resource.idOf(row).toLowerCase() === wanted);
        if (found !== undefined) return found;
      }
      throw notFound(resource.singular, id);
    },

    async upsert(input) {
      if (!(await offered("POST", operations.upsert))) {
        const refusal = resource.upsertRefusal;
        await capabilities.require(
          operationExtension("POST", operations.upsert.path),
          refusal?.what ?? `writing ${resource.name}`,
          refusal?.instead,
        );
      }
      return client.request("POST", fillPath(operations.upsert.path, {}), {
        schema: resource.answer,
        body: presentFields(input),
      });
    },
  };
  return port;
}

/**
 * Every plain resource's part, each as its descriptor says (src/core/resources/): the remote
 * service replaces those whose verbs go beyond the descriptor's with their own.
 */
export function remoteResourceParts(
  client: HttpClient,
  capabilities: ServerCapabilities,
): ResourceParts {
  const parts: Partial<Record<ResourceName, unknown>> = {};
  const partOf = <K extends ResourceName>(name: K) =>
    remoteResource(client, capabilities, resourceDescriptors[name]);
  for (const name of resourceNames) parts[name] = partOf(name);
  // Each entry is its descriptor's port, so the whole is ResourceParts.
  return parts as ResourceParts;
}
