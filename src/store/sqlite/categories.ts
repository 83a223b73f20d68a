import type Database from "better-sqlite3";
import { isUuid } from "../../core/ids.js";
import type { CategoryLevel } from "../../core/model/category.js";
import type { Scope } from "../../core/model/common.js";
import type { CategoryLookup, CategoryTable, StoredCategory } from "../../rules/store.js";
import { categoryOf } from "../stored-records.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

/** A category and its row ref. The tree never changes at run time. */
export type { StoredCategory };

interface CategoryRow {
  ref: number;
  id: string;
  code: string;
  level: CategoryLevel;
  parent_id: string | null;
  scope: Scope;
  name: string;
  default_unit: string | null;
  factor_key: string | null;
  market_factor_key: string | null;
}

/** Texts asked for kept at most (an import asks the same few millions of times). */
const MAX_ASKED = 4096;
const MAX_ASKED_LENGTH = 100;

const SELECT = `SELECT c.ref, c.id, c.code, c.level, p.id AS parent_id, c.scope, c.name,
    c.default_unit, c.factor_key, c.market_factor_key
  FROM categories c LEFT JOIN categories p ON p.ref = c.parent_ref`;

/**
 * The category tree, read on demand: the tree holds thousands of subcategories generated from
 * the factor library, so a command that names a few categories looks those up one by one and
 * keeps them (ids are stored in lower case), and the first listing reads the whole tree once and
 * keeps it (a server lists it page after page, and each page read it all again).
 */
export class CategoryCatalog implements CategoryTable, CategoryLookup {
  readonly #db: Db;
  readonly #byRef = new Map<number, StoredCategory>();
  /** Lower-case id or code -> ref; null: known to name no category. */
  readonly #refOf = new Map<string, number | null>();
  /** The text as asked (an id or code repeated row after row) -> its answer, with no allocation. */
  readonly #askedIds = new Map<string, StoredCategory | null>();
  readonly #askedTexts = new Map<string, StoredCategory | null>();
  #all: readonly StoredCategory[] | undefined;
  /** `#one`'s statements by their condition (a few fixed ones), prepared once each. */
  readonly #oneBy = new Map<string, Database.Statement<[string | number], CategoryRow>>();
  /** What `byRef` reads a category not kept yet with. */
  readonly #ofRef;

  constructor(db: Db) {
    this.#db = db;
    this.#ofRef = lazy(() => db.prepare<[number], CategoryRow>(`${SELECT} WHERE c.ref = ?`));
  }

  /** Every category in tree order. */
  get all(): readonly StoredCategory[] {
    this.#all ??= this.#db
      .prepare<[], CategoryRow>(`${SELECT} ORDER BY c.ref`)
      .all()
      .map((row) => this.#kept(row));
    return this.#all;
  }

  /** The category of a row, kept for the catalog's life. */
  #kept(row: CategoryRow): StoredCategory {
    let category = this.#byRef.get(row.ref);
    if (category === undefined) {
      category = storedCategory(row);
      this.#byRef.set(row.ref, category);
    }
    return category;
  }

  /** One category by a condition on `c`, remembered under `key`. */
  #one(key: string, where: string, value: string | number): StoredCategory | undefined {
    const ref = this.#refOf.get(key);
    if (ref !== undefined) return ref === null ? undefined : this.#byRef.get(ref);
    let statement = this.#oneBy.get(where);
    if (statement === undefined) {
      statement = this.#db.prepare<[string | number], CategoryRow>(`${SELECT} WHERE ${where}`);
      this.#oneBy.set(where, statement);
    }
    const row = statement.get(value);
    this.#refOf.set(key, row === undefined ? null : row.ref);
    return row === undefined ? undefined : this.#kept(row);
  }

  byId(id: string): StoredCategory | undefined {
    return this.#remembered(this.#askedIds, id, () => {
      const key = id.toLowerCase();
      return this.#one(`id:${key}`, "c.id = ?", key);
    });
  }

  /** The answer to `text` as asked before, else `lookup`'s, remembered (a bounded few). */
  #remembered(
    asked: Map<string, StoredCategory | null>,
    text: string,
    lookup: () => StoredCategory | undefined,
  ): StoredCategory | undefined {
    const known = asked.get(text);
    if (known !== undefined) return known ?? undefined;
    const found = lookup();
    if (asked.size >= MAX_ASKED) asked.clear();
    if (text.length <= MAX_ASKED_LENGTH) asked.set(text, found ?? null);
    return found;
  }

  byRef(ref: number): StoredCategory | undefined {
    const known = this.#byRef.get(ref);
    if (known !== undefined) return known;
    const row = this.#ofRef().get(ref);
    return row === undefined ? undefined : this.#kept(row);
  }

  /** A code in any case (`natural_gas`) or a UUID. */
  find(codeOrId: string): StoredCategory | undefined {
    return this.#remembered(this.#askedTexts, codeOrId, () => {
      const key = codeOrId.trim().toLowerCase();
      if (isUuid(key)) return this.byId(key);
      // Codes are unique ignoring case; the first in tree order wins, as CategoryIndex does.
      return this.#one(`code:${key}`, "lower(c.code) = ? ORDER BY c.ref LIMIT 1", key);
    });
  }

  refsOfScopes(scopes: readonly Scope[]): number[] {
    return this.all.filter((c) => scopes.includes(c.scope)).map((c) => c.ref);
  }
}

function storedCategory(row: CategoryRow): StoredCategory {
  return categoryOf(row);
}
