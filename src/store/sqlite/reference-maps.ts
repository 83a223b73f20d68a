import type {
  BuildingReference,
  CalculationRecord,
  CalculationRecords,
  CategoryLookup,
  InputReference,
  RowReferences,
} from "../../rules/store.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";
import { LEGACY_LIBRARY_VERSION_KEY } from "./lines-schema.js";

interface Maxima {
  companies: number;
  buildings: number;
  provenance: number;
  inputs: number;
}

/**
 * ref -> id (and building names, calculation records) of the small tables a consumption row
 * points at, held in memory so reading a million rows joins nothing and allocates no repeated
 * strings. `ensure` runs before a query (not during: an iterating statement keeps the connection
 * busy); it reloads a table whose max ref moved. `invalidate` after a rollback (a ref may be
 * reused), a rename, or when another connection committed.
 */
export class ReferenceMaps implements RowReferences, CalculationRecords {
  readonly categories: CategoryLookup;
  readonly #maxima;
  readonly #companies;
  readonly #buildings;
  readonly #provenance;
  readonly #inputs;
  #known: Maxima | undefined;
  #companyIds = new Map<number, string>();
  #buildingRefs = new Map<number, BuildingReference>();
  #records = new Map<number, CalculationRecord>();
  /** Undefined until read: the meta key is read once per connection. */
  #legacyVersion: string | null | undefined;
  readonly #legacyVersionQuery;
  #inputRefs = new Map<number, InputReference>();

  constructor(db: Db, categories: CategoryLookup) {
    this.categories = categories;
    this.#maxima = lazy(() =>
      db.prepare<[], Maxima>(
        `SELECT coalesce((SELECT max(ref) FROM companies), 0) AS companies,
              coalesce((SELECT max(ref) FROM buildings), 0) AS buildings,
              coalesce((SELECT max(ref) FROM emission_provenance), 0) AS provenance,
              coalesce((SELECT max(ref) FROM custom_inputs), 0) AS inputs`,
      ),
    );
    this.#inputs = lazy(() =>
      db.prepare<[], { ref: number; id: string; type: string }>(
        "SELECT ref, id, type FROM custom_inputs",
      ),
    );
    this.#companies = lazy(() =>
      db.prepare<[], { ref: number; id: string }>("SELECT ref, id FROM companies"),
    );
    this.#buildings = lazy(() =>
      db.prepare<[], { ref: number; id: string; name: string }>(
        "SELECT ref, id, name FROM buildings",
      ),
    );
    this.#provenance = lazy(() =>
      db.prepare<[number], CalculationRecord & { ref: number }>(
        `SELECT ref, factor_id AS factorId, factor_source AS factorSource, factor_year AS factorYear,
              factor_unit AS factorUnit, factor_value AS factorValue, resolution, gwp_set AS gwpSet,
              geography, market_factor_id AS marketFactorId, market_basis AS marketBasis,
              market_resolution AS marketResolution, market_geography AS marketGeography,
              market_factor_year AS marketFactorYear, market_gwp_set AS marketGwpSet,
              library_version AS libraryVersion, lines
         FROM emission_provenance WHERE ref > ?`,
      ),
    );
    this.#legacyVersionQuery = lazy(() =>
      db.prepare<[string], string>("SELECT value FROM meta WHERE key = ?").pluck(),
    );
  }

  invalidate(): void {
    this.#known = undefined;
  }

  ensure(): void {
    const now = this.#maxima().get();
    if (now === undefined) return;
    const known = this.#known;
    if (known === undefined || known.companies !== now.companies) {
      this.#companyIds = new Map(
        this.#companies()
          .all()
          .map((row) => [row.ref, row.id]),
      );
    }
    if (known === undefined || known.buildings !== now.buildings) {
      this.#buildingRefs = new Map(
        this.#buildings()
          .all()
          .map((row) => [row.ref, { id: row.id, name: row.name }]),
      );
    }
    if (known === undefined || known.provenance !== now.provenance) {
      // Records are never changed: only those added since are read (all after a rollback, in a
      // new map whose records are new objects, so nothing decoded from the old ones is reused).
      const after = known !== undefined && now.provenance > known.provenance ? known.provenance : 0;
      if (after === 0) this.#records = new Map();
      for (const { ref, ...record } of this.#provenance().all(after)) {
        this.#records.set(ref, record);
      }
    }
    if (this.#legacyVersion === undefined) {
      this.#legacyVersion = this.#legacyVersionQuery().get(LEGACY_LIBRARY_VERSION_KEY) ?? null;
    }
    if (known === undefined || known.inputs !== now.inputs) {
      this.#inputRefs = new Map(
        this.#inputs()
          .all()
          .map(({ ref, ...input }) => [ref, input]),
      );
    }
    this.#known = now;
  }

  companyId(ref: number): string {
    const id = this.#companyIds.get(ref);
    if (id === undefined) throw new Error(`company ref ${ref} is not loaded`);
    return id;
  }

  building(ref: number): BuildingReference {
    const building = this.#buildingRefs.get(ref);
    if (building === undefined) throw new Error(`building ref ${ref} is not loaded`);
    return building;
  }

  /** id -> name of every building, for summary labels. */
  buildingNames(): Map<string, string> {
    return new Map([...this.#buildingRefs.values()].map((b) => [b.id, b.name]));
  }

  /** The custom input a consumption names (its id and type never change while named). */
  input(ref: number): InputReference {
    const input = this.#inputRefs.get(ref);
    if (input === undefined) throw new Error(`custom input ref ${ref} is not loaded`);
    return input;
  }

  /**
   * Whether the records of these refs are loaded and current (loaded since the last
   * `invalidate`): then they need no `ensure`, records never changing once written.
   */
  holds(refs: readonly (number | null)[]): boolean {
    if (this.#known === undefined || this.#legacyVersion === undefined) return false;
    for (const ref of refs) if (ref !== null && !this.#records.has(ref)) return false;
    return true;
  }

  /** A loaded calculation record (every one is, once `ensure` ran). */
  get(ref: number): CalculationRecord | undefined {
    return this.#records.get(ref);
  }

  get legacyLibraryVersion(): string | null {
    if (this.#legacyVersion === undefined) throw new Error("calculations are not loaded");
    return this.#legacyVersion;
  }
}
