/** The row's figures of a consumption split into parts: its direct parts added up. */
import type { EmissionValues } from "./emission.js";

type FigureField = "co2e" | "co2" | "ch4" | "n2o" | "co2eMarketBased" | "convertedQuantity";

function sum(values: readonly (number | null)[]): number | null {
  let total = 0;
  for (const value of values) {
    if (value === null) return null;
    total += value;
  }
  return total;
}

/**
 * The row's figures of a split consumption: its direct parts added up, or awaiting a factor
 * (every figure null) while one part awaits one. The provenance is the first part's.
 */
export function sumOfParts(parts: readonly EmissionValues[]): EmissionValues {
  const [first] = parts;
  if (first === undefined) throw new Error("a consumption has at least one part");
  const calculated = parts.every((part) => part.status === "calculated");
  const figure = (field: FigureField) =>
    calculated ? sum(parts.map((part) => part[field])) : null;
  const units = new Set(parts.map((part) => part.factorUnit));
  return {
    ...first,
    status: calculated ? "calculated" : "awaiting_factor",
    co2e: figure("co2e"),
    co2: figure("co2"),
    ch4: figure("ch4"),
    n2o: figure("n2o"),
    co2eMarketBased: figure("co2eMarketBased"),
    // Quantities in different units do not add up.
    convertedQuantity: units.size === 1 ? figure("convertedQuantity") : null,
  };
}
