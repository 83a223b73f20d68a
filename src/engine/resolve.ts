/**
 * Factor resolution: which factor a consumption is multiplied by. The product's core rules.
 *
 * Location-based factor (library key = category.factorKey); the first step that finds one wins:
 *   1. company_custom — a custom factor of this company for this category with basis "location",
 *      valid for the consumption's year, else one valid for every year (year null).
 *   2. country_year — a library row of the key for the building's country and the year.
 *   3. country_earlier_year — the same, for the nearest year before it (never a later year).
 *      A sub-national region (`US-CAMX`) runs steps 2–3 for the region, then for its parent
 *      country (`US`): a regional grid factor of an earlier year beats the national one.
 *   4. global_default — rows of the key that apply everywhere (country empty: GWPs; the year is
 *      ignored, a GWP does not age, and file order puts AR5 first, the basis of the fuel
 *      factors); else the rows `global-defaults.csv` designates for the key (fuel chemistry,
 *      transport averages). Location-specific keys (grid electricity, heat, water, waste) have
 *      no designation, on purpose.
 *   5. none — null: the emission is `awaiting_factor`, never a silent zero.
 *
 * Within a step several rows can fit (natural gas GB 2025: per kWh gross CV, per kWh net CV and
 * per m3; cars: scope 1 and scope 3 rows; Spain 2024: two residual mixes). Only rows of the
 * category's scope whose unit the consumption's unit converts to are candidates; a step with no
 * candidate falls through to the next. Among candidates the best is, in order: the same unit
 * (`l` = `litre`), then a unit of the same dimension, then a natural-gas volume <-> energy
 * conversion (natural gas categories only), then the lowest `priority` (library file order).
 * Custom factors rank by unit the same way; a tie goes to the newest (createdAt, then id).
 *
 * Market-based factor, scope 2 only:
 *   company_custom — a custom factor with basis "market" (same year rules as step 1);
 *   residual_mix — rows of category.marketFactorKey through steps 2–3 (never a global one);
 *   location_fallback — the location factor itself (market null if there is none either).
 * Outside scope 2 market and marketBasis are null.
 *
 * GWP set: the library row's (from its basis); custom factors count as AR5. The factorId of a
 * custom factor is its own id.
 */
import type { Category } from "../core/model/category.js";
import type {
  EmissionFactor,
  FactorBasis,
  FactorResolution,
  ResolutionStep,
  ResolvedFactor,
  StoredCustomFactor,
} from "../core/model/factor.js";
import type { FactorIndex } from "./factor-index.js";
import { convertQuantity, findUnit, isNaturalGasCategory, sameUnit } from "./units.js";

export interface ResolveInput {
  /** A subcategory (factorKey set). */
  readonly category: Category;
  /** The building's country (else the company's); may be null. */
  readonly country: string | null;
  /** UTC year of the consumption's startDate. */
  readonly year: number;
  /** The consumption's unit: decides which of several rows fits. */
  readonly unit: string;
  /** This company's custom factors (any category; filtered here). */
  readonly customFactors: readonly StoredCustomFactor[];
  readonly index: FactorIndex;
}

export function resolveFactors(input: ResolveInput): FactorResolution {
  const { category } = input;
  const location = resolveLocation(input);
  const base = {
    categoryId: category.id,
    categoryCode: category.code,
    country: input.country,
    year: input.year,
    location,
  };
  if (category.scope !== 2) return { ...base, market: null, marketBasis: null };

  const customMarket = resolveCustom(input, "market");
  if (customMarket !== null)
    return { ...base, market: customMarket, marketBasis: "company_custom" };
  if (category.marketFactorKey !== null) {
    const residual = resolveByCountry(input, libraryRows(input, category.marketFactorKey));
    if (residual !== null) return { ...base, market: residual, marketBasis: "residual_mix" };
  }
  if (location !== null) return { ...base, market: location, marketBasis: "location_fallback" };
  return { ...base, market: null, marketBasis: null };
}

function resolveLocation(input: ResolveInput): ResolvedFactor | null {
  const custom = resolveCustom(input, "location");
  if (custom !== null) return custom;
  const key = input.category.factorKey;
  if (key === null) return null;
  const rows = libraryRows(input, key);
  return resolveByCountry(input, rows) ?? resolveGlobal(input, key, rows);
}

/** 0 same unit, 1 same dimension, 2 natural gas volume <-> energy; undefined: no conversion. */
function unitRank(input: ResolveInput, factorUnit: string): number | undefined {
  const from = findUnit(input.unit);
  const to = findUnit(factorUnit);
  if (from === undefined || to === undefined) {
    return convertQuantity(1, input.unit, factorUnit).ok ? 0 : undefined;
  }
  if (sameUnit(from, to)) return 0;
  if (from.dimension === to.dimension) return 1;
  const naturalGas = isNaturalGasCategory(input.category.code);
  return convertQuantity(1, input.unit, factorUnit, { naturalGas }).ok ? 2 : undefined;
}

