/**
 * One GWP set per database: a factor published in another set is restated in the database's from
 * its gases, CO2 + CH4 × GWP(CH4) + N2O × GWP(N2O), with the GWPs of the library's rows of that
 * set (factor-index.ts GWP_KEYS). A factor that does not give all three gases keeps its
 * published total and its own set: it is never relabelled, and summaries count it as not converted.
 */
import type { DatabaseGwpSet, GwpSet } from "../core/model/factor.js";
import type { FactorIndex } from "./factor-index.js";

export interface GasFigures {
  readonly co2e: number;
  readonly co2: number | null;
  readonly ch4: number | null;
  readonly n2o: number | null;
  readonly gwpSet: GwpSet;
}

export interface InGwpSet {
  readonly co2e: number;
  readonly gwpSet: GwpSet;
  /** The published set, when co2e was recomputed; null when it is the published figure. */
  readonly convertedFrom: GwpSet | null;
}

/** The factor's CO2e in `set`, converted from its gases when it is published in another set. */
export function inGwpSet(figures: GasFigures, set: DatabaseGwpSet, index: FactorIndex): InGwpSet {
  const published: InGwpSet = { co2e: figures.co2e, gwpSet: figures.gwpSet, convertedFrom: null };
  if (figures.gwpSet === set) return published;
  const { co2, ch4, n2o } = figures;
  if (co2 === null || ch4 === null || n2o === null) return published;
  const gwp = index.gwpOf(set);
  if (gwp === undefined) return published;
  return { co2e: co2 + ch4 * gwp.ch4 + n2o * gwp.n2o, gwpSet: set, convertedFrom: figures.gwpSet };
}
