import { CarbonError } from "../../../core/errors.js";
import type { EffluentImportReport } from "../../../import/effluents/import.js";
import type { Context } from "../../context.js";
import { renderObject } from "../../output/format.js";
import { errorLines } from "../../render/import-summary.js";
import { formatCount } from "../../render/numbers.js";

/** The errors, the counts and what happened to the data, as printed on stderr. */
export function effluentImportSummaryLines(report: EffluentImportReport): string[] {
  const lines = errorLines(report);
  if (lines.length > 0) lines.push("");
  lines.push(`${report.file}:`);
  const entries: [string, number][] = [
    ["rows read", report.rowsRead],
    ["inserted", report.inserted],
    ["updated", report.updated],
    ["unchanged", report.unchanged],
    ["rejected", report.rejected],
  ];
  const width = Math.max(...entries.map(([, value]) => formatCount(value).length));
  for (const [label, value] of entries) {
    lines.push(`  ${label.padEnd(20, " ")}${formatCount(value).padStart(width, " ")}`);
  }
  if (report.dryRun) lines.push("dry run: nothing was stored");
  else if (report.rejected > 0) {
    const rows = report.rejected === 1 ? "1 row was" : `${formatCount(report.rejected)} rows were`;
    lines.push(`nothing was stored because ${rows} rejected; fix them and import again`);
  }
  return lines;
}

/**
 * The summary on stderr (not with --quiet, unless rows were rejected); the report on stdout
 * with --format json or ndjson. Any rejected row fails the command with exit 3, after printing.
 */
export function reportEffluentImport(ctx: Context, report: EffluentImportReport): void {
  const format = ctx.format();
  if (format === "json" || format === "ndjson") renderObject(ctx.io, format, report, []);
  if (ctx.globals().quiet !== true || report.rejected > 0) {
    ctx.io.err(effluentImportSummaryLines(report).join("\n"));
  }
  if (report.rejected > 0) {
    const rows = report.rejected === 1 ? "1 row" : `${report.rejected} rows`;
    throw new CarbonError("validation", `${rows} rejected`);
  }
}
