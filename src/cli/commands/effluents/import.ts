import { Command } from "commander";
import type { Context } from "../../context.js";

export interface ImportOptions {
  readonly file: string;
  readonly company?: string;
  readonly dryRun: boolean;
  readonly decimalComma: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

interface ImportFlags {
  readonly company?: string;
  readonly dryRun?: boolean;
  readonly decimalComma?: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

export function importCommand(
  ctx: Context,
  run: (ctx: Context, opts: ImportOptions) => Promise<void> = runImport,
): Command {
  return new Command("import")
    .description("Import effluent limits and samples from a CSV file")
    .argument("<file>", "CSV file with a header row")
    .option("--company <id|name>", "company of every row (instead of a companyId column)")
    .option("--dry-run", "check everything and say what would happen, store nothing")
    .option("--decimal-comma", "numbers use a decimal comma: 1.234,56")
    .option(
      "--delimiter <char>",
      "field delimiter, one character such as ; or tab (default: detected from the header)",
    )
    .option(
      "--encoding <name>",
      'text encoding: utf-8 (default, checked), windows-1252 (a spreadsheet\'s plain "CSV"), utf-16le',
    )
    .addHelpText(
      "after",
      [
        "",
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
      ].join("\n"),
    )
    .action(async (file: string, flags: ImportFlags) => {
      await run(ctx, {
        file,
        company: flags.company,
        dryRun: flags.dryRun === true,
        decimalComma: flags.decimalComma === true,
        delimiter: flags.delimiter,
        encoding: flags.encoding,
      });
    });
}

export async function runImport(ctx: Context, opts: ImportOptions): Promise<void> {
  const [{ importEffluents }, { reportEffluentImport }, { CarbonError }, { idResolver }] =
    await Promise.all([
      import("../../../import/effluents/import.js"),
      import("./import-report.js"),
      import("../../../core/errors.js"),
      import("../../id-resolver.js"),
    ]);
  if (opts.file.trim() === "") throw new CarbonError("usage", "missing the CSV file to import");
  const companyId =
    opts.company === undefined
      ? undefined
      : await idResolver(() => ctx.service()).company("--company", opts.company);
  const service = await ctx.service();
  const report = await importEffluents(service, {
    file: opts.file,
    dryRun: opts.dryRun,
    decimalComma: opts.decimalComma,
    ...(companyId === undefined ? {} : { companyId }),
    ...(opts.delimiter === undefined ? {} : { delimiter: opts.delimiter }),
    ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }),
  });
  reportEffluentImport(ctx, report);
}
