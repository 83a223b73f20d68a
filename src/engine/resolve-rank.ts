/**
 * Which of several rows fits a consumption's unit, and the heating value it is stated on.
 * A row whose energy is on another heating value than the consumption's is usable only with a
 * cited gross/net ratio (`calorificRatio`), and ranks after every row on the same heating value.
 */
import type { Category } from "../core/model/category.js";
import type { EmissionFactor } from "../core/model/factor.js";
import type { FactorIndex } from "./factor-index.js";
import {
  type CalorificBasis,
  calorificBasisOfUnit,
  convertQuantity,
  findUnit,
  isNaturalGasCategory,
  NATURAL_GAS_GROSS_PER_NET,
  sameUnit,
} from "./units.js";

export interface RankInput {
  readonly category: Category;
  /** The consumption's unit. */
  readonly unit: string;
  readonly index: FactorIndex;
}

/** Energy on the factor's heating value per unit of the consumption's, and where it comes from. */
export interface CalorificConversion {
  readonly ratio: number;
  readonly source: string;
}

export interface Ranked<T> {
  readonly factor: T;
  /** Lower is better: 0 same unit, 1 same dimension, 2 gas volume <-> energy; +3 another heating value. */
  readonly rank: number;
  readonly calorific: CalorificConversion | null;
}

/** What a candidate says of its heating value, and how to find the ratio if it differs. */
export interface CalorificSide {
  readonly basis: CalorificBasis | null;
  /** The key whose gross/net rows give a ratio for fuels other than natural gas. */
  readonly key: string;
}

const NO_SIDE: CalorificSide = { basis: null, key: "" };

const NATURAL_GAS_RATIO_SOURCE =
  "units.csv m3_natural_gas_gcv / m3_natural_gas_ncv (DESNZ 2025 'Fuel properties', natural gas gross / net CV)";

/** 0 same unit, 1 same dimension, 2 natural gas volume <-> energy; undefined: no conversion. */
function unitRank(input: RankInput, factorUnit: string): number | undefined {
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

/**
 * The heating value of the consumption's energy once in the factor's unit: its unit's (plain
 * energy units are gross), or gross for a natural-gas volume, which converts at the gross CV.
 */
function consumptionBasis(input: RankInput): CalorificBasis | null {
  const stated = calorificBasisOfUnit(input.unit);
  if (stated !== null) return stated;
  const naturalGasVolume =
    isNaturalGasCategory(input.category.code) && findUnit(input.unit)?.dimension === "volume";
  return naturalGasVolume ? "gross" : null;
}

/**
 * kWh on `to` per kWh on `from` of a fuel: natural gas from units.csv (DESNZ Fuel properties);
 * another fuel from the factor library's own net and gross rows of its key (kg per kWh net /
 * kg per kWh gross = gross CV / net CV), the latest year that has both; else undefined.
 */
export function calorificRatio(
  input: RankInput,
  key: string,
  from: CalorificBasis,
  to: CalorificBasis,
): CalorificConversion | undefined {
  if (from === to) return { ratio: 1, source: "same heating value" };
  const oriented = (grossPerNet: number) => (from === "net" ? grossPerNet : 1 / grossPerNet);
  if (isNaturalGasCategory(input.category.code) || key.startsWith("natural_gas")) {
    return { ratio: oriented(NATURAL_GAS_GROSS_PER_NET), source: NATURAL_GAS_RATIO_SOURCE };
  }
  const pair = latestPair(input.index.rowsOf(key));
  if (pair === undefined) return undefined;
  const { net, gross } = pair;
  return {
    ratio: oriented(net.co2e / gross.co2e),
    source: `${gross.source}, ${gross.country ?? "any country"} ${gross.year}: ${key} per kWh net CV / per kWh gross CV (${net.co2e} / ${gross.co2e})`,
  };
}

/** The latest (country, year, scope) of a key with a per-kWh row on each heating value. */
function latestPair(
  rows: readonly EmissionFactor[],
): { readonly net: EmissionFactor; readonly gross: EmissionFactor } | undefined {
  let best: { net: EmissionFactor; gross: EmissionFactor } | undefined;
  for (const net of rows) {
    if (net.calorificBasis !== "net" || net.unit !== "kWh") continue;
    const gross = rows.find(
      (row) =>
        row.calorificBasis === "gross" &&
        row.unit === "kWh" &&
        row.country === net.country &&
        row.year === net.year &&
        row.scope === net.scope,
    );
    if (gross !== undefined && (best === undefined || net.year > best.net.year)) {
      best = { net, gross };
    }
  }
  return best;
}

/** The candidates among `factors` the consumption's unit converts to, with their rank. */
export function rankCandidates<T extends { readonly unit: string }>(
  input: RankInput,
  factors: readonly T[],
  sideOf: (factor: T) => CalorificSide,
): Ranked<T>[] {
  const result: Ranked<T>[] = [];
  const from = consumptionBasis(input);
  for (const factor of factors) {
    const rank = unitRank(input, factor.unit);
    if (rank === undefined) continue;
    // A heating value matters only to a factor per unit of energy (a per-m3 row has none).
    const side = findUnit(factor.unit)?.dimension === "energy" ? sideOf(factor) : NO_SIDE;
    if (from === null || side.basis === null || side.basis === from) {
      result.push({ factor, rank, calorific: null });
      continue;
    }
    const conversion = calorificRatio(input, side.key, from, side.basis);
    if (conversion !== undefined) result.push({ factor, rank: rank + 3, calorific: conversion });
  }
  return result;
}

/** The best library row: lowest rank, then lowest priority (file order). */
export function bestLibraryRow(
  candidates: readonly Ranked<EmissionFactor>[],
): Ranked<EmissionFactor> | undefined {
  let best: Ranked<EmissionFactor> | undefined;
  for (const candidate of candidates) {
    if (
      best === undefined ||
      candidate.rank < best.rank ||
      (candidate.rank === best.rank && candidate.factor.priority < best.factor.priority)
    ) {
      best = candidate;
    }
  }
  return best;
}
