/** What every table of the Store port (store.ts) is written with. */

/** A value now (an embedded store) or later (a store over the network). */
export type Awaitable<T> = T | Promise<T>;

/** A record of a company's, with the store's key of its company. */
export type Owned<T> = T & { readonly companyRef: number };
