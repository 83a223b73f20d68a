/**
 * Lines and figures of a consumption that cannot be calculated (figures that are not finite
 * numbers, from a quantity stored before quantities were bounded): every line awaiting a factor.
 */
import type { EmissionValues } from "./emission.js";
import type { Calculation, PerUnit } from "./emission-lines.js";

/** What a line without a factor gives per unit: nothing. */
export const NOTHING_PER_UNIT: PerUnit = Object.freeze({
  converted: null,
  co2e: null,
  co2: null,
  ch4: null,
  n2o: null,
  market: null,
});

/** Values with every field null and the status awaiting_factor. */
function nulled<T extends { readonly status: EmissionValues["status"] }>(values: T): T {
  const entries = Object.keys(values).map((key) => [key, null]);
  // Every field of these shapes is nullable but the status, set below.
  return { ...(Object.fromEntries(entries) as T), status: "awaiting_factor" };
}

/** The row's figures of a consumption that cannot be calculated: every figure null. */
export function awaitingValues(values: EmissionValues): EmissionValues {
  return nulled(values);
}

/**
 * The calculation of a consumption whose figures are not finite numbers (a quantity stored
 * before quantities were bounded): its lines, every one awaiting a factor until it is corrected.
 */
export function awaitingCalculation(calculation: Calculation): Calculation {
  return {
    libraryVersion: calculation.libraryVersion,
    lines: calculation.lines.map((line) => ({
      ...line,
      provenance: nulled(line.provenance),
      perUnit: NOTHING_PER_UNIT,
      biogenicCo2: null,
      lossFraction: null,
    })),
  };
}
