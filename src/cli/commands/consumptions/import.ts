import path from "node:path";
import { Command } from "commander";
import { CarbonError } from "../../../core/errors.js";
import type { ConsumptionImportReport } from "../../../import/consumptions.js";
import type { ConsumptionImportOptions } from "../../../import/types.js";
import type { Context } from "../../context.js";
import type { ImportOptions } from "./import-report.js";

export type { ImportOptions } from "./import-report.js";

interface ImportFlags {
  readonly company?: string;
  readonly building?: string;
  readonly dryRun?: boolean;
  readonly rejects?: string;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly decimalComma?: boolean;
  readonly maxErrors?: string;
  readonly skipInvalid?: boolean;
  readonly createBuildings?: boolean;
  readonly replaceOverlapping?: boolean;
  readonly resume?: boolean;
}

export function importCommand(
  ctx: Context,
  run: (ctx: Context, opts: ImportOptions) => Promise<void> = runImport,
): Command {
  return new Command("import")
    .description("Import consumptions from a CSV file and calculate their emissions")
    .argument("<file>", "CSV file with a header row")
    .option("--company <id|name>", "company of every row (instead of a companyId column)")
    .option(
      "--building <id|name>",
      "building of every row, by id or name (instead of a buildingId or building column)",
    )
    .option("--dry-run", "check and calculate everything, store nothing")
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
    .option("--decimal-comma", "numbers are written 1.234,56")
    .option("--max-errors <n>", "stop reading after this many rejected rows")
    .option("--skip-invalid", "store the valid rows even when some are rejected")
    .option(
      "--create-buildings",
      "create the buildings named in a building column that do not exist",
    )
    .option(
      "--replace-overlapping",
      "a row overlapping a stored consumption (same building, category, entityId; other dates) replaces it",
    )
    .option(
      "--resume",
      "against a server: send only the rows an interrupted import of this file did not store",
    )
    .addHelpText(
      "after",
      [
        "",
        "Columns: id, entityId, categoryId (or category, a code such as natural_gas), startDate,",
        "endDate, companyId, buildingId (or building, a name), quantity, unitType (or unit);",
        "optional: provider or fuelType (a custom input), kwhPerM3 (a natural-gas bill in m3:",
        "the kWh PCS per m3 it prints, priced as that energy). An energy unit is on the gross",
        "calorific value unless it says net: kWh_ncv, kWh PCI, kWh (Net CV).",
        "A row without id gets one derived from its company, building, category, entity and dates,",
        "so importing the same file twice changes nothing. Nothing is stored when a row is",
        "rejected, unless --skip-invalid. Exit status 3 when any row was rejected.",
        "",
        "A row whose company, building, category and entityId are those of a stored consumption",
        "with other dates that share a day with its own (a bill whose dates were corrected) is",
        "rejected with the stored one's id and period: both would be counted. With",
        "--replace-overlapping the stored ones are removed in the same write (audited) instead.",
        "",
        'The file must be UTF-8 (it is checked: a spreadsheet saved as plain "CSV" is usually',
        "Windows-1252; import it with --encoding windows-1252). A byte order mark decides by",
        'itself, so Excel\'s UTF-16 "Unicode Text" reads as it is. The rejects file is UTF-8.',
        "",
        "Against a server (--api-url or a profile) the whole file is checked before any row is",
        "sent; rows are then sent --concurrency at a time, and the rows the server confirmed are",
        "recorded in a journal in the user state dir. After Ctrl-C, a kill or a network failure,",
        "the same command with --resume sends only the rows not stored yet, once the server has",
        "shown it is the same one and still has a sample of them (else it sends every row again",
        "and says why). A local import is all or nothing: there --resume has nothing to do.",
        "",
        "Examples:",
        "  $ carbon consumptions import bills-2024.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
        "  $ carbon consumptions import facturas.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --decimal-comma --dry-run",
        "  $ carbon consumptions import facturas-ansi.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --encoding windows-1252 --decimal-comma",
        "  $ carbon consumptions import bills.csv --skip-invalid --rejects rejected.csv --json",
        "  $ carbon consumptions import facturas-gas.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --decimal-comma   # kwhPerM3 column",
        "  $ carbon consumptions import bills-corrected.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --replace-overlapping",
        "  $ carbon --api-url https://carbon.example.com consumptions import bills.csv --company ID --resume",
      ].join("\n"),
    )
    .action(async (file: string, flags: ImportFlags) => {
      await run(ctx, {
        file,
        company: flags.company,
        building: flags.building,
        dryRun: flags.dryRun === true,
        rejects: flags.rejects,
        delimiter: flags.delimiter,
        encoding: flags.encoding,
        decimalComma: flags.decimalComma === true,
        maxErrors: flags.maxErrors,
        skipInvalid: flags.skipInvalid === true,
        createBuildings: flags.createBuildings === true,
        replaceOverlapping: flags.replaceOverlapping === true,
        resume: flags.resume === true,
      });
    });
}

