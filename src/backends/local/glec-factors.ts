import { parse } from "csv-parse/sync";
import { type GlecFactorTable, glecFactorTable } from "../../engine/glec/factors.js";
import { readFixture } from "./fixtures.js";

let cached: GlecFactorTable | undefined;

/** The shipped fixtures/factors/glec-defaults.csv as a factor table (read once per process). */
export function shippedGlecFactors(): GlecFactorTable {
  cached ??= glecFactorTable(
    parse<Record<string, string>>(readFixture("glec-defaults.csv"), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
    }),
  );
  return cached;
}
