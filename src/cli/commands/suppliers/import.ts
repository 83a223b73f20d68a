import { Command } from "commander";
import type { Context } from "../../context.js";

export interface ImportOptions {
  readonly file: string;
  readonly company?: string;
  readonly type?: string;
  readonly dryRun: boolean;
  readonly rejects?: string;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly skipInvalid: boolean;
}

interface ImportFlags {
  readonly company?: string;
  readonly type?: string;
  readonly dryRun?: boolean;
  readonly rejects?: string;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly skipInvalid?: boolean;
}

export function importCommand(
  ctx: Context,
  run: (ctx: Context, opts: ImportOptions) => Promise<void> = runImport,
): Command {
  return new Command("import")
    .description("Import suppliers and clients from a CSV file")
    .argument("<file>", "CSV file with a header row")
    .option("--company <id|name>", "company of every row (instead of a companyId column)")
    .option("--type <type>", "suppliers or clients, for rows without a type column or cell")
    .option("--dry-run", "check everything and say what would happen, store nothing")
    .option(
      "--rejects <file>",
      "write the rejected rows, with _line, _column and _error, to this CSV",
    )
    .option(
      "--delimiter <char>",
      "field delimiter, one character such as ; or tab (default: detected from the header)",
    )
    .option(
      "--encoding <name>",
      'text encoding: utf-8 (default, checked), windows-1252 (a spreadsheet\'s plain "CSV"), utf-16le',
    )
    .option("--skip-invalid", "store the valid rows even when some are rejected")
    .addHelpText(
      "after",
      [
        "",
        "Columns: id, name, email, address, companyId (or company), externalId, type (suppliers",
        "or clients; supplier and client are accepted too). A row without id gets one derived",
        "from its company and externalId, so importing the same file twice changes nothing.",
        "Every row is checked before anything is stored: bad e-mails, missing names, duplicate",
        "ids or externalIds are all reported with their line and column, and nothing is stored",
        "unless --skip-invalid. Exit status 3 when any row was rejected. The file must be UTF-8",
        "unless --encoding says otherwise (a byte order mark decides by itself); the rejects file",
        "is written in UTF-8.",
        "",
        "Examples:",
        "  $ carbon suppliers import proveedores.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
        "  $ carbon suppliers import clients.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --type clients --dry-run",
        "  $ carbon suppliers import suppliers.csv --skip-invalid --rejects rejected.csv --json",
      ].join("\n"),
    )
    .action(async (file: string, flags: ImportFlags) => {
      await run(ctx, {
        file,
        company: flags.company,
        type: flags.type,
        dryRun: flags.dryRun === true,
        rejects: flags.rejects,
        delimiter: flags.delimiter,
        encoding: flags.encoding,
        skipInvalid: flags.skipInvalid === true,
      });
    });
}

export async function runImport(ctx: Context, opts: ImportOptions): Promise<void> {
  const [
    flags,
    { supplierTypes },
    { importSuppliers },
    { reportSupplierImport },
    { CarbonError },
    { checkOutputPaths },
    { idResolver },
  ] = await Promise.all([
    import("../../flags.js"),
    import("../../../core/model/supplier.js"),
    import("../../../import/suppliers/import.js"),
    import("./import-report.js"),
    import("../../../core/errors.js"),
    import("../../output-paths.js"),
    import("../../id-resolver.js"),
  ]);
  if (opts.file.trim() === "") throw new CarbonError("usage", "missing the CSV file to import");
  if (opts.rejects !== undefined) {
    await checkOutputPaths(ctx, [{ flag: "--rejects", file: opts.rejects }], [opts.file]);
  }
  const type =
    opts.type === undefined ? undefined : flags.parseChoice("--type", opts.type, supplierTypes);
  const companyId =
    opts.company === undefined
      ? undefined
      : await idResolver(() => ctx.service()).company("--company", opts.company);
  const options = {
    file: opts.file,
    dryRun: opts.dryRun,
    skipInvalid: opts.skipInvalid,
    ...(companyId === undefined ? {} : { companyId }),
    ...(type === undefined ? {} : { type }),
    ...(opts.delimiter === undefined ? {} : { delimiter: opts.delimiter }),
    ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }),
    ...(opts.rejects === undefined ? {} : { rejectsFile: opts.rejects }),
  };
  const service = await ctx.service();
  const report = await importSuppliers(service, options);
  reportSupplierImport(ctx, report, options.rejectsFile);
}
