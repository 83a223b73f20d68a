import type { FactorResolution, ProxyPolicy, StoredCustomFactor } from "../../core/model/factor.js";
import { billedEnergyUnit } from "../../engine/billed-energy.js";
import { calculateEmission, type EmissionValues } from "../../engine/emission.js";
import { createLazyFactorIndex, type FactorIndex } from "../../engine/factor-index.js";
import { resolveFactors } from "../../engine/resolve.js";
import type { StoredCategory } from "./categories.js";
import type { Db } from "./database.js";
import { LIBRARY_VERSION_KEY } from "./library-load.js";
import { LibraryStore } from "./library-store.js";
import type { ProvenanceStore } from "./provenance.js";
import { ResolutionCache, type ResolutionEntry } from "./resolution-cache.js";
import { type CalculationPolicy, readPolicy } from "./resolution-schema.js";

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
  /** The bill's kWh (gross CV) per m3 of a natural-gas volume, when it prints one. */
  readonly kwhPerM3?: number | null;
}

export interface CalculatedEmission {
  readonly values: EmissionValues;
  /** null: awaiting_factor. */
  readonly provenanceRef: number | null;
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
  #policy: CalculationPolicy | undefined;
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
          store.proxies(releaseRef),
        );
        this.#pinned.set(releaseRef, pinned);
      }
      return pinned;
    }
    if (this.#index === undefined) {
      const store = new LibraryStore(this.#db);
      this.#index = createLazyFactorIndex((key) => store.rowsOfKey(key), store.proxies());
    }
    return this.#index;
  }

  /** The database's GWP set and proxy policy, read once (`invalidate` reads them again). */
  policy(): CalculationPolicy {
    this.#policy ??= readPolicy(this.#db);
    return this.#policy;
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

  /**
   * What a consumption would be priced with; `proxies` other than the database's policy (a
   * what-if of `factors resolve --no-proxy`) resolves afresh, outside the cache.
   */
  resolve(
    category: StoredCategory,
    country: string | null,
    year: number,
    unit: string,
    companyRef: number | null,
    proxies?: ProxyPolicy,
  ): FactorResolution {
    const policy = this.policy();
    if (proxies === undefined || proxies === policy.proxies) {
      return this.#entry(category, country, year, unit, companyRef).resolution;
    }
    return resolveFactors({
      category,
      country,
      year,
      unit,
      customFactors: this.#customFactorsFor(companyRef, null),
      index: this.index(),
      gwpSet: policy.gwpSet,
      proxies,
    });
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
      const { gwpSet, proxies } = this.policy();
      const resolution = resolveFactors({
        category,
        country,
        year,
        unit,
        customFactors: this.#customFactorsFor(companyRef, inputFactorId),
        index: this.index(),
        gwpSet,
        proxies,
      });
      entry = { resolution, provenanceRef: undefined };
      slot.set(unit, entry);
    }
    return entry;
  }

  calculate(target: CalculationTarget): CalculatedEmission {
    const { category, unit, quantity } = target;
    const kwhPerM3 = target.kwhPerM3 ?? null;
    // A gas volume with its bill's kWh per m3 is priced as that energy: resolved as kWh.
    const resolveAs = kwhPerM3 === null ? unit : billedEnergyUnit(unit, category.code, kwhPerM3);
    const entry =
      target.inputFactorId === undefined || target.inputFactorId === null
        ? this.#entry(category, target.country, target.year, resolveAs, target.companyRef)
        : this.#inputEntry(target, target.inputFactorId, resolveAs);
    const resolution = entry.resolution;
    const values = calculateEmission({ quantity, unit, category, resolution, kwhPerM3 });
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
  #inputEntry(target: CalculationTarget, factorId: string, unit: string): ResolutionEntry {
    let key = this.#inputKeys.get(factorId);
    if (key === undefined) {
      key = -2 - this.#inputKeys.size;
      this.#inputKeys.set(factorId, key);
    }
    const { category, country, year, companyRef } = target;
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

  /** Forget cached resolutions, custom factors and the policy; the factor index stays. */
  invalidate(): void {
    this.#custom.clear();
    this.#resolutions.clear();
    this.#policy = undefined;
  }

  /** After a rollback: provenance refs written in it are gone, and a policy written in it. */
  forgetWrites(): void {
    this.#resolutions.clear();
    this.#provenance.forget();
    this.#policy = undefined;
  }
}
