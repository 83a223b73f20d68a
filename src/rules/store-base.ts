/** What every table of the Store port (store.ts) is written with. */

/** A value now (an embedded store) or later (a store over the network). */
export type Awaitable<T> = T | Promise<T>;

/** A record of a company's, with the store's key of its company. */
export type Owned<T> = T & { readonly companyRef: number };

/**
 * What a write does when another write changed what it read meanwhile (a store that runs writes
 * side by side finds out at commit): run again on what is there now (the default: the rules are
 * functions of what they read), or fail with a conflict, for a write whose request was made
 * against what it read (a move of buildings: a second move of the same one must not follow the
 * first blindly).
 */
export interface WriteOptions {
  readonly onConcurrentChange?: "retry" | "conflict";
}