interface Candidate<T> {
  readonly factor: T;
  readonly rank: number;
}

function candidatesOf<T extends { readonly unit: string }>(
  input: ResolveInput,
  factors: readonly T[],
): Candidate<T>[] {
  const result: Candidate<T>[] = [];
  for (const factor of factors) {
    const rank = unitRank(input, factor.unit);
    if (rank !== undefined) result.push({ factor, rank });
  }
  return result;
}

/** Library rows of a key in the category's scope. */
function libraryRows(input: ResolveInput, key: string): EmissionFactor[] {
  return input.index.rowsOf(key).filter((row) => row.scope === input.category.scope);
}

function bestLibraryRow(
  candidates: readonly Candidate<EmissionFactor>[],
): EmissionFactor | undefined {
  let best: Candidate<EmissionFactor> | undefined;
  for (const candidate of candidates) {
    if (
      best === undefined ||
      candidate.rank < best.rank ||
      (candidate.rank === best.rank && candidate.factor.priority < best.factor.priority)
    ) {
      best = candidate;
    }
  }
  return best?.factor;
}

/** `US-CAMX` -> [`US-CAMX`, `US`]; `ES` -> [`ES`]; null -> []. */
function countryChain(country: string | null): string[] {
  if (country === null) return [];
  const code = country.trim().toUpperCase();
  if (code === "") return [];
  const dash = code.indexOf("-");
  return dash > 0 ? [code, code.slice(0, dash)] : [code];
}

/** Steps 2–3 for the country, then for its parent when it is a region. */
function resolveByCountry(
  input: ResolveInput,
  rows: readonly EmissionFactor[],
): ResolvedFactor | null {
  for (const country of countryChain(input.country)) {
    const ofCountry = candidatesOf(
      input,
      rows.filter((row) => row.country === country),
    );
    const sameYear = bestLibraryRow(ofCountry.filter((c) => c.factor.year === input.year));
    if (sameYear !== undefined) return fromLibrary(sameYear, "country_year");
    const earlier = ofCountry.filter((candidate) => candidate.factor.year < input.year);
    // -Infinity when there is no earlier row: then nothing matches below.
    const nearest = Math.max(...earlier.map((candidate) => candidate.factor.year));
    const earlierRow = bestLibraryRow(earlier.filter((c) => c.factor.year === nearest));
    if (earlierRow !== undefined) return fromLibrary(earlierRow, "country_earlier_year");
  }
  return null;
}

function resolveGlobal(
  input: ResolveInput,
  key: string,
  rows: readonly EmissionFactor[],
): ResolvedFactor | null {
  const everywhere = bestLibraryRow(
    candidatesOf(
      input,
      rows.filter((row) => row.country === null),
    ),
  );
  if (everywhere !== undefined) return fromLibrary(everywhere, "global_default");
  const designated = input.index.globalDefaultOf(key);
  if (designated === undefined) return null;
  const inScope = designated.rows.filter((row) => row.scope === input.category.scope);
  const row = bestLibraryRow(candidatesOf(input, inScope));
  return row === undefined ? null : fromLibrary(row, "global_default");
}

function resolveCustom(input: ResolveInput, basis: FactorBasis): ResolvedFactor | null {
  const mine = input.customFactors.filter(
    (factor) => factor.categoryId === input.category.id && factor.basis === basis,
  );
  for (const year of [input.year, null]) {
    const candidates = candidatesOf(
      input,
      mine.filter((factor) => factor.year === year),
    );
    candidates.sort(
      (a, b) =>
        a.rank - b.rank ||
        compareText(b.factor.createdAt, a.factor.createdAt) ||
        compareText(b.factor.id, a.factor.id),
    );
    const best = candidates[0];
    if (best !== undefined) return fromCustom(input, best.factor, basis);
  }
  return null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fromLibrary(row: EmissionFactor, step: ResolutionStep): ResolvedFactor {
  return {
    factorId: row.id,
    key: row.key,
    step,
    country: row.country,
    year: row.year,
    unit: row.unit,
    co2e: row.co2e,
    co2: row.co2,
    ch4: row.ch4,
    n2o: row.n2o,
    source: row.source,
    gwpSet: row.gwpSet,
  };
}

function fromCustom(
  input: ResolveInput,
  factor: StoredCustomFactor,
  basis: FactorBasis,
): ResolvedFactor {
  const { category } = input;
  const key =
    (basis === "market" ? category.marketFactorKey : null) ?? category.factorKey ?? category.code;
  return {
    factorId: factor.id,
    key,
    step: "company_custom",
    country: null,
    year: factor.year,
    unit: factor.unit,
    co2e: factor.co2e,
    co2: factor.co2,
    ch4: factor.ch4,
    n2o: factor.n2o,
    source: factor.source,
    gwpSet: "AR5",
  };
}
