import type { FactorResolution, StoredCustomFactor } from "../../core/model/factor.js";
import { calculateEmission, type EmissionValues } from "../../engine/emission.js";
import { createLazyFactorIndex, type FactorIndex } from "../../engine/factor-index.js";
import { resolveFactors } from "../../engine/resolve.js";
import type { StoredCategory } from "./categories.js";
import type { Db } from "./database.js";
import { LIBRARY_VERSION_KEY } from "./library-load.js";
import { LibraryStore } from "./library-store.js";
import type { ProvenanceStore } from "./provenance.js";

export interface CalculationTarget {
  readonly category: StoredCategory;
  readonly companyRef: number;
  /** The building's country, else the company's. */
  readonly country: string | null;
  /** UTC year of the consumption's startDate. */
  readonly year: number;
  readonly unit: string;
  readonly quantity: number;
  /**
   * The custom factor of the custom input the consumption names: for its category and basis it
   * is the only custom factor considered (two tariffs of one company each price their own).
   */
  readonly inputFactorId?: string | null;
}

export interface CalculatedEmission {
  readonly values: EmissionValues;
  /** null: awaiting_factor. */
  readonly provenanceRef: number | null;
}

interface ResolutionEntry {
  readonly resolution: FactorResolution;
  /**
   * The provenance ref of this entry's emissions, once one was calculated. It depends only on
   * the resolution and on whether the entry's unit converts to the factors' units (a quantity
   * changes neither), so it is the same for every emission of the entry.
   */
  provenanceRef: number | null | undefined;
}

/**
 * Resolution entries by category|country|year|unit|company, looked up once per emission (a
 * million times in a large import). Nested maps on the parts themselves: numbers, and strings
 * that are the same few instances row after row (a building's country, a chunk's units), so no
 * key text is built and hashed per row, as a `${ref}|${country}|...` key would be.
 */
class ResolutionCache {
  /** company ref (-1: none) -> category ref * 65536 + year -> country -> unit -> entry */
  readonly #byCompany = new Map<
    number,
    Map<number, Map<string | null, Map<string, ResolutionEntry>>>
  >();

  /** The unit -> entry map of the other parts (created empty when new). */
  slot(
    categoryRef: number,
    country: string | null,
    year: number,
    companyRef: number | null,
  ): Map<string, ResolutionEntry> {
    const companyKey = companyRef ?? -1;
    let byCategoryYear = this.#byCompany.get(companyKey);
    if (byCategoryYear === undefined) {
      byCategoryYear = new Map();
      this.#byCompany.set(companyKey, byCategoryYear);
    }
    // Years are four digits (validated), so the sum never mixes two categories.
    const categoryYear = categoryRef * 65536 + year;
    let byCountry = byCategoryYear.get(categoryYear);
    if (byCountry === undefined) {
      byCountry = new Map();
      byCategoryYear.set(categoryYear, byCountry);
    }
    let byUnit = byCountry.get(country);
    if (byUnit === undefined) {
      byUnit = new Map();
      byCountry.set(country, byUnit);
    }
    return byUnit;
  }

  clear(): void {
    this.#byCompany.clear();
  }
}

/**
 * Resolves factors and calculates emissions with the engine, caching per connection: the
 * factor index (the library does not change at run time), each company's custom factors, and
 * each resolution (category|country|year|unit|company). `invalidate` after custom factors,
 * company or building countries change.
 */
export class EmissionCalculator {
  readonly #db: Db;
  readonly #provenance: ProvenanceStore;
  readonly #customFactorsOf: (companyRef: number) => StoredCustomFactor[];
  #index: FactorIndex | undefined;
  readonly #pinned = new Map<number, FactorIndex>();
  readonly #custom = new Map<number, StoredCustomFactor[]>();
  readonly #resolutions = new ResolutionCache();
  /** Resolutions under an input's factor: the cache's company key is this negative number. */
  readonly #inputKeys = new Map<string, number>();

  constructor(
    db: Db,
    provenance: ProvenanceStore,
    customFactorsOf: (companyRef: number) => StoredCustomFactor[],
  ) {
    this.#db = db;
    this.#provenance = provenance;
    this.#customFactorsOf = customFactorsOf;
  }

