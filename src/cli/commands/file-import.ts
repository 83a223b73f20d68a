/**
 * The `import FILE.csv` verb of vehicles, invoices and effluents: the same flags (company of
 * every row, dry run, delimiter, encoding, and a decimal comma where the resource takes one),
 * the same checks of the file and the company, then the resource's own import and report,
 * loaded when the command runs.
 */
import { Command } from "commander";
import type { CarbonService } from "../../core/service.js";
import type { Context } from "../context.js";

/** What a resource's import takes, from the command's flags. */
export interface FileImportOptions {
  readonly file: string;
  readonly dryRun: boolean;
  /** Default for rows without a companyId. */
  readonly companyId?: string;
  readonly delimiter?: string;
  readonly encoding?: string;
  /** Numbers written 1.234,56 (only where the resource offers --decimal-comma). */
  readonly decimalComma: boolean;
}

/** The command's flags, as parsed. */
export interface FileImportFlags {
  readonly file: string;
  readonly company?: string;
  readonly dryRun: boolean;
  readonly decimalComma: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

/** The import and the report of one resource. */
export interface FileImporter<R> {
  run(service: CarbonService, options: FileImportOptions): Promise<R>;
  report(ctx: Context, report: R): void;
}

export interface FileImport<R> {
  readonly description: string;
  /** Lines of `--help` after the options: the columns, the guarantees and the examples. */
  readonly help: readonly string[];
  /** Offer --decimal-comma. */
  readonly decimalComma?: true;
  /** The import and its report, loaded when the command runs. */
  load(): Promise<FileImporter<R>>;
}

interface Flags {
  readonly company?: string;
  readonly dryRun?: boolean;
  readonly decimalComma?: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

export function fileImportCommand<R>(
  ctx: Context,
  spec: FileImport<R>,
  run: (ctx: Context, flags: FileImportFlags) => Promise<void> = (ctx, flags) =>
    runFileImport(ctx, spec, flags),
): Command {
  const command = new Command("import")
    .description(spec.description)
    .argument("<file>", "CSV file with a header row")
    .option("--company <id|name>", "company of every row (instead of a companyId column)")
    .option("--dry-run", "check everything and say what would happen, store nothing");
  if (spec.decimalComma === true) {
    command.option("--decimal-comma", "numbers use a decimal comma: 1.234,56");
  }
  return command
    .option(
      "--delimiter <char>",
      "field delimiter, one character such as ; or tab (default: detected from the header)",
    )
    .option(
      "--encoding <name>",
      'text encoding: utf-8 (default, checked), windows-1252 (a spreadsheet\'s plain "CSV"), utf-16le',
    )
    .addHelpText("after", ["", ...spec.help].join("\n"))
    .action(async (file: string, flags: Flags) => {
      await run(ctx, {
        file,
        ...(flags.company === undefined ? {} : { company: flags.company }),
        dryRun: flags.dryRun === true,
        decimalComma: flags.decimalComma === true,
        ...(flags.delimiter === undefined ? {} : { delimiter: flags.delimiter }),
        ...(flags.encoding === undefined ? {} : { encoding: flags.encoding }),
      });
    });
}

export async function runFileImport<R>(
  ctx: Context,
  spec: FileImport<R>,
  flags: FileImportFlags,
): Promise<void> {
  const [importer, { CarbonError }, { idResolver }] = await Promise.all([
    spec.load(),
    import("../../core/errors.js"),
    import("../id-resolver.js"),
  ]);
  if (flags.file.trim() === "") throw new CarbonError("usage", "missing the CSV file to import");
  const companyId =
    flags.company === undefined
      ? undefined
      : await idResolver(() => ctx.service()).company("--company", flags.company);
  const service = await ctx.service();
  const report = await importer.run(service, {
    file: flags.file,
    dryRun: flags.dryRun,
    decimalComma: flags.decimalComma,
    ...(companyId === undefined ? {} : { companyId }),
    ...(flags.delimiter === undefined ? {} : { delimiter: flags.delimiter }),
    ...(flags.encoding === undefined ? {} : { encoding: flags.encoding }),
  });
  importer.report(ctx, report);
}
