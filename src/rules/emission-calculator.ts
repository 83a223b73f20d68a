import type { CalculationPolicy } from "../core/model/calculation-policy.js";
import type { FactorResolution, ProxyPolicy, StoredCustomFactor } from "../core/model/factor.js";
import { awaitingCalculation, awaitingValues } from "../engine/awaiting-lines.js";
import { createLazyFactorIndex, type FactorIndex } from "../engine/factor-index.js";
import { resolveFactors } from "../engine/resolve.js";
import { cutInside } from "../engine/validity-cuts.js";
import { CustomCuts } from "./custom-cuts.js";
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
import { ResolutionCache } from "./resolution-cache.js";
import { resolvedUnit, stretchSlot } from "./resolution-slots.js";
import type { PricingData, StoredCategory } from "./store.js";

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

/**
 * Resolves factors and calculates emissions with the engine, caching per connection: the
 * factor index (the library does not change at run time), each company's custom factors, the
 * database's GWP set and proxy policy, and each resolution (category|country|year|unit|company).
 * `invalidate` after custom factors, the policy, company or building countries change.
 */
export class EmissionCalculator {
  readonly #data: PricingData;
  readonly #lineData: LineData;
  #index: FactorIndex | undefined;
  #policy: CalculationPolicy | undefined;
  readonly #pinned = new Map<number, FactorIndex>();
  readonly #custom = new Map<number, StoredCustomFactor[]>();
  readonly #resolutions = new ResolutionCache<ResolutionEntry>();
  /** Resolutions under an input's factor: the cache's company key is this negative number. */
  readonly #inputKeys = new Map<string, number>();
  readonly #cuts: CustomCuts;

  #libraryVersion: string | undefined;
  /** A release pinned for one recalculation (`emissions recalculate --library`). */
  #pinnedRelease: { readonly ref: number; readonly version: string } | undefined;

