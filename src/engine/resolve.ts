/**
 * Factor resolution: which factor a consumption is multiplied by. The product's core rules.
 *
 * Location-based factor (library key = category.factorKey); the first step that finds one wins:
 *   1. company_custom — a custom factor of this company for this category with basis "location",
 *      valid on the days being priced (`day`; without one, on some day of the year). Of several,
 *      the one whose validity starts last wins, then the one that ends first (the more specific
 *      statement: a year's disclosure over an open-ended contract figure), then by unit as below,
 *      then the newest (createdAt, then id).
 *   2. country_year — a library row of the key for the building's country and the year.
 *   3. country_earlier_year — the same, for the nearest year before it (never a later year).
 *      parent_country — a sub-national region (`US-CAMX`) runs steps 2–3 for the region, then
 *      for its parent country (`US`, the same year, else the nearest earlier): a regional grid
 *      factor of an earlier year beats the national one.
 *   4. global_default — rows of the key that apply everywhere (country empty: GWPs); the year is
 *      ignored (a GWP does not age) and a row of the database's GWP set comes first.
 *   5. proxy — another geography's rows that `proxies.csv` designates for the key: the
 *      country's designation, its parent's, then the one for any country (`*`); the proxy's
 *      geography follows steps 2–3 (its year, else the nearest earlier, never a later one).
 *      Location-specific keys (grid electricity, heat) have no designation, on purpose. With the
 *      proxy policy "refuse" the proxy is not used (reported as `refusedProxy`).
 *   6. none — null: the emission is `awaiting_factor`, never a silent zero.
 *
 * Within a step several rows can fit (natural gas GB 2025: per kWh gross CV, per kWh net CV and
 * per m3; cars: scope 1 and scope 3 rows; Spain 2024: two residual mixes). Only rows of the
 * category's scope whose unit the consumption's unit converts to are candidates; a step with no
 * candidate falls through to the next. Among candidates the best is, in order: a row on the
 * consumption's heating value (its unit's: `kWh_ncv` is net, plain `kWh` gross, a gas volume
 * converts at the gross CV) before one that needs a gross/net ratio (resolve-rank.ts: units.csv
 * for natural gas, else the key's own net and gross rows; without a ratio the row is no
 * candidate); then the same unit (`l` = `litre`), then a unit of the same dimension, then a
 * natural-gas volume <-> energy conversion (natural gas categories only), then the lowest
 * `priority` (library file order). Custom factors rank by unit the same way after their validity.
 *
 * Market-based factor, scope 2 only, resolved on its own (it exists without a location factor):
 *   company_custom — a custom factor with basis "market" (same validity rules as step 1);
 *   residual_mix — rows of category.marketFactorKey through steps 2–3 (never a global one or a
 *     proxy); an earlier year's mix is labelled country_earlier_year on the market factor;
 *   location_fallback — the location factor itself (market null if there is none either).
 * Outside scope 2 market and marketBasis are null.
 *
 * GWP set: every factor is stated in the database's set (AR5 by default, gwp.ts): a row of
 * another set is converted from its gases; one without a gas split keeps its published set.
 * Custom factors count as AR5. The factorId of a custom factor is its own id.
 */
import type { Category } from "../core/model/category.js";
import type {
  DatabaseGwpSet,
  EmissionFactor,
  FactorBasis,
  FactorResolution,
  ProxyPolicy,
  ResolutionStep,
  ResolvedFactor,
  StoredCustomFactor,
} from "../core/model/factor.js";
import type { FactorIndex } from "./factor-index.js";
import { inGwpSet } from "./gwp.js";
import { bestLibraryRow, type CalorificSide, type Ranked, rankCandidates } from "./resolve-rank.js";
import { statedCalorificBasis } from "./units.js";

export interface ResolveInput {
  /** A subcategory (factorKey set). */
  readonly category: Category;
  /** The building's country (else the company's); may be null. */
  readonly country: string | null;
  /** The calendar year being priced (a consumption's part of one year). */
  readonly year: number;
  /**
   * A day of the stretch being priced, `YYYY-MM-DD` (a date-time counts by its day): the custom
   * factors valid on it are the candidates. The caller cuts a consumption wherever a custom
   * factor's validity starts or ends, so every day of a stretch has the same ones. Absent: those
   * valid on some day of `year` (`factors resolve --year`).
   */
  readonly day?: string;
  /**
   * The consumption's unit: decides which of several rows fits, and states the heating value of
   * an energy quantity (`kWh_ncv`). A natural-gas volume whose bill gives its kWh per m3 is
   * resolved as `kWh` (billed-energy.ts `billedEnergyUnit`).
   */
  readonly unit: string;
  /** This company's custom factors (any category; filtered here). */
  readonly customFactors: readonly StoredCustomFactor[];
  readonly index: FactorIndex;
  /** The database's GWP set; AR5 when absent. */
  readonly gwpSet?: DatabaseGwpSet;
  /** Whether a designated proxy may stand in; "allow" when absent. */
  readonly proxies?: ProxyPolicy;
}

