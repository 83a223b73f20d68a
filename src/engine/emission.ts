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

const noLocation = {
  status: "awaiting_factor",
  co2e: null,
  co2: null,
  ch4: null,
  n2o: null,
  factorId: null,
  factorSource: null,
  factorYear: null,
  convertedQuantity: null,
  factorUnit: null,
  factorValue: null,
  resolution: null,
  gwpSet: null,
  geography: null,
} as const;

const noMarket = {
  co2eMarketBased: null,
  marketFactorId: null,
  marketBasis: null,
  marketResolution: null,
  marketGeography: null,
  marketFactorYear: null,
  marketGwpSet: null,
} as const;

const awaiting: EmissionValues = { ...noLocation, ...noMarket, marketStatus: null };

/**
 * quantity (converted to the factor's unit and heating value) × factor, per gas where the
 * factor gives the gas (null, never 0, where it does not). Scope 2 also gets the market-based
 * figure, the quantity converted to the market factor's unit × its CO2e, resolved on its own:
 * without a location factor it is still calculated (status awaiting_factor, marketStatus
 * calculated), and without either both are null. Nothing is rounded.
 */
export function calculateEmission(input: EmissionInput): EmissionValues {
  const { category, resolution } = input;
  const location = resolution.location;
  const converted = location === null ? null : toFactorUnit(input, location);
  const locationValues =
    location === null || converted === null ? noLocation : locationFigures(location, converted);
  if (category.scope !== 2) return { ...locationValues, ...noMarket, marketStatus: null };

  const market = resolution.market;
  const marketQuantity = market === null ? null : toFactorUnit(input, market);
  if (market === null || marketQuantity === null) {
    return { ...locationValues, ...noMarket, marketStatus: "awaiting_factor" };
  }
  return {
    ...locationValues,
    co2eMarketBased: marketQuantity * market.co2e,
    marketStatus: "calculated",
    marketFactorId: market.factorId,
    marketBasis: resolution.marketBasis,
    marketResolution: market.step,
    marketGeography: market.country,
    marketFactorYear: market.year,
    marketGwpSet: market.gwpSet,
  };
}

function locationFigures(location: ResolvedFactor, converted: number) {
  const perGas = (value: number | null): number | null =>
    value === null ? null : converted * value;
  return {
    status: "calculated",
    co2e: converted * location.co2e,
    co2: perGas(location.co2),
    ch4: perGas(location.ch4),
    n2o: perGas(location.n2o),
    factorId: location.factorId,
    factorSource: location.source,
    factorYear: location.year,
    convertedQuantity: converted,
    factorUnit: location.unit,
    factorValue: location.co2e,
    resolution: location.step,
    gwpSet: location.gwpSet,
    geography: location.country,
  } as const;
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
  const toEnergy = findUnit(factor.unit)?.dimension === "energy";
  const billed = toEnergy
    ? billedEnergy(input.quantity, input.unit, code, input.kwhPerM3)
    : undefined;
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
