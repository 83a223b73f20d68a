import { CategoryIndex } from "../../core/category-index.js";
import type { Category, CategoryLevel } from "../../core/model/category.js";
import type { Page, PageQuery, Scope } from "../../core/model/common.js";
import type { CategoryInfo } from "../../engine/summary.js";
import type { Db } from "./database.js";
import { pageOfList } from "./pagination.js";

/** A category and its row ref. The tree is small and never changes at run time: read once. */
export interface StoredCategory extends Category {
  readonly ref: number;
}

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

export class CategoryCatalog {
  readonly all: readonly StoredCategory[];
  readonly #lookup: CategoryIndex<StoredCategory>;
  readonly #byRef = new Map<number, StoredCategory>();

  constructor(db: Db) {
    const rows = db
      .prepare<[], CategoryRow>(
        `SELECT c.ref, c.id, c.code, c.level, p.id AS parent_id, c.scope, c.name, c.default_unit,
                c.factor_key, c.market_factor_key
           FROM categories c LEFT JOIN categories p ON p.ref = c.parent_ref
          ORDER BY c.ref`,
      )
      .all();
    this.all = rows.map((row) => ({
      ref: row.ref,
      id: row.id,
      level: row.level,
      code: row.code,
      name: row.name,
      parentId: row.parent_id,
      scope: row.scope,
      defaultUnit: row.default_unit,
      factorKey: row.factor_key,
      marketFactorKey: row.market_factor_key,
    }));
    this.#lookup = new CategoryIndex(this.all);
    for (const category of this.all) this.#byRef.set(category.ref, category);
  }

  byId(id: string): StoredCategory | undefined {
    return this.#lookup.byId(id);
  }

  byRef(ref: number): StoredCategory | undefined {
    return this.#byRef.get(ref);
  }

  /** A code in any case (`natural_gas`) or a UUID. */
  find(codeOrId: string): StoredCategory | undefined {
    return this.#lookup.find(codeOrId);
  }

  list(level: CategoryLevel | undefined): StoredCategory[] {
    return level === undefined ? [...this.all] : this.all.filter((c) => c.level === level);
  }

  refsOfScopes(scopes: readonly Scope[]): number[] {
    return this.all.filter((c) => scopes.includes(c.scope)).map((c) => c.ref);
  }

  /** What the engine's summaries need to know of a subcategory. */
  info(id: string): CategoryInfo | undefined {
    const category = this.#lookup.byId(id);
    if (category === undefined) return undefined;
    const parent = category.parentId === null ? undefined : this.#lookup.byId(category.parentId);
    return {
      code: category.code,
      name: category.name,
      scope: category.scope,
      parentCode: parent?.code ?? category.code,
      parentName: parent?.name ?? category.name,
      defaultUnit: category.defaultUnit,
    };
  }
}

/** The public record, without the row ref. */
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
