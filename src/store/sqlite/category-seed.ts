/** Categories a migration adds to an existing tree (docs/factor-library.md, "Categories"). */
import type { Category } from "../../core/model/category.js";
import { categoryTree, libraryCategories, wttCategories } from "../../shipped/categories.js";
import type { Db } from "./database.js";

/**
 * Inserts the categories whose code the tree lacks, in the order given, after every existing
 * one (refs grow); a parent must be in the tree already or earlier in the list.
 */
export function insertMissingCategories(db: Db, categories: readonly Category[]): number {
  const known = new Set(db.prepare<[], string>("SELECT code FROM categories").pluck().all());
  const insert = db.prepare(
    `INSERT INTO categories (id, code, level, parent_ref, scope, name, default_unit, factor_key, market_factor_key)
     VALUES (?, ?, ?, (SELECT ref FROM categories WHERE id = ?), ?, ?, ?, ?, ?)`,
  );
  let added = 0;
  for (const category of categories) {
    if (known.has(category.code)) continue;
    insert.run(
      category.id,
      category.code,
      category.level,
      category.parentId,
      category.scope,
      category.name,
      category.defaultUnit,
      category.factorKey,
      category.marketFactorKey,
    );
    known.add(category.code);
    added += 1;
  }
  const orphans = db
    .prepare("SELECT count(*) FROM categories WHERE level != 'scope' AND parent_ref IS NULL")
    .pluck()
    .get();
  if (orphans !== 0) throw new Error("a category was added before its parent");
  return added;
}

/**
 * Migration 30: the subcategories categories.csv gained for the open sources library (a
 * database created before has not got them) and those generated from the library.
 */
export function addLibraryCategories(db: Db): void {
  insertMissingCategories(db, [...categoryTree(), ...libraryCategories()]);
}

/**
 * Migration 31: the scope 3 category 3 subcategories generated for the library's well-to-tank
 * keys (wtt-categories.csv), after every other category; the fuels that derive them are the
 * rules of wtt-lines.csv, read at run time.
 */
export function addWttCategories(db: Db): void {
  insertMissingCategories(db, wttCategories());
}
