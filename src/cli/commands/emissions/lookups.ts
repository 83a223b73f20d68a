import { isCarbonError } from "../../../core/errors.js";
import type { CarbonService } from "../../../core/service.js";

/** Human names for the ids a list shows: category codes and building names. */
export interface Names {
  category(id: string): string;
  building(id: string): string;
}

/** Names that grow as a list's pages arrive. */
export interface NameBook extends Names {
  /** Looks up the buildings not looked up before (one call each). */
  add(buildingIds: Iterable<string>): Promise<void>;
}

/** Category codes (one call); building names as `add` is given their ids. */
export async function nameBook(service: CarbonService): Promise<NameBook> {
  const categories = await service.listCategories({});
  const codes = new Map(categories.data.map((category) => [category.id, category.code]));
  const buildings = new Map<string, string | undefined>();
  return {
    category: (id) => codes.get(id) ?? id,
    building: (id) => buildings.get(id) ?? id,
    async add(buildingIds) {
      for (const id of buildingIds) {
        if (buildings.has(id)) continue;
        buildings.set(id, undefined);
        try {
          buildings.set(id, (await service.getBuilding(id)).name);
        } catch (error) {
          if (!isCarbonError(error) || error.code !== "not_found") throw error;
        }
      }
    },
  };
}

/**
 * Category codes (one call) and the names of the given buildings (one call per distinct
 * building). An id that cannot be resolved is shown as it is.
 */
export async function loadNames(
  service: CarbonService,
  buildingIds: Iterable<string>,
): Promise<Names> {
  const book = await nameBook(service);
  await book.add(buildingIds);
  return book;
}

/** The calendar day of a stored date-time: `2024-01-31T00:00:00.000Z` -> `2024-01-31`. */
export function day(dateTime: string): string {
  return dateTime.slice(0, 10);
}
