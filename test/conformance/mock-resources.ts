/**
 * The mocks' handlers derived from the plain resources' descriptors (src/core/resources/), for
 * each operation the descriptor says the spec has: what a resource added to the spec gets
 * without a handler of its own in mock-store.ts, whose handlers take precedence. An upsert
 * stores the body by its id and answers it (201 when new); a list answers the spec envelope
 * `{data, pagination}`, the company's records when the query names one, in the descriptor's
 * order; a get answers the record of the path's id. Both shapes answer the same: the hosted
 * service publishes nothing of a resource that has no handler of its own.
 */
import type { ResourceOperation } from "../../src/core/resource.js";
import { type Handler, type Item, matching, notFound, ok, page, upsertInto } from "./mock-store.js";

/** What the mock needs of a descriptor. */
export interface MockedResource {
  readonly singular: string;
  readonly operations: {
    readonly list: ResourceOperation;
    readonly get: ResourceOperation;
    readonly upsert: ResourceOperation;
  };
  readonly order: readonly { readonly value: (record: never) => string }[];
}

/** Byte order of the descriptor's keys, most significant first, as the list of a server of ours. */
function sortedBy(resource: MockedResource, items: readonly Item[]): Item[] {
  // The records are what clients posted, valid against the document's schema: the descriptor's
  // keys read them as records.
  const keys = (item: Item) => resource.order.map((key) => key.value(item as never)).join("\u0000");
  return [...items].sort((a, b) => Buffer.compare(Buffer.from(keys(a)), Buffer.from(keys(b))));
}

/** The handlers of one resource's spec operations, over one in-memory store of its records. */
export function resourceHandlers(resource: MockedResource): Record<string, Handler> {
  const store = new Map<string, Item>();
  const { list, get, upsert } = resource.operations;
  const handlers: Record<string, Handler> = {};
  if (list.spec) {
    handlers[`GET /api/v1${list.path}`] = (call) =>
      page(sortedBy(resource, matching(store.values(), call.query, ["companyId"])), call.query);
  }
  if (get.spec && get.path.includes("{id}")) {
    handlers[`GET /api/v1${get.path}`] = (call) => {
      const item = store.get(String(call.params.id));
      return item === undefined ? notFound(resource.singular) : ok(item);
    };
  }
  if (upsert.spec) {
    handlers[`POST /api/v1${upsert.path}`] = (call) => {
      const { item, created } = upsertInto(store, call.body);
      return ok(item, created ? 201 : 200);
    };
  }
  return handlers;
}

/** The handlers of every resource's spec operations, each resource with a store of its own. */
export function everyResourceHandler(
  resources: readonly MockedResource[],
): Record<string, Handler> {
  return Object.assign({}, ...resources.map(resourceHandlers));
}
