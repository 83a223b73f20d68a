/** The grid loss fractions the package ships (eGRID 2023 subregions), as the engine reads them. */
import { parse } from "csv-parse/sync";
import { type LossFraction, lossFractionsFromCsvRows } from "../engine/loss-fractions.js";
import { readFixture } from "./fixture-files.js";

const LOSS_FRACTIONS_FILE = "extra/egrid-2023-subregions.csv";

export function shippedLossFractions(): LossFraction[] {
  const rows = parse<Record<string, string>>(readFixture(LOSS_FRACTIONS_FILE), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
  });
  return lossFractionsFromCsvRows(rows);
}
