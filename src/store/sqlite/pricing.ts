/**
 * What pricing reads, in SQLite: each part read on first need and kept for the connection's
 * life (the library does not change at run time; `invalidate` drops what a write may change).
 * `ready` has nothing to load ahead: no network lies between the rules and the file.
 */
import type { CalculationPolicy } from "../../core/model/calculation-policy.js";
import type { EmissionFactor, StoredCustomFactor } from "../../core/model/factor.js";
import type { Calculation } from "../../engine/emission-lines.js";
import type { LossFraction } from "../../engine/loss-fractions.js";
import type { ProxyDesignation } from "../../engine/proxies.js";
import type { PricingData, PricingTable, StoredCategory } from "../../rules/store.js";
import { CalculationStore } from "./calculation-store.js";
import type { CategoryCatalog } from "./categories.js";
import type { CustomFactorRepository } from "./custom-factors.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";
import { LIBRARY_VERSION_KEY } from "./library-load.js";
import { LibraryStore } from "./library-store.js";
import { readPolicy } from "./resolution-schema.js";

export class SqlitePricing implements PricingTable, PricingData {
  readonly #db: Db;
  readonly #catalog: CategoryCatalog;
  readonly #customFactors: CustomFactorRepository;
  readonly #library;
  readonly #calculations: CalculationStore;
  readonly #version;
  #fractions: readonly LossFraction[] | undefined;
  /** Per release ref (0: the current release), the factors' biogenic CO2 by id. */
  readonly #biogenic = new Map<number, ReadonlyMap<string, number>>();
  readonly #proxies = new Map<number, readonly ProxyDesignation[]>();

  constructor(db: Db, catalog: CategoryCatalog, customFactors: CustomFactorRepository) {
    this.#db = db;
    this.#catalog = catalog;
    this.#customFactors = customFactors;
    this.#library = lazy(() => new LibraryStore(db));
    this.#calculations = new CalculationStore(db, catalog);
    this.#version = lazy(() =>
      db.prepare<[string], string>("SELECT value FROM meta WHERE key = ?").pluck(),
    );
  }

  ready(): PricingData {
    return this;
  }

  factorRows(key: string, releaseRef?: number): readonly EmissionFactor[] {
    return this.#library().rowsOfKey(key, releaseRef);
  }

  proxies(releaseRef?: number): readonly ProxyDesignation[] {
    let proxies = this.#proxies.get(releaseRef ?? 0);
    if (proxies === undefined) {
      proxies = this.#library().proxies(releaseRef);
      this.#proxies.set(releaseRef ?? 0, proxies);
    }
    return proxies;
  }

  policy(): CalculationPolicy {
    return readPolicy(this.#db);
  }

  libraryVersion(): string {
    return this.#version().get(LIBRARY_VERSION_KEY) ?? "unknown";
  }

  customFactors(companyRef: number): StoredCustomFactor[] {
    return this.#customFactors.ofCompany(companyRef);
  }

  lossFractions(): readonly LossFraction[] {
    this.#fractions ??= this.#db
      .prepare<[], LossFraction>(
        `SELECT key, country, year, value, source, source_ref AS sourceRef
           FROM grid_loss_fractions ORDER BY key, country, year`,
      )
      .all();
    return this.#fractions;
  }

  biogenic(releaseRef: number | undefined): ReadonlyMap<string, number> {
    let figures = this.#biogenic.get(releaseRef ?? 0);
    if (figures === undefined) {
      const rows =
        releaseRef === undefined
          ? this.#db
              .prepare<[], { id: string; biogenic_co2: number }>(
                `SELECT id, biogenic_co2 FROM emission_factors
                  WHERE biogenic_co2 IS NOT NULL AND last_release IS NULL`,
              )
              .all()
          : this.#db
              .prepare<[number, number], { id: string; biogenic_co2: number }>(
                `SELECT id, biogenic_co2 FROM emission_factors
                  WHERE biogenic_co2 IS NOT NULL AND first_release <= ?
                    AND (last_release IS NULL OR last_release >= ?)`,
              )
              .all(releaseRef, releaseRef);
      figures = new Map(rows.map((row) => [row.id, row.biogenic_co2]));
      this.#biogenic.set(releaseRef ?? 0, figures);
    }
    return figures;
  }

  category(codeOrId: string): StoredCategory | undefined {
    return this.#catalog.find(codeOrId);
  }

  calculationRef(calculation: Calculation): number {
    return this.#calculations.refOf(calculation);
  }

  forgetCalculations(): void {
    this.#calculations.forget();
  }
}
