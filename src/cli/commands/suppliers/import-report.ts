import { CarbonError } from "../../../core/errors.js";
import type { SupplierImportReport } from "../../../import/suppliers/import.js";
import type { Context } from "../../context.js";
import { renderObject } from "../../output/format.js";
import { errorLines, storedLine } from "../../render/import-summary.js";
import { formatCount } from "../../render/numbers.js";

/** The errors, the counts and what happened to the data, as printed on stderr. */
export function supplierImportSummaryLines(
  report: SupplierImportReport,
  rejectsFile: string | undefined,
): string[] {
  const lines = errorLines(report, rejectsFile);
  if (lines.length > 0) lines.push("");
  lines.push(`${report.file}:`);
  const entries: [string, number][] = [
    ["rows read", report.rowsRead],
    ["inserted", report.inserted],
    ["updated", report.updated],
    ["unchanged", report.unchanged],
    ...(report.outcomeUnknown > 0
      ? [["outcome unknown", report.outcomeUnknown] satisfies [string, number]]
      : []),
    ["rejected", report.rejected],
  ];
  const width = Math.max(...entries.map(([, value]) => formatCount(value).length));
  for (const [label, value] of entries) {
    lines.push(`  ${label.padEnd(20, " ")}${formatCount(value).padStart(width, " ")}`);
  }
  const stored = storedLine(report);
  if (stored !== undefined) lines.push(stored);
  if (report.rejected > 0 && rejectsFile !== undefined) {
    lines.push(`rejected rows written to ${rejectsFile}`);
  }
  return lines;
}

/**
 * The summary on stderr (not with --quiet, unless rows were rejected); the report on stdout
 * with --format json or ndjson. Any rejected row fails the command with exit 3, after printing.
 */
export function reportSupplierImport(
  ctx: Context,
  report: SupplierImportReport,
  rejectsFile: string | undefined,
): void {
  const format = ctx.format();
  if (format === "json" || format === "ndjson") renderObject(ctx.io, format, report, []);
  if (ctx.globals().quiet !== true || report.rejected > 0) {
    ctx.io.err(supplierImportSummaryLines(report, rejectsFile).join("\n"));
  }
  if (report.rejected > 0) {
    const rows = report.rejected === 1 ? "1 row" : `${report.rejected} rows`;
    throw new CarbonError("validation", `${rows} rejected`);
  }
}