  constructor(data: PricingData, lineData: LineData) {
    this.#data = data;
    this.#lineData = lineData;
    this.#cuts = new CustomCuts(
      (companyRef, inputFactorId) => this.#customFactorsFor(companyRef, inputFactorId),
      (category) => lineData.derivedOf(category),
    );
  }

  /**
   * The current release's factors, read key by key as resolutions need them (a process prices
   * a few keys of thousands); with a release ref, that release's (a pinned recalculation).
   */
  index(releaseRef: number | undefined = this.#pinnedRelease?.ref): FactorIndex {
    if (releaseRef !== undefined) {
      let pinned = this.#pinned.get(releaseRef);
      if (pinned === undefined) {
        const data = this.#data;
        pinned = createLazyFactorIndex(
          (key) => data.factorRows(key, releaseRef),
          data.proxies(releaseRef),
        );
        this.#pinned.set(releaseRef, pinned);
      }
      return pinned;
    }
    if (this.#index === undefined) {
      const data = this.#data;
      this.#index = createLazyFactorIndex((key) => data.factorRows(key), data.proxies());
    }
    return this.#index;
  }

  /** The database's GWP set and proxy policy, read once (`invalidate` reads them again). */
  policy(): CalculationPolicy {
    this.#policy ??= this.#data.policy();
    return this.#policy;
  }

  /** The library in use, as the meta table records it (read once: it changes only by a migration). */
  libraryVersion(): string {
    if (this.#pinnedRelease !== undefined) return this.#pinnedRelease.version;
    this.#libraryVersion ??= this.#data.libraryVersion();
    return this.#libraryVersion;
  }

  customFactors(companyRef: number): StoredCustomFactor[] {
    let factors = this.#custom.get(companyRef);
    if (factors === undefined) {
      factors = this.#data.customFactors(companyRef);
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
      return this.#cached(category, country, year, unit, unit, companyRef, companyRef, null)
        .resolution;
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

  /**
   * The cached entry of a (category, country, year, slot, key), resolved on first need in
   * `unit` with the company's custom factors (those an input's factor leaves, when it names one)
   * valid on `day` (absent: on some day of the year). The slot is the unit, and a bill's kWh per
   * m3 with it when it gives one (its lines differ), and the stretch of the year between the
   * custom factors' validity cuts that holds `day` when the year has cuts.
   */
  #cached(
    category: StoredCategory,
    country: string | null,
    year: number,
    unit: string,
    slotKey: string,
    key: number | null,
    companyRef: number | null,
    inputFactorId: string | null,
    day?: string,
  ): ResolutionEntry {
    const slot = this.#resolutions.slot(category.ref, country, year, key);
    let entry = slot.get(slotKey);
    if (entry === undefined) {
      const { gwpSet, proxies } = this.policy();
      const resolution = resolveFactors({
        category,
        country,
        year,
        ...(day === undefined ? {} : { day }),
        unit,
        customFactors: this.#customFactorsFor(companyRef, inputFactorId),
        index: this.index(),
        gwpSet,
        proxies,
      });
      entry = { resolution, lines: undefined };
      slot.set(slotKey, entry);
    }
    return entry;
  }

  /** A consumption's lines, their calculation record and the figures its row keeps. */
  calculate(target: CalculationTarget): CalculatedEmission {
    const { category, country, companyRef, startDate, endDate } = target;
    const inputFactorId = target.inputFactorId ?? null;
    const key = inputFactorId === null ? companyRef : this.#inputKey(inputFactorId);
    const cuts = this.#cuts.of(key, companyRef, inputFactorId, category);
    if (!withinOneYear(target) || (cuts.length > 0 && cutInside(cuts, startDate, endDate))) {
      return calculateSplit(this.#sourcesOf(target, cuts), target);
    }
    // The fast path of an import's rows: one cached entry, its lines worked out once.
    const year = yearOf(startDate);
    const { unit, slotKey } = resolvedUnit(target);
    const entry = this.#cached(
      category,
      country,
      year,
      unit,
      cuts.length === 0 ? slotKey : stretchSlot(slotKey, cuts, startDate, year),
      key,
      companyRef,
      inputFactorId,
      startDate,
    );
    entry.lines ??= unsplitLines(this.#sourcesOf(target, cuts), target);
    return calculateUnsplit(entry, entry.lines, target);
  }

  /**
   * A consumption whose figures are not finite numbers: its lines recorded as awaiting a factor
   * and its row's figures null, until its quantity is corrected.
   */
  awaiting(target: CalculationTarget): Pick<CalculatedEmission, "values" | "calculationRef"> {
    const { values, calculation } = calculationOf(
      this.#sourcesOf(target, this.#cutsOf(target)),
      target,
    );
    return {
      values: awaitingValues(values),
      calculationRef: this.#data.calculationRef(awaitingCalculation(calculation)),
    };
  }

  #cutsOf(target: CalculationTarget): readonly string[] {
    const inputFactorId = target.inputFactorId ?? null;
    const key = inputFactorId === null ? target.companyRef : this.#inputKey(inputFactorId);
    return this.#cuts.of(key, target.companyRef, inputFactorId, target.category);
  }

  /** Where a consumption's lines come from: resolutions under its company's (or input's) key. */
  #sourcesOf(target: CalculationTarget, cuts: readonly string[]): LineSources {
    const { country, companyRef } = target;
    const inputFactorId = target.inputFactorId ?? null;
    const key = inputFactorId === null ? companyRef : this.#inputKey(inputFactorId);
    const { unit, slotKey } = resolvedUnit(target);
    const data = this.#lineData;
    return {
      cuts,
      entry: (category, year, day) =>
        this.#cached(
          category,
          country,
          year,
          unit,
          cuts.length === 0 ? slotKey : stretchSlot(slotKey, cuts, day, year),
          key,
          companyRef,
          inputFactorId,
          day,
        ),
      gridResolution: (category, year) => this.resolve(category, country, year, unit, null),
      derivedOf: (category) => data.derivedOf(category),
      lossFraction: (fractionKey, at, year) => data.lossFraction(fractionKey, at, year),
      biogenicOf: (factorId) => data.biogenicOf(factorId, this.#pinnedRelease?.ref),
      libraryVersion: () => this.libraryVersion(),
      refOf: (calculation) => this.#data.calculationRef(calculation),
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

  /**
   * Prices with a kept release instead of the current one until `unpin` (a recalculation under
   * a pinned library); cached resolutions are dropped on both sides.
   */
  pin(release: { readonly ref: number; readonly version: string }): void {
    this.#pinnedRelease = release;
    this.#resolutions.clear();
  }

  unpin(): void {
    this.#pinnedRelease = undefined;
    this.#resolutions.clear();
  }

  /** Forget cached resolutions, custom factors and the policy; the factor index stays. */
  invalidate(): void {
    this.#custom.clear();
    this.#cuts.clear();
    this.#resolutions.clear();
    this.#policy = undefined;
  }

  /**
   * After a rollback: calculation records written in it are gone, and a policy or custom factor
   * written in it.
   */
  forgetWrites(): void {
    this.#resolutions.clear();
    this.#custom.clear();
    this.#cuts.clear();
    this.#data.forgetCalculations();
    this.#policy = undefined;
  }
}
