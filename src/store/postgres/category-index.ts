/**
 * The category tree as pricing and the rules look it up synchronously: read once from
 * PostgreSQL (it does not change at run time), then answered from memory, as the SQLite store's
 * CategoryCatalog answers.
 */
import { isUuid } from "../../core/ids.js";
import type { CategoryIndex, StoredCategory } from "../../rules/store.js";
import { PostgresCategories } from "./categories.js";
import type { Queryable } from "./transactions.js";

export class PostgresCategoryIndex implements CategoryIndex {
  readonly all: readonly StoredCategory[];
  readonly #byRef = new Map<number, StoredCategory>();
  readonly #byId = new Map<string, StoredCategory>();
  readonly #byCode = new Map<string, StoredCategory>();

  /** `all` in tree order. */
  constructor(all: readonly StoredCategory[]) {
    this.all = all;
    for (const category of all) {
      this.#byRef.set(category.ref, category);
      this.#byId.set(category.id, category);
      // Codes are unique ignoring case; the first in tree order wins.
      const code = category.code.toLowerCase();
      if (!this.#byCode.has(code)) this.#byCode.set(code, category);
    }
  }

  static async read(db: Queryable): Promise<PostgresCategoryIndex> {
    return new PostgresCategoryIndex(await new PostgresCategories(db).all());
  }

  byRef(ref: number): StoredCategory | undefined {
    return this.#byRef.get(ref);
  }

  byId(id: string): StoredCategory | undefined {
    return this.#byId.get(id.toLowerCase());
  }

  /** A code in any case, or an id. */
  find(codeOrId: string): StoredCategory | undefined {
    const key = codeOrId.trim().toLowerCase();
    return isUuid(key) ? this.#byId.get(key) : this.#byCode.get(key);
  }
}
