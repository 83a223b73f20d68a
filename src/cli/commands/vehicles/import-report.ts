import { CarbonError } from "../../../core/errors.js";
import type { VehicleImportReport } from "../../../import/vehicles/import.js";
import type { Context } from "../../context.js";
import { renderObject } from "../../output/format.js";
import { errorLines } from "../../render/import-summary.js";
import { formatCount } from "../../render/numbers.js";

function rowsText(count: number): string {
  return count === 1 ? "1 row" : `${formatCount(count)} rows`;
}

function rowsWere(count: number): string {
  return `${rowsText(count)} ${count === 1 ? "was" : "were"}`;
}

/** What happened to the data, in one sentence. */
function storedText(report: VehicleImportReport): string | undefined {
  if (report.dryRun) return "dry run: nothing was stored";
  if (report.rejected === 0) return undefined;
  if (report.stored === 0)
    return `nothing was stored because ${rowsWere(report.rejected)} rejected`;
  return `${rowsWere(report.stored)} stored on the server before the refused row; fix it and import the file again (stored vehicles are updated in place)`;
}

/** The errors, the counts and what happened to the data, as printed on stderr. */
export function vehicleImportSummaryLines(report: VehicleImportReport): string[] {
  const lines = errorLines(report);
  if (lines.length > 0) lines.push("");
  lines.push(`${report.file}:`);
  const entries: [string, number][] = [
    ["rows read", report.rowsRead],
    ["inserted", report.inserted],
    ["updated", report.updated],
    ["rejected", report.rejected],
  ];
  const width = Math.max(...entries.map(([, value]) => formatCount(value).length));
  for (const [label, value] of entries) {
    lines.push(`  ${label.padEnd(20, " ")}${formatCount(value).padStart(width, " ")}`);
  }
  const stored = storedText(report);
  if (stored !== undefined) lines.push(stored);
  return lines;
}

/**
 * The summary on stderr (not with --quiet, unless rows were rejected); the report on stdout
 * with --format json or ndjson. Any rejected row fails the command with exit 3, after printing.
 */
export function reportVehicleImport(ctx: Context, report: VehicleImportReport): void {
  const format = ctx.format();
  if (format === "json" || format === "ndjson") renderObject(ctx.io, format, report, []);
  if (ctx.globals().quiet !== true || report.rejected > 0) {
    ctx.io.err(vehicleImportSummaryLines(report).join("\n"));
  }
  if (report.rejected > 0) {
    throw new CarbonError("validation", `${rowsText(report.rejected)} rejected`);
  }
}
