import type { Command } from "commander";
import type { EffluentImportReport } from "../../../import/effluents/import.js";
import type { Context } from "../../context.js";
import { type FileImport, fileImportCommand } from "../file-import.js";

const spec: FileImport<EffluentImportReport> = {
  description: "Import effluent limits and samples from a CSV file",
  help: [
    "Columns: id, companyId (or company), buildingId (or building: an id or a name of the",
    "company's buildings), type (limit or quality), parameter, value, unit, year (a limit's),",
    "sampledAt (or date: a sample's, YYYY-MM-DD), minValue (a pH limit's minimum),",
    "dischargePoint, notes. A row without id gets one derived from its company, building,",
    "type, parameter, year or date and discharge point, so importing the same file twice",
    "changes nothing. Every row is checked before anything is stored (numbers, units of the",
    "parameter, buildings, one limit per building, parameter and year), each problem reported",
    "with its line and column; if any row is rejected nothing is stored and the exit status",
    "is 3. Locally the rows are stored in one transaction.",
    "",
    "Examples:",
    "  $ carbon effluents import fixtures/effluents/planta-norte-2025.csv --company Acme --decimal-comma --dry-run",
    "  $ carbon effluents import fixtures/effluents/planta-norte-2025.csv --company Acme --decimal-comma",
    "  $ carbon effluents import samples.csv --json",
  ],
  decimalComma: true,
  load: async () => {
    const [{ importEffluents }, { reportEffluentImport }] = await Promise.all([
      import("../../../import/effluents/import.js"),
      import("./import-report.js"),
    ]);
    return {
      run: (service, options) => importEffluents(service, options),
      report: reportEffluentImport,
    };
  },
};

export function importCommand(ctx: Context): Command {
  return fileImportCommand(ctx, spec);
}
