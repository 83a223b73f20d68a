import { CategoryIndex } from "../core/category-index.js";
import { CarbonError, isCarbonError } from "../core/errors.js";
import { isUuid, uuidV5 } from "../core/ids.js";
import type { BuildingInput } from "../core/model/building.js";
import type { Category } from "../core/model/category.js";
import { nameKey } from "../core/names.js";
import type { CarbonService } from "../core/service.js";

/**
 * What rows refer to, looked up once: the category tree (all of it, at the start), each company
 * met (on first use) and its buildings (all pages, on first use), cached for the whole import.
 * Buildings that `--create-buildings` will create are added here as they are planned, so later
 * rows naming them resolve to the same id.
 */

export interface BuildingRef {
  readonly id: string;
  readonly name: string;
}

/** Where a company's buildings come from: null when the company does not exist. */
export interface CompanyLoader {
  load(companyId: string): Promise<readonly BuildingRef[] | null>;
}

/**
 * What validating a row needs of a category: the tree holds thousands of subcategories, so an
 * import keeps these four fields of each, not the whole record (twice, with its parse worker).
 */
export type CategoryRef = Pick<Category, "id" | "code" | "level" | "defaultUnit">;

/** What a parse worker needs to validate rows as the main thread would (structured-cloneable). */
export interface ReferenceSnapshot {
  readonly categories: readonly CategoryRef[];
  readonly companies: readonly (readonly [string, readonly BuildingRef[] | null])[];
}

interface CompanyBuildings {
  readonly byId: Map<string, BuildingRef>;
  readonly byName: Map<string, BuildingRef>;
  /** Cells (as written) already resolved to a building. */
  readonly byText: Map<string, BuildingRef>;
}

export type CategoryLookup =
  | { readonly ok: true; readonly category: CategoryRef }
  | { readonly ok: false; readonly message: string };

const MAX_CACHED_LOOKUPS = 10_000;
const NO_BUILDINGS: readonly BuildingInput[] = Object.freeze([]);
const seeSubcategories = "see `carbon categories list --level subcategory`";

/** The id `--create-buildings` gives a building: the same name in the same company, the same id. */
export function plannedBuildingId(companyId: string, name: string): string {
  return uuidV5(`building:${companyId}|${nameKey(name)}`);
}

/** Loads companies and their buildings (all pages) through the service. */
export function serviceCompanyLoader(service: CarbonService): CompanyLoader {
  return {
    async load(companyId) {
      try {
        await service.companies.get(companyId);
      } catch (error) {
        if (isCarbonError(error) && error.code === "not_found") return null;
        throw error;
      }
      const refs: BuildingRef[] = [];
      // Every page, at the size the server uses: a short page does not end the list.
      for await (const page of service.streamList("buildings", { companyId })) {
        for (const building of page) {
          refs.push({ id: building.id.toLowerCase(), name: building.name });
        }
      }
      return refs;
    },
  };
}

function companyBuildings(refs: readonly BuildingRef[]): CompanyBuildings {
  const buildings: CompanyBuildings = { byId: new Map(), byName: new Map(), byText: new Map() };
  for (const ref of refs) {
    buildings.byId.set(ref.id, ref);
    const key = nameKey(ref.name);
    if (!buildings.byName.has(key)) buildings.byName.set(key, ref);
  }
  return buildings;
}

export class References {
  readonly #loader: CompanyLoader;
  readonly #categories: readonly CategoryRef[];
  /** Buildings of each company as loaded (planned ones not included), for snapshots. */
  readonly #loaded = new Map<string, readonly BuildingRef[] | null>();
  readonly #categoryIndex: CategoryIndex<CategoryRef>;
  /** Cell text -> answer: a file repeats the same few category cells. */
  readonly #categoryLookups = new Map<string, CategoryLookup>();
  /** Company id -> its buildings, or null when the company does not exist. */
  readonly #companies = new Map<string, CompanyBuildings | null>();
  #pending: BuildingInput[] = [];

  private constructor(loader: CompanyLoader, categories: readonly CategoryRef[]) {
    this.#loader = loader;
    this.#categories = categories;
    this.#categoryIndex = new CategoryIndex(categories);
  }

