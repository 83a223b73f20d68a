import { isCarbonError } from "../../../core/errors.js";
import type { CarbonService } from "../../../core/service.js";

/** Human names for the ids a list shows: category codes and building names. */
export interface Names {
  /** The category's code, or the id when it is unknown. */
  category(id: string): string;
  /** The building's name, or the id when it is unknown. */
  building(id: string): string;
  categoryCode(id: string): string | null;
  buildingName(id: string): string | null;
}

/** What a row needs to be named: its building and the company that owns it. */
export interface OwnedRow {
  readonly companyId: string;
  readonly buildingId: string;
}

/** What `load` reads names for: a row's building (by its company) and its category, if any. */
export interface NamedRow {
  readonly companyId?: string;
  readonly buildingId?: string | null;
  readonly categoryId?: string;
}

/** The readable fields --with-names adds beside a row's ids. */
export interface ReadableNames {
  readonly buildingName: string | null;
  readonly categoryCode: string | null;
}

/** The row with its building's name and its category's code (null when unknown). */
export function withNames<T extends OwnedRow & { readonly categoryId: string }>(
  row: T,
  names: Names,
): T & ReadableNames {
  return {
    ...row,
    buildingName: names.buildingName(row.buildingId),
    categoryCode: names.categoryCode(row.categoryId),
  };
}

/** Names that grow as rows of new companies come by (exports stream their rows). */
export interface NameLookup extends Names {
  /**
   * Reads what the rows need and is not read yet: the buildings of their companies (one listing
   * per company) and their categories.
   */
  load(rows: Iterable<NamedRow>): Promise<void>;
}

/** Above this many categories to name at once, the whole tree is read in one listing. */
const CATEGORIES_ONE_BY_ONE = 16;

/**
 * Category codes and building names, each read once per run, never once per row: the rows'
 * categories one by one when they are few (the tree holds thousands of subcategories), else the
 * whole tree in one listing (`GET /categories` remotely); building names from each company's
 * listing (`GET /companies/{id}/buildings`). An id that cannot be resolved is shown as it is.
 */
export async function createNameLookup(service: CarbonService): Promise<NameLookup> {
  const codes = new Map<string, string | null>();
  let wholeTree = false;
  const buildings = new Map<string, string>();
  const companies = new Set<string>();

  const readCategories = async (ids: readonly string[]): Promise<void> => {
    if (ids.length > CATEGORIES_ONE_BY_ONE) {
      for (const category of (await service.categories.list({})).data) {
        codes.set(category.id, category.code);
      }
      wholeTree = true;
      return;
    }
    for (const id of ids) {
      const [category] = (await service.categories.list({ code: id })).data;
      codes.set(id, category?.code ?? null);
    }
  };

  // Every page, as many as the server's page size makes: never fewer than its total.
  const readCompany = async (companyId: string): Promise<void> => {
    for await (const page of service.streamList("buildings", { companyId })) {
      for (const building of page) buildings.set(building.id, building.name);
    }
  };

  return {
    async load(rows) {
      const unknown = new Set<string>();
      for (const row of rows) {
        if (row.categoryId !== undefined && !wholeTree && !codes.has(row.categoryId)) {
          unknown.add(row.categoryId);
        }
        const { companyId } = row;
        if (companyId === undefined || !row.buildingId || companies.has(companyId)) continue;
        companies.add(companyId);
        try {
          await readCompany(companyId);
        } catch (error) {
          if (!isCarbonError(error) || error.code !== "not_found") throw error;
        }
      }
      if (unknown.size > 0) await readCategories([...unknown]);
    },
    category: (id) => codes.get(id) ?? id,
    building: (id) => buildings.get(id) ?? id,
    categoryCode: (id) => codes.get(id) ?? null,
    buildingName: (id) => buildings.get(id) ?? null,
  };
}

/** Names for the given rows, read before printing them. */
export async function loadNames(service: CarbonService, rows: Iterable<NamedRow>): Promise<Names> {
  const lookup = await createNameLookup(service);
  await lookup.load(rows);
  return lookup;
}

/** The calendar day of a stored date-time: `2024-01-31T00:00:00.000Z` -> `2024-01-31`. */
export function day(dateTime: string): string {
  return dateTime.slice(0, 10);
}
