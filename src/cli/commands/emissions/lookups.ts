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
  /** Reads the buildings of the rows' companies not read yet: one listing per company. */
  load(rows: Iterable<OwnedRow>): Promise<void>;
}

/**
 * Category codes from one listing (`GET /categories` remotely), and building names from each
 * company's listing (`GET /companies/{id}/buildings`), each read once per run, never once per
 * row. An id that cannot be resolved is shown as it is.
 */
export async function createNameLookup(service: CarbonService): Promise<NameLookup> {
  const categories = await service.categories.list({});
  const codes = new Map(categories.data.map((category) => [category.id, category.code]));
  const buildings = new Map<string, string>();
  const companies = new Set<string>();

  // Every page, as many as the server's page size makes: never fewer than its total.
  const readCompany = async (companyId: string): Promise<void> => {
    for await (const page of service.streamList("buildings", { companyId })) {
      for (const building of page) buildings.set(building.id, building.name);
    }
  };

  return {
    async load(rows) {
      for (const row of rows) {
        if (companies.has(row.companyId)) continue;
        companies.add(row.companyId);
        try {
          await readCompany(row.companyId);
        } catch (error) {
          if (!isCarbonError(error) || error.code !== "not_found") throw error;
        }
      }
    },
    category: (id) => codes.get(id) ?? id,
    building: (id) => buildings.get(id) ?? id,
    categoryCode: (id) => codes.get(id) ?? null,
    buildingName: (id) => buildings.get(id) ?? null,
  };
}

/** Names for the given rows, read before printing them. */
export async function loadNames(service: CarbonService, rows: Iterable<OwnedRow>): Promise<Names> {
  const lookup = await createNameLookup(service);
  await lookup.load(rows);
  return lookup;
}

/** The calendar day of a stored date-time: `2024-01-31T00:00:00.000Z` -> `2024-01-31`. */
export function day(dateTime: string): string {
  return dateTime.slice(0, 10);
}
