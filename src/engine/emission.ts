import type { Category } from "../core/model/category.js";
import type { EmissionStatus, MarketBasis } from "../core/model/emission.js";
import type {
  FactorResolution,
  GwpSet,
  ResolutionStep,
  ResolvedFactor,
} from "../core/model/factor.js";
import { billedEnergy } from "./billed-energy.js";
import { convertQuantity, findUnit, isNaturalGasCategory } from "./units.js";

/** The derived part of an emission row, kilograms throughout. */
export interface EmissionValues {
  /** The location-based figure's: awaiting_factor when no location factor fits. */
  readonly status: EmissionStatus;
  readonly co2e: number | null;
  readonly co2: number | null;
  readonly ch4: number | null;
  readonly n2o: number | null;
  /** Scope 2 only. */
  readonly co2eMarketBased: number | null;
  /** Scope 2 only: the market-based figure's status, resolved apart from the location-based one. */
  readonly marketStatus: EmissionStatus | null;
  readonly factorId: string | null;
  readonly factorSource: string | null;
  readonly factorYear: number | null;
  /** The quantity in the factor's unit (and on its heating value). */
  readonly convertedQuantity: number | null;
  readonly factorUnit: string | null;
  /** kg CO2e per factorUnit, in gwpSet. */
  readonly factorValue: number | null;
  readonly resolution: ResolutionStep | null;
  readonly gwpSet: GwpSet | null;
  /** The country or region of the location factor (null: the company's own, or everywhere). */
  readonly geography: string | null;
  readonly marketFactorId: string | null;
  readonly marketBasis: MarketBasis | null;
  readonly marketResolution: ResolutionStep | null;
  readonly marketGeography: string | null;
  readonly marketFactorYear: number | null;
  readonly marketGwpSet: GwpSet | null;
}

export interface EmissionInput {
  readonly quantity: number;
  readonly unit: string;
  readonly category: Category;
  readonly resolution: FactorResolution;
  /** The bill's kWh (gross CV) per m3 of a natural-gas volume, when it prints one. */
  readonly kwhPerM3?: number | null;
}

const awaiting: EmissionValues = {
  status: "awaiting_factor",
  co2e: null,
  co2: null,
  ch4: null,
  n2o: null,
  co2eMarketBased: null,
  marketStatus: null,
  factorId: null,
  factorSource: null,
  factorYear: null,
  convertedQuantity: null,
  factorUnit: null,
  factorValue: null,
  resolution: null,
  gwpSet: null,
  geography: null,
  marketFactorId: null,
  marketBasis: null,
  marketResolution: null,
  marketGeography: null,
  marketFactorYear: null,
  marketGwpSet: null,
};

/**
 * quantity (converted to the factor's unit and heating value) × factor, per gas where the
 * factor gives the gas (null, never 0, where it does not). Scope 2 also gets the market-based
 * figure, the quantity converted to the market factor's unit × its CO2e, resolved on its own:
 * without a location factor it is still calculated (status awaiting_factor, marketStatus
 * calculated), and without either both are null. Nothing is rounded.
 */
export function calculateEmission(input: EmissionInput): EmissionValues {
  const { category, resolution } = input;
  const located = resolution.location;
  const converted = located === null ? null : toFactorUnit(input, located);
  // One object literal of one shape per call: the writer prices every row of an import.
  const location = converted === null ? null : located;
  const scope2 = category.scope === 2;
  const quoted = scope2 ? resolution.market : null;
  const marketQuantity = quoted === null ? null : toFactorUnit(input, quoted);
  const market = marketQuantity === null ? null : quoted;
  if (location === null && market === null && !scope2) return awaiting;
  return {
    status: location === null ? "awaiting_factor" : "calculated",
    co2e: location === null || converted === null ? null : converted * location.co2e,
    co2: location === null || converted === null ? null : perGas(converted, location.co2),
    ch4: location === null || converted === null ? null : perGas(converted, location.ch4),
    n2o: location === null || converted === null ? null : perGas(converted, location.n2o),
    co2eMarketBased:
      market === null || marketQuantity === null ? null : marketQuantity * market.co2e,
    marketStatus: scope2 ? (market === null ? "awaiting_factor" : "calculated") : null,
    factorId: location?.factorId ?? null,
    factorSource: location?.source ?? null,
    factorYear: location?.year ?? null,
    convertedQuantity: location === null ? null : converted,
    factorUnit: location?.unit ?? null,
    factorValue: location?.co2e ?? null,
    resolution: location?.step ?? null,
    gwpSet: location?.gwpSet ?? null,
    geography: location?.country ?? null,
    marketFactorId: market?.factorId ?? null,
    marketBasis: market === null ? null : resolution.marketBasis,
    marketResolution: market?.step ?? null,
    marketGeography: market?.country ?? null,
    marketFactorYear: market?.year ?? null,
    marketGwpSet: market?.gwpSet ?? null,
  };
}

function perGas(converted: number, value: number | null): number | null {
  return value === null ? null : converted * value;
}

/**
 * The first figure of a calculation that is not a finite number (a quantity or factor beyond
 * their bounds, stored before the bounds existed), or undefined: such a figure would make every
 * total it joins infinite (and null in JSON).
 */
export function nonFiniteFigure(values: EmissionValues): string | undefined {
  // Field by field, no object or array per call: the writer checks every row of an import.
  if (!finiteOrNull(values.convertedQuantity)) return "convertedQuantity";
  if (!finiteOrNull(values.co2e)) return "co2e";
  if (!finiteOrNull(values.co2)) return "co2";
  if (!finiteOrNull(values.ch4)) return "ch4";
  if (!finiteOrNull(values.n2o)) return "n2o";
  if (!finiteOrNull(values.co2eMarketBased)) return "co2eMarketBased";
  return undefined;
}

function finiteOrNull(value: number | null): boolean {
  return value === null || Number.isFinite(value);
}

/** The values, or awaiting_factor when one of their figures is not finite. */
export function finiteOrAwaiting(values: EmissionValues): EmissionValues {
  return nonFiniteFigure(values) === undefined ? values : awaiting;
}

/**
 * The quantity in the factor's unit: a natural-gas volume priced per unit of energy goes
 * through its bill's kWh per m3 when it has one (else the gross CV of units.csv), and energy on
 * another heating value than the factor's through the resolution's gross/net ratio.
 */
function toFactorUnit(input: EmissionInput, factor: ResolvedFactor): number | null {
  const code = input.category.code;
  const { kwhPerM3 } = input;
  const billed =
    kwhPerM3 === null || kwhPerM3 === undefined || findUnit(factor.unit)?.dimension !== "energy"
      ? undefined
      : billedEnergy(input.quantity, input.unit, code, kwhPerM3);
  const conversion =
    billed === undefined
      ? convertQuantity(input.quantity, input.unit, factor.unit, {
          naturalGas: isNaturalGasCategory(code),
        })
      : convertQuantity(billed, "kWh", factor.unit);
  if (!conversion.ok) return null;
  return factor.calorificRatio === null
    ? conversion.value
    : conversion.value * factor.calorificRatio;
}
