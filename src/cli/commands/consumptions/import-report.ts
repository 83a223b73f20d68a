import { CarbonError } from "../../../core/errors.js";
import type {
  ConsumptionImportOptions,
  ConsumptionImportReport,
} from "../../../import/consumptions.js";
import type { Context } from "../../context.js";
import { parseInteger } from "../../flags.js";
import { renderObject } from "../../output/format.js";
import { importSummaryLines } from "../../render/import-summary.js";

export interface ImportOptions {
  readonly file: string;
  readonly company?: string;
  readonly building?: string;
  readonly dryRun: boolean;
  readonly rejects?: string;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly decimalComma: boolean;
  readonly maxErrors?: string;
  readonly skipInvalid: boolean;
  readonly createBuildings: boolean;
  /** Rows overlapping stored consumptions replace them (else such rows are rejected). */
  readonly replaceOverlapping?: boolean;
  /** Against a server: skip what an interrupted run stored (a note, no effect, locally). */
  readonly resume?: boolean;
}

/** The flags as the import pipeline takes them, but for --company (an id or a name, resolved by
 * the caller); bad values are usage errors (the pipeline checks --delimiter, --encoding and
 * --building itself). */
export function importOptions(opts: ImportOptions): ConsumptionImportOptions {
  if (opts.file.trim() === "") {
    throw new CarbonError("usage", "missing the CSV file to import");
  }
  return {
    file: opts.file,
    decimalComma: opts.decimalComma,
    dryRun: opts.dryRun,
    skipInvalid: opts.skipInvalid,
    createBuildings: opts.createBuildings,
    replaceOverlapping: opts.replaceOverlapping === true,
    // A building id or a building name: the import resolves it within the company.
    ...(opts.building === undefined ? {} : { buildingId: opts.building }),
    ...(opts.delimiter === undefined ? {} : { delimiter: opts.delimiter }),
    ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }),
    ...(opts.maxErrors === undefined
      ? {}
      : { maxErrors: parseInteger("--max-errors", opts.maxErrors, { min: 1 }) }),
    ...(opts.rejects === undefined ? {} : { rejectsFile: opts.rejects }),
  };
}

/**
 * The summary on stderr (not with --quiet, unless rows were rejected); the report on stdout
 * with --format json or ndjson. Any rejected row makes the import fail with a validation error
 * (exit 3), after everything was printed.
 */
export function reportImport(
  ctx: Context,
  report: ConsumptionImportReport,
  options: ConsumptionImportOptions,
): void {
  const format = ctx.format();
  if (format === "json" || format === "ndjson") renderObject(ctx.io, format, report, []);
  if (ctx.globals().quiet !== true || report.rejected > 0) {
    const lines = importSummaryLines(
      report,
      options.rejectsFile === undefined ? {} : { rejectsFile: options.rejectsFile },
    );
    ctx.io.err(lines.join("\n"));
  }
  if (report.rejected > 0) {
    const rows = report.rejected === 1 ? "1 row" : `${report.rejected} rows`;
    throw new CarbonError("validation", `${rows} rejected`);
  }
}