interface Context extends ResolveInput {
  readonly gwpSet: DatabaseGwpSet;
}

export function resolveFactors(input: ResolveInput): FactorResolution {
  const ctx: Context = { ...input, gwpSet: input.gwpSet ?? "AR5" };
  const { category } = ctx;
  const { location, refusedProxy } = resolveLocation(ctx);
  const base = {
    categoryId: category.id,
    categoryCode: category.code,
    country: ctx.country,
    year: ctx.year,
    location,
    gwpSet: ctx.gwpSet,
    refusedProxy,
  };
  if (category.scope !== 2) return { ...base, market: null, marketBasis: null };

  const customMarket = resolveCustom(ctx, "market");
  if (customMarket !== null)
    return { ...base, market: customMarket, marketBasis: "company_custom" };
  if (category.marketFactorKey !== null) {
    const rows = libraryRows(ctx, category.marketFactorKey);
    const residual = resolveByCountry(ctx, rows, ctx.country, ownGeography, null);
    if (residual !== null) return { ...base, market: residual, marketBasis: "residual_mix" };
  }
  if (location !== null) return { ...base, market: location, marketBasis: "location_fallback" };
  return { ...base, market: null, marketBasis: null };
}

function resolveLocation(ctx: Context): {
  readonly location: ResolvedFactor | null;
  readonly refusedProxy: ResolvedFactor | null;
} {
  const custom = resolveCustom(ctx, "location");
  if (custom !== null) return { location: custom, refusedProxy: null };
  const key = ctx.category.factorKey;
  if (key === null) return { location: null, refusedProxy: null };
  const rows = libraryRows(ctx, key);
  const found =
    resolveByCountry(ctx, rows, ctx.country, ownGeography, null) ?? resolveEverywhere(ctx, rows);
  if (found !== null) return { location: found, refusedProxy: null };
  const proxy = resolveProxy(ctx, key);
  if (proxy !== null && ctx.proxies === "refuse") return { location: null, refusedProxy: proxy };
  return { location: proxy, refusedProxy: null };
}

/** Library rows of a key in the category's scope. */
function libraryRows(ctx: Context, key: string): EmissionFactor[] {
  return ctx.index.rowsOf(key).filter((row) => row.scope === ctx.category.scope);
}

const sideOfRow = (row: EmissionFactor): CalorificSide => ({
  basis: row.calorificBasis,
  key: row.key,
});

/** `US-CAMX` -> [`US-CAMX`, `US`]; `ES` -> [`ES`]; null -> []. */
function countryChain(country: string | null): string[] {
  if (country === null) return [];
  const code = country.trim().toUpperCase();
  if (code === "") return [];
  const dash = code.indexOf("-");
  return dash > 0 ? [code, code.slice(0, dash)] : [code];
}

/** The step of a row found for the consumption's own geography (or its parent country). */
type StepOf = (parent: boolean, sameYear: boolean) => ResolutionStep;

const ownGeography: StepOf = (parent, sameYear) =>
  parent ? "parent_country" : sameYear ? "country_year" : "country_earlier_year";

/** Steps 2–3 for a geography, then for its parent when it is a region. */
function resolveByCountry(
  ctx: Context,
  rows: readonly EmissionFactor[],
  place: string | null,
  stepOf: StepOf,
  proxyReason: string | null,
): ResolvedFactor | null {
  const chain = countryChain(place);
  for (const [position, country] of chain.entries()) {
    const ofCountry = rankCandidates(
      ctx,
      rows.filter((row) => row.country === country),
      sideOfRow,
    );
    const sameYear = bestLibraryRow(ofCountry.filter((c) => c.factor.year === ctx.year));
    if (sameYear !== undefined) {
      return fromLibrary(ctx, sameYear, stepOf(position > 0, true), proxyReason);
    }
    const earlier = ofCountry.filter((candidate) => candidate.factor.year < ctx.year);
    // -Infinity when there is no earlier row: then nothing matches below.
    const nearest = Math.max(...earlier.map((candidate) => candidate.factor.year));
    const earlierRow = bestLibraryRow(earlier.filter((c) => c.factor.year === nearest));
    if (earlierRow !== undefined) {
      return fromLibrary(ctx, earlierRow, stepOf(position > 0, false), proxyReason);
    }
  }
  return null;
}

