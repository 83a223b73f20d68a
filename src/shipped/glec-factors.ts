import { parse } from "csv-parse/sync";
import { type GlecFactorTable, glecFactorTable } from "../engine/glec/factors.js";
import { gridLookup } from "../engine/glec/grid.js";
import { readFixture } from "./fixture-files.js";
import { factorLibrary } from "./library-files.js";

let cached: GlecFactorTable | undefined;

/**
 * The shipped fixtures/factors/glec-defaults.csv as a factor table, with the shipped factor
 * library's grid rows for electric legs (each read once per process, the library on first use).
 */
export function shippedGlecFactors(): GlecFactorTable {
  cached ??= glecFactorTable(
    parse<Record<string, string>>(readFixture("glec-defaults.csv"), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
    }),
    gridLookup(() => factorLibrary().factors),
  );
  return cached;
}
