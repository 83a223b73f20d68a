/**
 * The port of a plain resource over its repository: each read in a read, each upsert in a
 * write transaction of the service. A part with more verbs spreads this and adds them.
 */
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Transactions } from "./transaction-tools.js";

/** What a plain resource's repository offers, synchronously, inside the service's transactions. */
export interface PlainRepository<T, I, F extends object> {
  list(query: F & PageQuery): Page<T>;
  get(id: string): T;
  upsert(input: I): T;
}

export function localResource<T, I, F extends object>(
  repository: PlainRepository<T, I, F>,
  tx: Transactions,
): {
  list(query: F & PageQuery): Promise<Page<T>>;
  get(id: string): Promise<T>;
  upsert(input: I): Promise<T>;
} {
  return {
    list: async (query) => tx.read(() => repository.list(query)),
    get: async (id) => tx.read(() => repository.get(id)),
    upsert: async (input) => tx.write(() => repository.upsert(input)),
  };
}
