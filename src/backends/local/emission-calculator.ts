import type {
  EmissionFactor,
  FactorResolution,
  StoredCustomFactor,
} from "../../core/model/factor.js";
import { awaitingCalculation, awaitingValues } from "../../engine/awaiting-lines.js";
import {
  createFactorIndex,
  type FactorIndex,
  type GlobalDefault,
} from "../../engine/factor-index.js";
import { resolveFactors } from "../../engine/resolve.js";
import type { CalculationStore } from "./calculation-store.js";
import type { StoredCategory } from "./categories.js";
import type { Db } from "./database.js";
import {
  type CalculatedEmission,
  calculateSplit,
  calculateUnsplit,
  calculationOf,
  type LineSources,
  type LinesEntry,
  type LineTarget,
  unsplitLines,
  withinOneYear,
  yearOf,
} from "./line-calculator.js";
import type { LineData } from "./line-data.js";
import { LIBRARY_VERSION_KEY } from "./migrations.js";

export type { CalculatedEmission } from "./line-calculator.js";

export interface CalculationTarget extends LineTarget {
  readonly companyRef: number;
  /**
   * The custom factor of the custom input the consumption names: for its category and basis it
   * is the only custom factor considered (two tariffs of one company each price their own).
   */
  readonly inputFactorId?: string | null;
}

/**
 * A cached resolution and the lines worked out from it: they depend only on the resolution key
 * (a quantity or the days within the year change neither), so they are the same for every
 * consumption of the entry.
 */
type ResolutionEntry = LinesEntry;

interface FactorRow {
  id: string;
  key: string;
  scope: 1 | 2 | 3;
  category: string;
  subcategory: string;
  description: string;
  country: string | null;
  year: number;
  unit: string;
  co2e: number;
  co2: number | null;
  ch4: number | null;
  n2o: number | null;
  basis: string;
  source: string;
  source_ref: string;
  gwp_set: "AR4" | "AR5" | "AR6";
  calorific_basis: "gross" | "net" | null;
  biogenic_co2: number | null;
  priority: number;
}

export function factorFromRow(row: FactorRow): EmissionFactor {
  return {
    id: row.id,
    key: row.key,
    scope: row.scope,
    category: row.category,
    subcategory: row.subcategory,
    description: row.description,
    country: row.country,
    year: row.year,
    unit: row.unit,
    co2e: row.co2e,
    co2: row.co2,
    ch4: row.ch4,
    n2o: row.n2o,
    basis: row.basis,
    source: row.source,
    sourceRef: row.source_ref,
    gwpSet: row.gwp_set,
    calorificBasis: row.calorific_basis,
    biogenicCo2: row.biogenic_co2,
    priority: row.priority,
  };
}

export const FACTOR_COLUMNS =
  "id, key, scope, category, subcategory, description, country, year, unit, co2e, co2, ch4, n2o, basis, source, source_ref, gwp_set, calorific_basis, biogenic_co2, priority";

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
  readonly #store: CalculationStore;
  readonly #lineData: LineData;
  readonly #customFactorsOf: (companyRef: number) => StoredCustomFactor[];
  #index: FactorIndex | undefined;
  readonly #custom = new Map<number, StoredCustomFactor[]>();
  readonly #resolutions = new ResolutionCache();
  /** Resolutions under an input's factor: the cache's company key is this negative number. */
  readonly #inputKeys = new Map<string, number>();

  #libraryVersion: string | undefined;

  constructor(
    db: Db,
    store: CalculationStore,
    lineData: LineData,
    customFactorsOf: (companyRef: number) => StoredCustomFactor[],
  ) {
    this.#db = db;
    this.#store = store;
    this.#lineData = lineData;
    this.#customFactorsOf = customFactorsOf;
  }

  index(): FactorIndex {
    if (this.#index === undefined) {
      const factors = this.#db
        .prepare<[], FactorRow>(`SELECT ${FACTOR_COLUMNS} FROM emission_factors ORDER BY priority`)
        .all()
        .map(factorFromRow);
      const defaults = this.#db
        .prepare<[], GlobalDefault>("SELECT key, country, year, reason FROM global_defaults")
        .all();
      this.#index = createFactorIndex(factors, defaults);
    }
    return this.#index;
  }

  /** The library in use, as the meta table records it (read once: it changes only by a migration). */
  libraryVersion(): string {
    this.#libraryVersion ??=
      this.#db
        .prepare<[string], string>("SELECT value FROM meta WHERE key = ?")
        .pluck()
        .get(LIBRARY_VERSION_KEY) ?? "unknown";
    return this.#libraryVersion;
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
      entry = { resolution, lines: undefined };
      slot.set(unit, entry);
    }
    return entry;
  }

  /** A consumption's lines, their calculation record and the figures its row keeps. */
  calculate(target: CalculationTarget): CalculatedEmission {
    if (!withinOneYear(target)) return calculateSplit(this.#sourcesOf(target), target);
    // The fast path of an import's rows: one cached entry, its lines worked out once.
    const { category, country, unit, companyRef } = target;
    const inputFactorId = target.inputFactorId ?? null;
    const key = inputFactorId === null ? companyRef : this.#inputKey(inputFactorId);
    const year = yearOf(target.startDate);
    const entry = this.#cached(category, country, year, unit, key, companyRef, inputFactorId);
    entry.lines ??= unsplitLines(this.#sourcesOf(target), target);
    return calculateUnsplit(entry, entry.lines, target);
  }

  /**
   * A consumption whose figures are not finite numbers: its lines recorded as awaiting a factor
   * and its row's figures null, until its quantity is corrected.
   */
  awaiting(target: CalculationTarget): Pick<CalculatedEmission, "values" | "calculationRef"> {
    const { values, calculation } = calculationOf(this.#sourcesOf(target), target);
    return {
      values: awaitingValues(values),
      calculationRef: this.#store.refOf(awaitingCalculation(calculation)),
    };
  }

  /** Where a consumption's lines come from: resolutions under its company's (or input's) key. */
  #sourcesOf(target: CalculationTarget): LineSources {
    const { country, unit, companyRef } = target;
    const inputFactorId = target.inputFactorId ?? null;
    const key = inputFactorId === null ? companyRef : this.#inputKey(inputFactorId);
    const data = this.#lineData;
    return {
      entry: (category, year) =>
        this.#cached(category, country, year, unit, key, companyRef, inputFactorId),
      gridResolution: (category, year) => this.resolve(category, country, year, unit, null),
      derivedOf: (category) => data.derivedOf(category),
      lossFraction: (fractionKey, at, year) => data.lossFraction(fractionKey, at, year),
      biogenicOf: (factorId) => data.biogenicOf(factorId),
      libraryVersion: () => this.libraryVersion(),
      refOf: (calculation) => this.#store.refOf(calculation),
    };
  }

  /**
   * The cache key of a consumption naming an input with a custom factor: the company's custom
   * factors, of which that factor alone for its category and basis, are cached apart.
   */
  #inputKey(factorId: string): number {
    let key = this.#inputKeys.get(factorId);
    if (key === undefined) {
      key = -2 - this.#inputKeys.size;
      this.#inputKeys.set(factorId, key);
    }
    return key;
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
    this.#store.forget();
  }
}
