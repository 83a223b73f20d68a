import { Command } from "commander";
import type { Context } from "../../context.js";

export interface VehicleImportFlags {
  readonly file: string;
  readonly company?: string;
  readonly dryRun: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

interface Flags {
  readonly company?: string;
  readonly dryRun?: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

export function importCommand(
  ctx: Context,
  run: (ctx: Context, opts: VehicleImportFlags) => Promise<void> = runImport,
): Command {
  return new Command("import")
    .description("Import a company's vehicles from a CSV file, all or nothing")
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
        "Columns (named as the fields, case ignored): id, companyId, buildingId, name,",
        "licensePlate, vehicleType, vehicleCategory, fuelType, ownership, activeFrom, activeTo.",
        "A row without id gets one derived from its company and licence plate, so importing the",
        "same file twice updates the same vehicles. Every row is checked before anything is",
        "stored; problems are reported with line and column, nothing is stored and the exit",
        "status is 3. Locally the file is stored in one transaction; a server gets one upsert",
        "per row and the import stops at a row it refuses. Example file:",
        "fixtures/vehicles/acme-fleet.csv (docs/vehicles.md).",
        "",
        "Examples:",
        "  $ carbon vehicles import fleet.csv --company Acme --dry-run",
        "  $ carbon vehicles import flota.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
        "  $ carbon vehicles import fleet.csv --json",
      ].join("\n"),
    )
    .action(async (file: string, flags: Flags) => {
      await run(ctx, {
        file,
        company: flags.company,
        dryRun: flags.dryRun === true,
        delimiter: flags.delimiter,
        encoding: flags.encoding,
      });
    });
}

export async function runImport(ctx: Context, opts: VehicleImportFlags): Promise<void> {
  const [{ importVehicles }, { reportVehicleImport }, { CarbonError }, { idResolver }] =
    await Promise.all([
      import("../../../import/vehicles/import.js"),
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
  const report = await importVehicles(service, {
    file: opts.file,
    dryRun: opts.dryRun,
    ...(companyId === undefined ? {} : { companyId }),
    ...(opts.delimiter === undefined ? {} : { delimiter: opts.delimiter }),
    ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }),
  });
  reportVehicleImport(ctx, report);
}
