/**
 * The category tree in PostgreSQL: shared by every company (a reference table), seeded once with
 * the shipped categories in the order a new SQLite database gets them (the tree, the fleet's
 * subcategories, the library's, the well-to-tank ones), so both stores give every category the
 * same ref and list them in the same order.
 */

import { isUuid } from "../../core/ids.js";
import type { Category } from "../../core/model/category.js";
import type { CategoryTable, StoredCategory } from "../../rules/store.js";
import {
  categoryTree,
  FLEET_SUBCATEGORIES,
  libraryCategories,
  wttCategories,
} from "../../shipped/categories.js";
import { type CategoryColumns, categoryOf } from "../stored-records.js";
import type { Queryable } from "./transactions.js";

/** Every shipped category once (its first appearance), in the order SQLite's migrations add them. */
export function seededCategories(): Category[] {
  const seen = new Set<string>();
  const all: Category[] = [];
  const additions = [
    categoryTree(),
    FLEET_SUBCATEGORIES,
    [...categoryTree(), ...libraryCategories()],
    wttCategories(),
  ];
  for (const categories of additions) {
    for (const category of categories) {
      if (seen.has(category.code)) continue;
      seen.add(category.code);
      all.push(category);
    }
  }
  return all;
}

/** Migration 3: the shipped tree, refs 1, 2, … in seeding order, parents before children. */
export async function seedCategories(db: Queryable): Promise<void> {
  const categories = seededCategories();
  const refOf = new Map(categories.map((category, index) => [category.id, index + 1]));
  const parentRefs = categories.map((category) => {
    if (category.parentId === null) return null;
    const ref = refOf.get(category.parentId);
    if (ref === undefined || ref > (refOf.get(category.id) ?? 0)) {
      throw new Error(`category ${category.code} comes before its parent`);
    }
    return ref;
  });
  await db.query(
    `INSERT INTO categories (ref, id, code, level, parent_ref, scope, name, default_unit,
       factor_key, market_factor_key)
     SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::bigint[],
       $6::integer[], $7::text[], $8::text[], $9::text[], $10::text[])`,
    [
      categories.map((_, index) => index + 1),
      categories.map((category) => category.id),
      categories.map((category) => category.code),
      categories.map((category) => category.level),
      parentRefs,
      categories.map((category) => category.scope),
      categories.map((category) => category.name),
      categories.map((category) => category.defaultUnit),
      categories.map((category) => category.factorKey),
      categories.map((category) => category.marketFactorKey),
    ],
  );
}

const SELECT = `SELECT c.ref, c.id, c.code, c.level, p.id AS parent_id, c.scope, c.name,
    c.default_unit, c.factor_key, c.market_factor_key
  FROM categories c LEFT JOIN categories p ON p.ref = c.parent_ref`;

export class PostgresCategories implements CategoryTable {
  readonly #db: Queryable;
  readonly #tree:
    | { read(db: Queryable): Promise<{ find(codeOrId: string): StoredCategory | undefined }> }
    | undefined;

  /** `tree`: the tree the store's transactions share, which finds one without a statement. */
  constructor(
    db: Queryable,
    tree?: { read(db: Queryable): Promise<{ find(codeOrId: string): StoredCategory | undefined }> },
  ) {
    this.#db = db;
    this.#tree = tree;
  }

  /** The category of this code (any case) or id; the first in tree order for a code. */
  async find(codeOrId: string): Promise<StoredCategory | undefined> {
    if (this.#tree !== undefined) return (await this.#tree.read(this.#db)).find(codeOrId);
    const key = codeOrId.trim().toLowerCase();
    const found = isUuid(key)
      ? await this.#db.query<CategoryColumns>(`${SELECT} WHERE c.id = $1`, [key])
      : await this.#db.query<CategoryColumns>(
          `${SELECT} WHERE lower(c.code) = $1 ORDER BY c.ref LIMIT 1`,
          [key],
        );
    const row = found.rows[0];
    return row === undefined ? undefined : categoryOf(row);
  }

  /** Every category in tree order. */
  async all(): Promise<StoredCategory[]> {
    return (await this.#db.query<CategoryColumns>(`${SELECT} ORDER BY c.ref`)).rows.map(categoryOf);
  }
}