  static async load(service: CarbonService): Promise<References> {
    const page = await service.categories.list({});
    const categories = page.data.map(({ id, code, level, defaultUnit }) => ({
      id,
      code,
      level,
      defaultUnit,
    }));
    return new References(serviceCompanyLoader(service), categories);
  }

  /** References as `snapshot()` saw them; companies not in it are asked of `loader`. */
  static restore(snapshot: ReferenceSnapshot, loader: CompanyLoader): References {
    const refs = new References(loader, snapshot.categories);
    for (const [companyId, buildings] of snapshot.companies) refs.#add(companyId, buildings);
    return refs;
  }

  /** The categories and the companies loaded so far (without planned buildings). */
  snapshot(): ReferenceSnapshot {
    return { categories: this.#categories, companies: [...this.#loaded] };
  }

  #add(companyId: string, buildings: readonly BuildingRef[] | null): void {
    this.#loaded.set(companyId, buildings);
    this.#companies.set(companyId, buildings === null ? null : companyBuildings(buildings));
  }

  /** A subcategory by code (any case) or UUID. */
  category(text: string): CategoryLookup {
    let lookup = this.#categoryLookups.get(text);
    if (lookup === undefined) {
      lookup = this.#findCategory(text);
      if (this.#categoryLookups.size >= MAX_CACHED_LOOKUPS) this.#categoryLookups.clear();
      this.#categoryLookups.set(text, lookup);
    }
    return lookup;
  }

  #findCategory(text: string): CategoryLookup {
    const category = this.#categoryIndex.find(text);
    if (category === undefined) {
      return { ok: false, message: `unknown category "${text}"; ${seeSubcategories}` };
    }
    if (category.level !== "subcategory") {
      return {
        ok: false,
        message: `"${text}" is a ${category.level}, not a subcategory code; ${seeSubcategories}`,
      };
    }
    return { ok: true, category };
  }

  /** True once `loadCompany(id)` ran (whatever it found). */
  isLoaded(companyId: string): boolean {
    return this.#companies.has(companyId);
  }

  /** Loads a company and its buildings; a company that does not exist is remembered as such. */
  async loadCompany(companyId: string): Promise<boolean> {
    const known = this.#companies.get(companyId);
    if (known !== undefined) return known !== null;
    const buildings = await this.#loader.load(companyId);
    this.#add(companyId, buildings);
    return buildings !== null;
  }

  /** Whether a loaded company exists. */
  companyExists(companyId: string): boolean {
    return (this.#companies.get(companyId) ?? null) !== null;
  }

  /** A building of a loaded company by UUID or by name. */
  building(companyId: string, text: string): BuildingRef | undefined {
    const buildings = this.#companies.get(companyId);
    if (buildings == null) return undefined;
    // The cell as written: a file names the same few buildings on every row.
    const seen = buildings.byText.get(text);
    if (seen !== undefined) return seen;
    // Names first: they are what files use, and a map lookup is cheaper than the UUID pattern.
    const found =
      buildings.byName.get(nameKey(text)) ??
      (isUuid(text) ? buildings.byId.get(text.toLowerCase()) : undefined);
    // Only what was found: a name not found now may be planned later. Found ones stay valid
    // (buildings are only ever added).
    if (found !== undefined && buildings.byText.size < MAX_CACHED_LOOKUPS) {
      buildings.byText.set(text, found);
    }
    return found;
  }

  /** Records a building to create before the rows naming it are written; returns its id. */
  planBuilding(companyId: string, name: string, country: string | null): BuildingRef {
    const buildings = this.#companies.get(companyId);
    if (buildings == null) {
      throw new CarbonError("internal", `company ${companyId} was not loaded before planning`);
    }
    const ref = { id: plannedBuildingId(companyId, name), name: name.trim() };
    buildings.byId.set(ref.id, ref);
    buildings.byName.set(nameKey(name), ref);
    this.#pending.push({ id: ref.id, companyId, name: ref.name, country });
    return ref;
  }

  /** The planned buildings not handed out yet (called after every row: no garbage when none). */
  takePending(): readonly BuildingInput[] {
    const pending = this.#pending;
    if (pending.length === 0) return NO_BUILDINGS;
    this.#pending = [];
    return pending;
  }
}
