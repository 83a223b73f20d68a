import { CarbonError } from "../../../core/errors.js";
import type { InvoiceImportReport } from "../../../import/invoices/import.js";
import type { Context } from "../../context.js";
import { renderObject } from "../../output/format.js";
import { errorLines } from "../../render/import-summary.js";

/** The errors, the counts and what happened to the data, as printed on stderr. */
export function invoiceImportSummaryLines(report: InvoiceImportReport): string[] {
  const lines = errorLines(report);
  if (lines.length > 0) lines.push("");
  lines.push(`${report.file}:`);
  const entries: [string, number | null][] = [
    ["rows read", report.rowsRead],
    ["invoices", report.invoices],
    ["inserted", report.inserted],
    ["updated", report.updated],
    ["rejected rows", report.rejected],
  ];
  for (const [label, value] of entries) {
    if (value !== null) lines.push(`  ${label.padEnd(16, " ")}${value}`);
  }
  if (report.dryRun) lines.push("dry run: nothing was stored");
  else if (!report.committed) lines.push("nothing was stored");
  return lines;
}

/**
 * The summary on stderr (not with --quiet, unless rows were rejected); the report on stdout
 * with --format json or ndjson. Any rejected row fails the command with exit 3, after printing.
 */
export function reportInvoiceImport(ctx: Context, report: InvoiceImportReport): void {
  const format = ctx.format();
  if (format === "json" || format === "ndjson") renderObject(ctx.io, format, report, []);
  if (ctx.globals().quiet !== true || report.rejected > 0) {
    ctx.io.err(invoiceImportSummaryLines(report).join("\n"));
  }
  if (report.rejected > 0) {
    const rows = report.rejected === 1 ? "1 row" : `${report.rejected} rows`;
    throw new CarbonError("validation", `${rows} rejected: nothing was stored`);
  }
}