export async function runImport(ctx: Context, opts: ImportOptions): Promise<void> {
  const [
    { importOptions, reportImport },
    { importConsumptions, startParseWorker },
    { createProgressReporter },
    { checkOutputPaths },
    { idResolver },
  ] = await Promise.all([
    import("./import-report.js"),
    import("../../../import/consumptions.js"),
    import("../../render/progress.js"),
    import("../../output-paths.js"),
    import("../../id-resolver.js"),
  ]);
  const parsed = importOptions(opts);
  if (parsed.rejectsFile !== undefined) {
    await checkOutputPaths(ctx, [{ flag: "--rejects", file: parsed.rejectsFile }], [parsed.file]);
  }
  const engine = await ctx.engine();
  // A local import of a large file parses in a worker: started now, it loads its code while this
  // thread opens the database (a server import checks the whole file first, on this thread).
  const parseWorker = engine.kind === "local" ? await startParseWorker(parsed.file) : undefined;
  let report: ConsumptionImportReport;
  let options: typeof parsed;
  try {
    const companyId =
      opts.company === undefined
        ? undefined
        : await idResolver(() => ctx.service()).company("--company", opts.company);
    options = companyId === undefined ? parsed : { ...parsed, companyId };
    const service = await ctx.service();
    if (opts.resume === true && engine.kind === "local" && ctx.globals().quiet !== true) {
      ctx.io.err(
        "note: --resume has nothing to do on a local database: a local import is all or nothing",
      );
    }
    const { stateDir } = await import("../../paths.js");
    const journal =
      engine.kind === "remote"
        ? { dir: path.join(stateDir(ctx.env), "imports"), apiUrl: engine.apiUrl }
        : undefined;
    // A progress bar on a terminal's stderr only (createProgressReporter checks), not with --quiet.
    const progress =
      ctx.globals().quiet === true
        ? { update() {}, done() {} }
        : createProgressReporter(ctx.io, { label: options.file });
    try {
      report = await importConsumptions(service, {
        ...options,
        ...(journal === undefined ? {} : { journal }),
        ...(parseWorker === undefined ? {} : { parseWorker }),
        resume: opts.resume === true,
        signal: ctx.signal,
        onProgress: (snapshot) => progress.update(snapshot),
        ...pauseForTests(ctx),
      });
    } finally {
      progress.done();
    }
  } finally {
    await parseWorker?.dispose();
  }
  reportImport(ctx, report, options);
}

/**
 * CARBON_TEST_PAUSE_IMPORT_ROWS=N: once N rows are written the import says so on stderr and
 * waits, its transaction open, until it is interrupted or killed. The signal tests of the built
 * binary use it to stop an import at a known point of a small file.
 */
function pauseForTests(ctx: Context): Pick<ConsumptionImportOptions, "afterBatch"> {
  const raw = ctx.env.CARBON_TEST_PAUSE_IMPORT_ROWS;
  if (raw === undefined || raw === "") return {};
  const rows = Number(raw);
  if (!Number.isSafeInteger(rows) || rows < 1) {
    throw new CarbonError(
      "usage",
      `CARBON_TEST_PAUSE_IMPORT_ROWS must be a whole number, not ${raw}`,
    );
  }
  let paused = false;
  return {
    async afterBatch(written) {
      if (paused || written < rows) return;
      paused = true;
      ctx.io.err(`paused after ${written} rows written (CARBON_TEST_PAUSE_IMPORT_ROWS)`);
      const signal = ctx.signal;
      if (signal.aborted) return;
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
    },
  };
}
