import { Command } from "commander";
import type { Context } from "../../context.js";

export interface ImportOptions {
  readonly file: string;
  readonly company?: string;
  readonly dryRun: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

interface ImportFlags {
  readonly company?: string;
  readonly dryRun?: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

export function importCommand(
  ctx: Context,
  run: (ctx: Context, opts: ImportOptions) => Promise<void> = runImport,
): Command {
  return new Command("import")
    .description("Import invoices from a CSV file, one row per line of an invoice")
    .argument("<file>", "CSV file with a header row")
    .option("--company <id|name>", "company of every row (instead of a companyId column)")
    .option("--dry-run", "check everything and say what would happen, store nothing")
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
        "Columns: id (the invoice's, shared by the rows of its lines), type, status, companyId (or",
        "company, or --company), buildingId, startDate, endDate, cup, supplier, totalCost,",
        "currency, countryCode, externalId, wasteType, wasteDisposalMethod, wasteOperatorId, and",
        "the row's line: quantity, unit, fuel, lineType. Every row of an invoice repeats its",
        "fields (a cell left blank takes the first row's). Every row is checked before anything",
        "is stored; any problem is reported with its line and column, nothing is stored, and the",
        "exit status is 3. Locally the file is one transaction.",
        "",
        "Examples:",
        "  $ carbon invoices import fixtures/invoices/acme-2025-q1.csv --dry-run",
        "  $ carbon invoices import facturas.csv --company Acme --delimiter ';'",
        "  $ carbon invoices import invoices.csv --json",
      ].join("\n"),
    )
    .action(async (file: string, flags: ImportFlags) => {
      await run(ctx, {
        file,
        ...(flags.company === undefined ? {} : { company: flags.company }),
        dryRun: flags.dryRun === true,
        ...(flags.delimiter === undefined ? {} : { delimiter: flags.delimiter }),
        ...(flags.encoding === undefined ? {} : { encoding: flags.encoding }),
      });
    });
}

export async function runImport(ctx: Context, opts: ImportOptions): Promise<void> {
  const [{ importInvoices }, { reportInvoiceImport }, { CarbonError }, { idResolver }] =
    await Promise.all([
      import("../../../import/invoices/import.js"),
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
  const report = await importInvoices(service, {
    file: opts.file,
    dryRun: opts.dryRun,
    ...(companyId === undefined ? {} : { companyId }),
    ...(opts.delimiter === undefined ? {} : { delimiter: opts.delimiter }),
    ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }),
  });
  reportInvoiceImport(ctx, report);
}
