/**
 * The category tree as the engine reads it: the tree never changes while a store is open, so a
 * store over the network reads it once (src/core/category-tree.ts) and the SQLite store reads it
 * on demand (src/store/sqlite/categories.ts); both answer the same lookups, and lists filter
 * either.
 */
import { notFound } from "../core/errors.js";
import type { Category, CategoryLevel } from "../core/model/category.js";
import type { Page, PageQuery } from "../core/model/common.js";
import { pageOfList } from "../core/pagination.js";
import type { CategoryLookup, StoredCategory } from "./store.js";

/** A list's categories (CategoryFilter): of a level, under a parent, or the one a code names. */
export function filterCategories(
  tree: CategoryLookup,
  filter: { readonly level?: CategoryLevel; readonly code?: string; readonly parent?: string },
): StoredCategory[] {
  const ofLevel = (c: StoredCategory) => filter.level === undefined || c.level === filter.level;
  const parentOf = (codeOrId: string): StoredCategory => {
    const parent = tree.find(codeOrId);
    if (parent === undefined) throw notFound("category", codeOrId);
    return parent;
  };
  if (filter.code !== undefined) {
    const found = tree.find(filter.code);
    const under = filter.parent === undefined || found?.parentId === parentOf(filter.parent).id;
    return found !== undefined && ofLevel(found) && under ? [found] : [];
  }
  if (filter.parent !== undefined) {
    const parent = parentOf(filter.parent);
    return tree.all.filter((c) => c.parentId === parent.id && ofLevel(c));
  }
  return tree.all.filter(ofLevel);
}

/** The public record, without the store's key. */
export function toCategory(category: StoredCategory): Category {
  return {
    id: category.id,
    level: category.level,
    code: category.code,
    name: category.name,
    parentId: category.parentId,
    scope: category.scope,
    defaultUnit: category.defaultUnit,
    factorKey: category.factorKey,
    marketFactorKey: category.marketFactorKey,
  };
}

/** The tree is small: a list without a limit answers all of it (what lookups want), else a page. */
export function wholeOrPage<T>(all: readonly T[], query: PageQuery): Page<T> {
  if (query.limit !== undefined) return pageOfList(all, query);
  return { data: all, pagination: { page: 1, limit: Math.max(all.length, 1), total: all.length } };
}