  /**
   * The current release's factors, read key by key as resolutions need them (a process prices
   * a few keys of thousands); with a release ref, that release's (a pinned recalculation).
   */
  index(releaseRef?: number): FactorIndex {
    if (releaseRef !== undefined) {
      let pinned = this.#pinned.get(releaseRef);
      if (pinned === undefined) {
        const store = new LibraryStore(this.#db);
        pinned = createLazyFactorIndex(
          (key) => store.rowsOfKey(key, releaseRef),
          store.defaults(releaseRef),
        );
        this.#pinned.set(releaseRef, pinned);
      }
      return pinned;
    }
    if (this.#index === undefined) {
      const store = new LibraryStore(this.#db);
      this.#index = createLazyFactorIndex((key) => store.rowsOfKey(key), store.defaults());
    }
    return this.#index;
  }

  libraryVersion(): string {
    const value = this.#db
      .prepare<[string], string>("SELECT value FROM meta WHERE key = ?")
      .pluck()
      .get(LIBRARY_VERSION_KEY);
    return value ?? "unknown";
  }

  customFactors(companyRef: number): StoredCustomFactor[] {
    let factors = this.#custom.get(companyRef);
    if (factors === undefined) {
      factors = this.#customFactorsOf(companyRef);
      this.#custom.set(companyRef, factors);
    }
    return factors;
  }

  resolve(
    category: StoredCategory,
    country: string | null,
    year: number,
    unit: string,
    companyRef: number | null,
  ): FactorResolution {
    return this.#entry(category, country, year, unit, companyRef).resolution;
  }

  #entry(
    category: StoredCategory,
    country: string | null,
    year: number,
    unit: string,
    companyRef: number | null,
  ): ResolutionEntry {
    return this.#cached(category, country, year, unit, companyRef, companyRef, null);
  }

  /**
   * The cached entry of a (category, country, year, unit, key), resolved on first need with the
   * company's custom factors (those an input's factor leaves, when it names one).
   */
  #cached(
    category: StoredCategory,
    country: string | null,
    year: number,
    unit: string,
    key: number | null,
    companyRef: number | null,
    inputFactorId: string | null,
  ): ResolutionEntry {
    const slot = this.#resolutions.slot(category.ref, country, year, key);
    let entry = slot.get(unit);
    if (entry === undefined) {
      const resolution = resolveFactors({
        category,
        country,
        year,
        unit,
        customFactors: this.#customFactorsFor(companyRef, inputFactorId),
        index: this.index(),
      });
      entry = { resolution, provenanceRef: undefined };
      slot.set(unit, entry);
    }
    return entry;
  }

  calculate(target: CalculationTarget): CalculatedEmission {
    const { category, unit, quantity } = target;
    const entry =
      target.inputFactorId === undefined || target.inputFactorId === null
        ? this.#entry(category, target.country, target.year, unit, target.companyRef)
        : this.#inputEntry(target, target.inputFactorId);
    const values = calculateEmission({ quantity, unit, category, resolution: entry.resolution });
    let provenanceRef = entry.provenanceRef;
    if (provenanceRef === undefined) {
      provenanceRef = this.#provenance.refOf(values);
      entry.provenanceRef = provenanceRef;
    }
    return { values, provenanceRef };
  }

  /**
   * The entry of a consumption naming an input with a custom factor: the company's custom
   * factors, of which that factor alone for its category and basis; cached under a key of its own.
   */
  #inputEntry(target: CalculationTarget, factorId: string): ResolutionEntry {
    let key = this.#inputKeys.get(factorId);
    if (key === undefined) {
      key = -2 - this.#inputKeys.size;
      this.#inputKeys.set(factorId, key);
    }
    const { category, country, year, unit, companyRef } = target;
    return this.#cached(category, country, year, unit, key, companyRef, factorId);
  }

  /** The company's custom factors; an input's factor is the only one of its category and basis. */
  #customFactorsFor(companyRef: number | null, inputFactorId: string | null): StoredCustomFactor[] {
    if (companyRef === null) return [];
    const all = this.customFactors(companyRef);
    const chosen =
      inputFactorId === null ? undefined : all.find((factor) => factor.id === inputFactorId);
    if (chosen === undefined) return all;
    return all.filter(
      (factor) =>
        factor === chosen ||
        factor.categoryId !== chosen.categoryId ||
        factor.basis !== chosen.basis,
    );
  }

  /** Forget cached resolutions (and custom factors); the factor index stays. */
  invalidate(): void {
    this.#custom.clear();
    this.#resolutions.clear();
  }

  /** After a rollback: provenance refs written in it are gone. */
  forgetWrites(): void {
    this.#resolutions.clear();
    this.#provenance.forget();
  }
}
