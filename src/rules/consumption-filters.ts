/**
 * The filters of consumption and emission reads: checked (dates, scopes, categories), and said in
 * the store's keys (`ConsumptionRowFilter`), with which lines of the consumptions an emission read
 * keeps (`LineFilter`).
 */
import { notFound, usageError } from "../core/errors.js";
import { isoDateSchema, type Scope } from "../core/model/common.js";
import type { EmissionFilter } from "../core/ports/emissions.js";
import { findBuilding } from "./buildings.js";
import { companyOf } from "./companies.js";
import type { LineFilter } from "./consumption-rows.js";
import type {
  CategoryCondition,
  CategoryLookup,
  ConsumptionRowFilter,
  StoredBuilding,
  StoredCompany,
  StoreTransaction,
} from "./store.js";

function checkDate(value: string, flag: string): string {
  if (!isoDateSchema.safeParse(value).success) {
    throw usageError(`${flag} must be a date YYYY-MM-DD, got "${value}"`);
  }
  return value;
}

/** The company and the building a filter names, found (an unknown one is not_found). */
export interface FilterNames {
  readonly company?: StoredCompany;
  readonly building?: StoredBuilding;
}

/** The company and the building a filter names, found in the store. */
export async function filterNames(
  tx: Pick<StoreTransaction, "companies" | "buildings">,
  filter: EmissionFilter,
): Promise<FilterNames> {
  const company =
    filter.companyId === undefined ? undefined : await companyOf(tx, filter.companyId);
  const building =
    filter.buildingId === undefined ? undefined : await findBuilding(tx, filter.buildingId);
  return {
    ...(company === undefined ? {} : { company }),
    ...(building === undefined ? {} : { building }),
  };
}

/**
 * A read's rows: the company and building named (found by the caller; a building of another
 * company than the one named matches nothing), dates as inclusive days (a record matches when
 * its days [startDate, endDate] overlap [from, to]), scopes and categories.
 *
 * With `lines` (emission reads) scopes and categories match a consumption when any of its
 * lines does: its own category, or a derived line's (all scope 3; only derived lines have a
 * category of their own); the read then keeps the matching lines (`lineFilterOf`).
 */
export function rowFilterOf(
  filter: EmissionFilter,
  names: FilterNames,
  categories: CategoryLookup,
  lines = false,
): ConsumptionRowFilter {
  const { company, building } = names;
  if (company !== undefined && building !== undefined && company.ref !== building.companyRef) {
    return { none: true };
  }
  // A building pins its company too, so the store can read the company's rows in order.
  const companyRef = building?.companyRef ?? company?.ref;
  const from = filter.from === undefined ? undefined : checkDate(filter.from, "from");
  const to = filter.to === undefined ? undefined : checkDate(filter.to, "to");
  if (from !== undefined && to !== undefined && from > to) {
    throw usageError(`from (${from}) is after to (${to})`);
  }
  let scopes: CategoryCondition | undefined;
  if (filter.scopes !== undefined) {
    const wanted = [...new Set(filter.scopes)];
    for (const scope of wanted) {
      if (scope !== 1 && scope !== 2 && scope !== 3) {
        throw usageError(`scopes must be 1, 2 or 3, got ${String(scope)}`);
      }
    }
    if (wanted.length < 3) {
      const refs = categories.refsOfScopes(wanted);
      scopes = lines && wanted.includes(3) ? { refs, orDerivedLine: "any" } : { refs };
    }
  }
  let named: CategoryCondition | undefined;
  if (filter.categoryIds !== undefined) {
    const refs = categoryRefsUnder(categories, filter.categoryIds);
    named = lines && refs.length > 0 ? { refs, orDerivedLine: "ofRefs" } : { refs };
  }
  return {
    ...(companyRef === undefined ? {} : { companyRef }),
    ...(building === undefined ? {} : { buildingRef: building.ref }),
    ...(to === undefined ? {} : { to }),
    ...(from === undefined ? {} : { from }),
    ...(scopes === undefined ? {} : { scopes }),
    ...(filter.entityIds === undefined ? {} : { entityIds: filter.entityIds }),
    ...(named === undefined ? {} : { categories: named }),
  };
}

/** The refs of the named categories and of every category under them; an unknown one is not_found. */
export function categoryRefsUnder(categories: CategoryLookup, ids: readonly string[]): number[] {
  const wanted = new Set<string>();
  for (const id of ids) {
    const category = categories.byId(id);
    if (category === undefined) throw notFound("category", id);
    wanted.add(category.id);
  }
  return categories.all
    .filter((category) => {
      for (
        let at: string | null = category.id;
        at !== null;
        at = categories.byId(at)?.parentId ?? null
      ) {
        if (wanted.has(at)) return true;
      }
      return false;
    })
    .map((category) => category.ref);
}

/**
 * Which lines of the matching consumptions an emission read keeps: those of the filter's
 * scopes and categories, and of a split consumption those of the window's years. Undefined
 * when the filter keeps every line. Run after `rowFilterOf`, which checked the filter.
 */
export function lineFilterOf(
  filter: EmissionFilter,
  categories: CategoryLookup,
): LineFilter | undefined {
  const scopes = filter.scopes === undefined ? undefined : new Set<Scope>(filter.scopes);
  const categoryRefs =
    filter.categoryIds === undefined
      ? undefined
      : new Set(categoryRefsUnder(categories, filter.categoryIds));
  const fromYear = filter.from === undefined ? undefined : Number(filter.from.slice(0, 4));
  const toYear = filter.to === undefined ? undefined : Number(filter.to.slice(0, 4));
  const result: LineFilter = {
    ...(scopes === undefined || scopes.size >= 3 ? {} : { scopes }),
    ...(categoryRefs === undefined ? {} : { categoryRefs }),
    ...(fromYear === undefined ? {} : { fromYear }),
    ...(toYear === undefined ? {} : { toYear }),
  };
  return Object.keys(result).length === 0 ? undefined : result;
}
