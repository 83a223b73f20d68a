import type { Calculation } from "../../engine/emission-lines.js";
import type { Db } from "../../store/sqlite/database.js";
import { lazy } from "../../store/sqlite/lazy.js";
import { LEGACY_LIBRARY_VERSION_KEY } from "../../store/sqlite/lines-schema.js";
import { legacyCalculation, type ProvenanceRow } from "./legacy-calculations.js";

export interface BuildingRef {
  readonly id: string;
  readonly name: string;
}

export interface InputRef {
  readonly id: string;
  readonly type: string;
}

interface Maxima {
  companies: number;
  buildings: number;
  provenance: number;
  inputs: number;
}

/**
 * ref -> id (and building names, provenance) of the small tables a consumption row points at,
 * held in memory so reading a million rows joins nothing and allocates no repeated strings.
 * `ensure` runs before a query (not during: an iterating statement keeps the connection busy);
 * it reloads a table whose max ref moved. `invalidate` after a rollback (a ref may be reused),
 * a rename, or when another connection committed.
 */
export class RefCache {
  readonly #maxima;
  readonly #companies;
  readonly #buildings;
  readonly #provenance;
  readonly #inputs;
  #known: Maxima | undefined;
  #companyIds = new Map<number, string>();
  #buildingRefs = new Map<number, BuildingRef>();
  #calculations = new Map<number, Calculation>();
  /** What a row without a calculation record (stored awaiting a factor before lines) reads as. */
  #legacyAwaiting: Calculation | undefined;
  readonly #legacyVersion;
  #inputRefs = new Map<number, InputRef>();

  constructor(db: Db) {
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
      db.prepare<[number], ProvenanceRow & { ref: number }>(
        `SELECT ref, factor_id AS factorId, factor_source AS factorSource, factor_year AS factorYear,
              factor_unit AS factorUnit, factor_value AS factorValue, resolution, gwp_set AS gwpSet,
              geography, market_factor_id AS marketFactorId, market_basis AS marketBasis,
              market_resolution AS marketResolution, market_geography AS marketGeography,
              market_factor_year AS marketFactorYear, market_gwp_set AS marketGwpSet,
              library_version AS libraryVersion, lines
         FROM emission_provenance WHERE ref > ?`,
      ),
    );
    this.#legacyVersion = lazy(() =>
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
      // Records are never changed: only those added since are read (all after a rollback).
      const after = known !== undefined && now.provenance > known.provenance ? known.provenance : 0;
      if (after === 0) this.#calculations = new Map();
      for (const { ref, ...row } of this.#provenance().all(after)) {
        this.#calculations.set(ref, legacyCalculation(row));
      }
    }
    if (this.#legacyAwaiting === undefined) {
      const version = this.#legacyVersion().get(LEGACY_LIBRARY_VERSION_KEY) ?? null;
      this.#legacyAwaiting = legacyCalculation(null, version);
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

  building(ref: number): BuildingRef {
    const building = this.#buildingRefs.get(ref);
    if (building === undefined) throw new Error(`building ref ${ref} is not loaded`);
    return building;
  }

  /** id -> name of every building, for summary labels. */
  buildingNames(): Map<string, string> {
    return new Map([...this.#buildingRefs.values()].map((b) => [b.id, b.name]));
  }

  /** The custom input a consumption names (its id and type never change while named). */
  input(ref: number): InputRef {
    const input = this.#inputRefs.get(ref);
    if (input === undefined) throw new Error(`custom input ref ${ref} is not loaded`);
    return input;
  }

  /**
   * A consumption's calculation record. A null ref is a consumption stored awaiting a factor
   * before calculation records existed: one direct line, awaiting.
   */
  calculation(ref: number | null): Calculation {
    if (ref === null) {
      if (this.#legacyAwaiting === undefined) throw new Error("calculations are not loaded");
      return this.#legacyAwaiting;
    }
    const calculation = this.#calculations.get(ref);
    if (calculation === undefined) throw new Error(`calculation ref ${ref} is not loaded`);
    return calculation;
  }

  /** Every loaded calculation record (a read has called `ensure`). */
  calculations(): ReadonlyMap<number, Calculation> {
    return this.#calculations;
  }
}
