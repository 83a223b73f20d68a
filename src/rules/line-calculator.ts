/**
 * A consumption's calculation on the local engine: its lines (src/engine/emission-lines.ts)
 * priced with the calculator's cached resolutions, stored once as a calculation record, and the
 * figures its row keeps. A consumption within one calendar year shares its whole calculation
 * with every other of the same subcategory, country, year, unit and company: it is worked out
 * once per such key, and each row costs one calculateEmission and a few multiplications.
 */
import type { FactorResolution } from "../core/model/factor.js";
import { calculateEmission, type EmissionValues, nonFiniteFigure } from "../engine/emission.js";
import {
  type Calculation,
  calculateLines,
  type DerivedSpec,
  type LinesInput,
} from "../engine/emission-lines.js";
import type { LossFraction } from "../engine/loss-fractions.js";
import type { YearPart } from "../engine/proration.js";
import type { StoredCategory } from "./store.js";

/** What a key's consumptions within one year share: their calculation and its record. */
export interface UnsplitLines {
  readonly calculation: Calculation;
  readonly ref: number;
  /** kg CO2e per unit of quantity of each derived line that has a factor. */
  readonly derivedCo2e: Float64Array;
}

/** A resolution the calculator caches, with the lines worked out from it. */
export interface LinesEntry {
  readonly resolution: FactorResolution;
  lines: UnsplitLines | undefined;
}

/** What the calculation of one consumption needs from the calculator. */
export interface LineSources {
  /**
   * The cached resolution of a subcategory for a year and the stretch of it holding `day` (a
   * date-time), under the consumption's key.
   */
  entry(category: StoredCategory, year: number, day: string): LinesEntry;
  /** Where custom factors' validities cut the consumption (validity-cuts.ts). */
  readonly cuts: readonly string[];
  /** The consumption category's resolution from the library alone (no custom factor). */
  gridResolution(category: StoredCategory, year: number): FactorResolution;
  derivedOf(category: StoredCategory): readonly DerivedSpec<StoredCategory>[];
  lossFraction(key: string, country: string | null, year: number): LossFraction | undefined;
  biogenicOf(factorId: string): number | null;
  libraryVersion(): string;
  refOf(calculation: Calculation): number;
}

export interface LineTarget {
  readonly category: StoredCategory;
  readonly country: string | null;
  /** Canonical UTC date-times. */
  readonly startDate: string;
  readonly endDate: string;
  readonly unit: string;
  readonly quantity: number;
  /** The bill's kWh (gross CV) per m3 of a natural-gas volume, when it prints one. */
  readonly kwhPerM3?: number | null;
}

export interface CalculatedEmission {
  /** The row's figures: its direct line (its direct parts added up when it is split). */
  readonly values: EmissionValues;
  readonly calculationRef: number;
  /** kg CO2e of its derived lines (scope 3 category 3) that have a factor. */
  readonly derivedCo2e: number;
  /** The first figure that is not a finite number, if any (the row is then refused). */
  readonly nonFinite: string | undefined;
}

/** Whether a consumption lies within one calendar year (UTC): then it is not split. */
export function withinOneYear(target: LineTarget): boolean {
  // Canonical date-times: the year is their first four characters.
  const start = target.startDate;
  const end = target.endDate;
  return (
    start.charCodeAt(0) === end.charCodeAt(0) &&
    start.charCodeAt(1) === end.charCodeAt(1) &&
    start.charCodeAt(2) === end.charCodeAt(2) &&
    start.charCodeAt(3) === end.charCodeAt(3)
  );
}

/** The year of a canonical date-time (`2025-01-31T...`), read from its digits. */
export function yearOf(date: string): number {
  return (
    (date.charCodeAt(0) - 48) * 1000 +
    (date.charCodeAt(1) - 48) * 100 +
    (date.charCodeAt(2) - 48) * 10 +
    (date.charCodeAt(3) - 48)
  );
}

/** A consumption's calculation and its row's figures, worked out from scratch. */
export function calculationOf(
  sources: LineSources,
  target: LineTarget,
): { readonly calculation: Calculation; readonly values: EmissionValues } {
  const { calculation, direct } = calculateLines(linesInput(sources, target));
  return { calculation, values: direct };
}

/** The lines of a key's consumptions within one year, worked out once for all of them. */
export function unsplitLines(sources: LineSources, target: LineTarget): UnsplitLines {
  const { calculation } = calculateLines(linesInput(sources, target));
  const perUnit: number[] = [];
  for (const line of calculation.lines) {
    if (line.kind !== "direct" && line.perUnit.co2e !== null) perUnit.push(line.perUnit.co2e);
  }
  return { calculation, ref: sources.refOf(calculation), derivedCo2e: Float64Array.from(perUnit) };
}

/**
 * The calculation of a consumption across calendar years or validity cuts: each part priced
 * apart.
 */
export function calculateSplit(sources: LineSources, target: LineTarget): CalculatedEmission {
  const calculated = calculateLines(linesInput(sources, target));
  let derivedCo2e = 0;
  let nonFinite = nonFiniteFigure(calculated.direct);
  calculated.calculation.lines.forEach((line, index) => {
    const co2e = calculated.figures[index]?.co2e ?? null;
    if (line.kind === "direct" || co2e === null) return;
    if (!Number.isFinite(co2e)) nonFinite ??= `${line.kind} co2e`;
    derivedCo2e += co2e;
  });
  return {
    values: calculated.direct,
    calculationRef: sources.refOf(calculated.calculation),
    derivedCo2e,
    nonFinite,
  };
}

/** A consumption within one year: its entry's lines, and its row's figures. */
export function calculateUnsplit(
  entry: LinesEntry,
  lines: UnsplitLines,
  target: LineTarget,
): CalculatedEmission {
  const { quantity } = target;
  const values = calculateEmission({
    quantity,
    unit: target.unit,
    category: target.category,
    resolution: entry.resolution,
    kwhPerM3: target.kwhPerM3 ?? null,
  });
  let nonFinite = nonFiniteFigure(values);
  let derivedCo2e = 0;
  // Numbers only, no object per line: an import prices every row this way.
  const perUnit = lines.derivedCo2e;
  for (let i = 0; i < perUnit.length; i += 1) derivedCo2e += quantity * (perUnit[i] ?? 0);
  if (!Number.isFinite(derivedCo2e)) nonFinite ??= "co2e of a derived line";
  return { values, calculationRef: lines.ref, derivedCo2e, nonFinite };
}

function linesInput(sources: LineSources, target: LineTarget): LinesInput<StoredCategory> {
  const { category, country } = target;
  return {
    category,
    quantity: target.quantity,
    unit: target.unit,
    kwhPerM3: target.kwhPerM3 ?? null,
    startDate: target.startDate,
    endDate: target.endDate,
    country,
    derived: sources.derivedOf(category),
    libraryVersion: sources.libraryVersion(),
    cuts: sources.cuts,
    resolve: (of: StoredCategory, part: YearPart) =>
      sources.entry(of, part.year, part.startDate).resolution,
    resolveGrid: (year: number) => sources.gridResolution(category, year),
    lossFraction: (key: string, year: number) => sources.lossFraction(key, country, year),
    biogenicOf: (factorId: string) => sources.biogenicOf(factorId),
  };
}
