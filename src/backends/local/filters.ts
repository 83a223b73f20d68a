import { notFound, usageError } from "../../core/errors.js";
import { isoDateSchema, type Scope } from "../../core/model/common.js";
import type { EmissionFilter } from "../../core/ports/emissions.js";
import type { BuildingRepository } from "../../store/sqlite/buildings.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { LineFilter } from "./rows.js";

/** A WHERE clause over `consumptions c` and its parameters. */
export interface Where {
  readonly sql: string;
  readonly params: readonly (string | number)[];
  /** True when `sql` holds `c.company_ref = ?` (the filter names a company or a building). */
  readonly pinsCompany: boolean;
}

function checkDate(value: string, flag: string): string {
  if (!isoDateSchema.safeParse(value).success) {
    throw usageError(`${flag} must be a date YYYY-MM-DD, got "${value}"`);
  }
  return value;
}

/** The stored form (integer milliseconds, stored-dates.ts) of the start of a day... */
function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** ...and of the start of the next one. */
function nextDayStart(day: string): number {
  const date = new Date(dayStart(day));
  date.setUTCDate(date.getUTCDate() + 1);
  return date.getTime();
}

export interface FilterContext {
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly catalog: CategoryCatalog;
}

/**
 * Calculation records with a derived line (all scope 3; only derived lines have a category of
 * their own), for emission filters by scope.
 */
const WITH_DERIVED_LINES =
  "c.provenance_ref IN (SELECT calculation_ref FROM emission_lines WHERE category_ref IS NOT NULL)";

/**
 * Company and building must exist (not_found). A building filter also pins the building's
 * company so the (company_ref, start_date) index serves it. Dates are inclusive days: a record
 * matches when its days [startDate, endDate] overlap [from, to].
 *
 * With `lines` (emission reads) scopes and categories match a consumption when any of its
 * lines does: its own category, or a derived line's (emission_lines); the read then keeps the
 * matching lines (rows.ts, LineFilter).
 */
export function whereOf(filter: EmissionFilter, ctx: FilterContext, lines = false): Where {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  let companyRef: number | undefined;
  if (filter.companyId !== undefined) {
    companyRef = ctx.companies.get(filter.companyId).ref;
  }
  if (filter.buildingId !== undefined) {
    const building = ctx.buildings.get(filter.buildingId);
    if (companyRef !== undefined && companyRef !== building.companyRef) {
      return { sql: "0", params: [], pinsCompany: true };
    }
    companyRef = building.companyRef;
    clauses.push("c.building_ref = ?");
    params.push(building.ref);
  }
  if (companyRef !== undefined) {
    clauses.unshift("c.company_ref = ?");
    params.unshift(companyRef);
  }
  const from = filter.from === undefined ? undefined : checkDate(filter.from, "from");
  const to = filter.to === undefined ? undefined : checkDate(filter.to, "to");
  if (from !== undefined && to !== undefined && from > to) {
    throw usageError(`from (${from}) is after to (${to})`);
  }
  if (to !== undefined) {
    clauses.push("c.start_date < ?");
    params.push(nextDayStart(to));
  }
  if (from !== undefined) {
    clauses.push("c.end_date >= ?");
    params.push(dayStart(from));
  }
  if (filter.scopes !== undefined) {
    const scopes = [...new Set(filter.scopes)];
    for (const scope of scopes) {
      if (scope !== 1 && scope !== 2 && scope !== 3) {
        throw usageError(`scopes must be 1, 2 or 3, got ${String(scope)}`);
      }
    }
    if (scopes.length < 3) {
      const own = categoryRefsIn(ctx.catalog, scopes);
      clauses.push(lines && scopes.includes(3) ? `(${own} OR ${WITH_DERIVED_LINES})` : own);
    }
  }
  if (filter.entityIds !== undefined) {
    clauses.push(`c.entity_id IN (${filter.entityIds.map(() => "?").join(", ")})`);
    params.push(...filter.entityIds);
  }
  if (filter.categoryIds !== undefined) {
    const refs = categoryRefsUnder(ctx.catalog, filter.categoryIds);
    const own = refs.length === 0 ? "0" : `c.category_ref IN (${refs.join(", ")})`;
    const derived = `c.provenance_ref IN (SELECT calculation_ref FROM emission_lines WHERE category_ref IN (${refs.join(", ")}))`;
    clauses.push(lines && refs.length > 0 ? `(${own} OR ${derived})` : own);
  }
  return {
    sql: clauses.length === 0 ? "1" : clauses.join(" AND "),
    params,
    pinsCompany: companyRef !== undefined,
  };
}

/** Category refs are our own integers: safe to inline. */
function categoryRefsIn(catalog: CategoryCatalog, scopes: readonly Scope[]): string {
  const refs = catalog.refsOfScopes(scopes);
  return refs.length === 0 ? "0" : `c.category_ref IN (${refs.join(", ")})`;
}

/** The refs of the named categories and of every category under them; an unknown one is not_found. */
export function categoryRefsUnder(catalog: CategoryCatalog, ids: readonly string[]): number[] {
  const wanted = new Set<string>();
  for (const id of ids) {
    const category = catalog.byId(id);
    if (category === undefined) throw notFound("category", id);
    wanted.add(category.id);
  }
  return catalog.all
    .filter((category) => {
      for (
        let at: string | null = category.id;
        at !== null;
        at = catalog.byId(at)?.parentId ?? null
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
 * when the filter keeps every line. Run after `whereOf`, which checked the filter.
 */
export function lineFilterOf(
  filter: EmissionFilter,
  catalog: CategoryCatalog,
): LineFilter | undefined {
  const scopes = filter.scopes === undefined ? undefined : new Set(filter.scopes);
  const categoryRefs =
    filter.categoryIds === undefined
      ? undefined
      : new Set(categoryRefsUnder(catalog, filter.categoryIds));
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
