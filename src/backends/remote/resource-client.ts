/**
 * The remote side of a plain resource, derived from its descriptor (src/core/resource.ts). It
 * speaks the interface: the spec's operations always, an extension only when the server
 * announces it (capabilities.ts). Without `GET …/{id}` a get reads the spec's listing, every
 * page; without an upsert route the write is refused as a usage error naming the server.
 */
import { notFound } from "../../core/errors.js";
import { operationExtension } from "../../core/extensions.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type {
  ReadOnlyResourceDescriptor,
  ReadOnlyResourcePort,
  ResourceDescriptor,
  ResourceOperation,
  ResourcePort,
} from "../../core/resource.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { allPages } from "./pages.js";

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

  const port: ResourcePort<T, I, F> = {
    list: remoteReadOnlyResource(client, resource).list,

    async get(id) {
      if (await offered("GET", operations.get)) {
        return client.request("GET", fillPath(operations.get.path, { id }), {
          schema: resource.answer,
        });
      }
      const everything = resource.everything;
      if (everything === undefined) {
        await capabilities.require(
          operationExtension("GET", operations.get.path),
          `reading one ${resource.singular} by id`,
        );
        throw notFound(resource.singular, id);
      }
      const wanted = id.toLowerCase();
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
        await capabilities.require(
          operationExtension("POST", operations.upsert.path),
          `writing ${resource.name}`,
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
