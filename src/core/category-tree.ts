/**
 * The category tree held whole in memory (it never changes while a database is open), looked up
 * by store key, id or code as the SQLite store's catalog answers: what a store over the network
 * reads once, and the rules' tree for it.
 */
import { isUuid } from "./ids.js";
import type { Category } from "./model/category.js";
import type { Scope } from "./model/common.js";

/** A category with the store's key. */
type Keyed = Category & { readonly ref: number };

export class CategoryTree<C extends Keyed = Keyed> {
  /** Every category, in tree order. */
  readonly all: readonly C[];
  readonly #byRef = new Map<number, C>();
  readonly #byId = new Map<string, C>();
  readonly #byCode = new Map<string, C>();

  constructor(all: readonly C[]) {
    this.all = all;
    for (const category of all) {
      this.#byRef.set(category.ref, category);
      this.#byId.set(category.id.toLowerCase(), category);
      // Codes are unique ignoring case; the first in tree order wins.
      const code = category.code.toLowerCase();
      if (!this.#byCode.has(code)) this.#byCode.set(code, category);
    }
  }

  byRef(ref: number): C | undefined {
    return this.#byRef.get(ref);
  }

  byId(id: string): C | undefined {
    return this.#byId.get(id.toLowerCase());
  }

  /** A code in any case (`natural_gas`) or an id. */
  find(codeOrId: string): C | undefined {
    const key = codeOrId.trim().toLowerCase();
    return isUuid(key) ? this.#byId.get(key) : this.#byCode.get(key);
  }

  /** The keys of the categories of these scopes. */
  refsOfScopes(scopes: readonly Scope[]): number[] {
    return this.all.filter((c) => scopes.includes(c.scope)).map((c) => c.ref);
  }
}
