import type { Category } from "../core/model/category.js";
import type { EmissionStatus, MarketBasis } from "../core/model/emission.js";
import type {
  FactorResolution,
  GwpSet,
  ResolutionStep,
  ResolvedFactor,
} from "../core/model/factor.js";
import { convertQuantity, isNaturalGasCategory } from "./units.js";

/** The derived part of an emission row, kilograms throughout. */
export interface EmissionValues {
  readonly status: EmissionStatus;
  readonly co2e: number | null;
  readonly co2: number | null;
  readonly ch4: number | null;
  readonly n2o: number | null;
  /** Scope 2 only. */
  readonly co2eMarketBased: number | null;
  readonly factorId: string | null;
  readonly factorSource: string | null;
  readonly factorYear: number | null;
  /** The quantity in the factor's unit. */
  readonly convertedQuantity: number | null;
  readonly factorUnit: string | null;
  /** kg CO2e per factorUnit. */
  readonly factorValue: number | null;
  readonly resolution: ResolutionStep | null;
  readonly gwpSet: GwpSet | null;
  readonly marketFactorId: string | null;
  readonly marketBasis: MarketBasis | null;
}

export interface EmissionInput {
  readonly quantity: number;
  readonly unit: string;
  readonly category: Category;
  readonly resolution: FactorResolution;
}

const awaiting: EmissionValues = {
  status: "awaiting_factor",
  co2e: null,
  co2: null,
  ch4: null,
  n2o: null,
  co2eMarketBased: null,
  factorId: null,
  factorSource: null,
  factorYear: null,
  convertedQuantity: null,
  factorUnit: null,
  factorValue: null,
  resolution: null,
  gwpSet: null,
  marketFactorId: null,
  marketBasis: null,
};

/**
 * quantity (converted to the factor's unit) × factor, per gas where the factor gives the gas
 * (null, never 0, where it does not). Scope 2 also gets the market-based figure, the quantity
 * converted to the market factor's unit × its CO2e. Without a usable location factor the
 * emission is `awaiting_factor` with every figure null. Nothing is rounded.
 */
export function calculateEmission(input: EmissionInput): EmissionValues {
  const { category, resolution } = input;
  const location = resolution.location;
  if (location === null) return awaiting;
  const converted = toFactorUnit(input, location);
  if (converted === null) return awaiting;

  const market = category.scope === 2 ? resolution.market : null;
  const marketQuantity = market === null ? null : toFactorUnit(input, market);
  const perGas = (value: number | null): number | null =>
    value === null ? null : converted * value;
  return {
    status: "calculated",
    co2e: converted * location.co2e,
    co2: perGas(location.co2),
    ch4: perGas(location.ch4),
    n2o: perGas(location.n2o),
    co2eMarketBased:
      market === null || marketQuantity === null ? null : marketQuantity * market.co2e,
    factorId: location.factorId,
    factorSource: location.source,
    factorYear: location.year,
    convertedQuantity: converted,
    factorUnit: location.unit,
    factorValue: location.co2e,
    resolution: location.step,
    gwpSet: location.gwpSet,
    marketFactorId: market === null || marketQuantity === null ? null : market.factorId,
    marketBasis: market === null || marketQuantity === null ? null : resolution.marketBasis,
  };
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

function toFactorUnit(input: EmissionInput, factor: ResolvedFactor): number | null {
  const naturalGas = isNaturalGasCategory(input.category.code);
  const conversion = convertQuantity(input.quantity, input.unit, factor.unit, { naturalGas });
  return conversion.ok ? conversion.value : null;
}