/** Rows that apply everywhere (country empty), those of the database's GWP set first. */
function resolveEverywhere(ctx: Context, rows: readonly EmissionFactor[]): ResolvedFactor | null {
  const all = rankCandidates(
    ctx,
    rows.filter((row) => row.country === null),
    sideOfRow,
  );
  const ofSet = all.filter((candidate) => candidate.factor.gwpSet === ctx.gwpSet);
  const best = bestLibraryRow(ofSet.length > 0 ? ofSet : all);
  return best === undefined ? null : fromLibrary(ctx, best, "global_default", null);
}

/** The first designation whose geography has a usable row of the consumption's year or before. */
function resolveProxy(ctx: Context, key: string): ResolvedFactor | null {
  for (const designation of ctx.index.proxiesOf(key, ctx.country)) {
    const rows = libraryRows(ctx, designation.proxyKey);
    const found = resolveByCountry(
      ctx,
      rows,
      designation.proxyCountry,
      () => "proxy",
      designation.reason,
    );
    if (found !== null) return found;
  }
  return null;
}

function resolveCustom(ctx: Context, basis: FactorBasis): ResolvedFactor | null {
  const { category } = ctx;
  const valid = validity(ctx);
  const mine = ctx.customFactors.filter(
    (factor) => factor.categoryId === category.id && factor.basis === basis && valid(factor),
  );
  if (mine.length === 0) return null;
  const key = category.factorKey ?? category.code;
  const sideOf = (factor: StoredCustomFactor): CalorificSide => ({
    basis: statedCalorificBasis(factor.unit),
    key,
  });
  const candidates = rankCandidates(ctx, mine, sideOf);
  candidates.sort(
    (a, b) =>
      compareText(b.factor.validFrom ?? "", a.factor.validFrom ?? "") ||
      compareText(a.factor.validTo ?? OPEN_END, b.factor.validTo ?? OPEN_END) ||
      a.rank - b.rank ||
      compareText(b.factor.createdAt, a.factor.createdAt) ||
      compareText(b.factor.id, a.factor.id),
  );
  const best = candidates[0];
  return best === undefined ? null : fromCustom(ctx, best, basis);
}

/** Sorts after every `YYYY-MM-DD`: an open end. */
const OPEN_END = "~";

/** Whether a custom factor is valid on the day priced (or on some day of the year). */
function validity(ctx: Context): (factor: StoredCustomFactor) => boolean {
  const first = ctx.day === undefined ? `${ctx.year}-01-01` : ctx.day.slice(0, 10);
  const last = ctx.day === undefined ? `${ctx.year}-12-31` : first;
  return (factor) =>
    (factor.validFrom === null || factor.validFrom <= last) &&
    (factor.validTo === null || factor.validTo >= first);
}

/** The calendar year of a validity within one year (a `--year` factor's); else null. */
function validityYear(factor: StoredCustomFactor): number | null {
  const { validFrom, validTo } = factor;
  if (validFrom === null || validTo === null) return null;
  return validFrom.slice(0, 4) === validTo.slice(0, 4) ? Number(validFrom.slice(0, 4)) : null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fromLibrary(
  ctx: Context,
  ranked: Ranked<EmissionFactor>,
  step: ResolutionStep,
  proxyReason: string | null,
): ResolvedFactor {
  const row = ranked.factor;
  const gwp = inGwpSet(row, ctx.gwpSet, ctx.index);
  return {
    factorId: row.id,
    key: row.key,
    step,
    country: row.country,
    year: row.year,
    unit: row.unit,
    co2e: gwp.co2e,
    co2: row.co2,
    ch4: row.ch4,
    n2o: row.n2o,
    source: row.source,
    gwpSet: gwp.gwpSet,
    convertedFromGwpSet: gwp.convertedFrom,
    calorificBasis: row.calorificBasis,
    calorificRatio: ranked.calorific?.ratio ?? null,
    calorificRatioSource: ranked.calorific?.source ?? null,
    proxyReason,
  };
}

function fromCustom(
  ctx: Context,
  ranked: Ranked<StoredCustomFactor>,
  basis: FactorBasis,
): ResolvedFactor {
  const { category } = ctx;
  const factor = ranked.factor;
  const key =
    (basis === "market" ? category.marketFactorKey : null) ?? category.factorKey ?? category.code;
  const gwp = inGwpSet({ ...factor, gwpSet: "AR5" }, ctx.gwpSet, ctx.index);
  return {
    factorId: factor.id,
    key,
    step: "company_custom",
    country: null,
    year: validityYear(factor),
    unit: factor.unit,
    co2e: gwp.co2e,
    co2: factor.co2,
    ch4: factor.ch4,
    n2o: factor.n2o,
    source: factor.source,
    gwpSet: gwp.gwpSet,
    convertedFromGwpSet: gwp.convertedFrom,
    calorificBasis: statedCalorificBasis(factor.unit),
    calorificRatio: ranked.calorific?.ratio ?? null,
    calorificRatioSource: ranked.calorific?.source ?? null,
    proxyReason: null,
  };
}
