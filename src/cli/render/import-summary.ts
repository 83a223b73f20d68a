import type { ConsumptionImportReport } from "../../import/consumptions.js";
import { formatCount, formatKilograms } from "./numbers.js";
import { problemLines } from "./problems.js";

/** How many distinct row errors the summary lists before pointing at --rejects. */
export const MAX_LISTED_ERRORS = 50;

export interface ImportSummaryOptions {
  /** Where the rejected rows were written (--rejects), if anywhere. */
  readonly rejectsFile?: string;
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * The first distinct errors, each once with the lines it occurs on (`line 42, column quantity:
 * …` when on one line), then how many more there are and how to get them all.
 */
export function errorLines(
  report: Pick<ConsumptionImportReport, "errors" | "errorCount">,
  rejectsFile?: string,
): string[] {
  const problems = report.errors.map((error) => ({
    line: error.line,
    path: error.column,
    message: error.message,
  }));
  const listed = problemLines(problems, MAX_LISTED_ERRORS, report.errorCount);
  const lines = [...listed.lines];
  const more = listed.more;
  if (more > 0) {
    lines.push(
      rejectsFile === undefined
        ? `… and ${formatCount(more)} more; use --rejects FILE to get them all`
        : `… and ${formatCount(more)} more in ${rejectsFile}`,
    );
  }
  return lines;
}

function row(label: string, value: string): string {
  return `  ${label.padEnd(20, " ")}${value}`;
}

/** The counts and kgCO2e of the summary, numbers right-aligned. */
function countLines(report: ConsumptionImportReport): string[] {
  const entries: [string, string, string][] = [
    ["rows read", formatCount(report.rowsRead), ""],
    ["inserted", formatCount(report.inserted), ""],
    ["updated", formatCount(report.updated), ""],
    ["unchanged", formatCount(report.unchanged), ""],
    ["rejected", formatCount(report.rejected), ""],
  ];
  const unknown = report.outcomeUnknown ?? 0;
  if (unknown > 0) {
    entries.splice(4, 0, ["stored", formatCount(unknown), " (the server did not say how)"]);
  }
  if (report.emissionsUnknown !== true) {
    entries.push(["awaiting factor", formatCount(report.awaitingFactor), ""]);
  }
  if (report.replaced > 0) {
    entries.splice(4, 0, ["replaced", formatCount(report.replaced), " (--replace-overlapping)"]);
  }
  if (report.resumedSkipped > 0) {
    entries.splice(1, 0, ["stored earlier", formatCount(report.resumedSkipped), " (--resume)"]);
  }
  for (const scope of report.emissionsUnknown === true ? [] : (["1", "2", "3"] as const)) {
    // Scope 2 as everywhere else: the location-based figure, said so.
    const unit = scope === "2" ? " kgCO2e (location-based)" : " kgCO2e";
    entries.push([`scope ${scope}`, formatKilograms(report.co2eByScope[scope]), unit]);
  }
  const width = Math.max(...entries.map(([, value]) => value.length));
  return entries.map(([label, value, unit]) => row(label, `${value.padStart(width, " ")}${unit}`));
}

/** Whether the rows were stored, or why not; undefined when all were and none was rejected. */
export function storedLine(
  report: Pick<ConsumptionImportReport, "dryRun" | "committed" | "rejected">,
): string | undefined {
  if (report.dryRun) return "dry run: nothing was stored";
  if (!report.committed) {
    return report.rejected > 0
      ? `nothing was stored because ${plural(report.rejected, "row was", "rows were")} rejected; fix them or use --skip-invalid`
      : "nothing was stored";
  }
  if (report.rejected > 0) {
    return `${plural(report.rejected, "rejected row was", "rejected rows were")} skipped; the other rows were stored`;
  }
  return undefined;
}

/** What happened to the data, in one or two sentences. */
function outcomeLines(report: ConsumptionImportReport, options: ImportSummaryOptions): string[] {
  const lines: string[] = [];
  if (report.stoppedEarly) {
    lines.push(
      `stopped reading after ${plural(report.errorCount, "error", "errors")} (--max-errors)`,
    );
  }
  if (report.resumeRefused !== undefined) {
    lines.push(
      `warning: --resume skipped nothing: ${report.resumeRefused}; every row was sent again`,
    );
  }
  const stored = storedLine(report);
  if (stored !== undefined) lines.push(stored);
  if (report.emissionsUnknown === true) {
    lines.push(
      report.dryRun
        ? "emissions not calculated: the server offers no dry run, so the counts come from its listing of stored consumptions; only a real import calculates them"
        : "emissions not shown: the server stored the rows without sending their emissions back; see them with carbon emissions list",
    );
  }
  if (report.overlapping > 0 && report.replaced === 0 && report.rejected > 0) {
    lines.push(
      `${plural(report.overlapping, "row overlaps", "rows overlap")} a stored consumption of the same building, category and entityId: both would be counted; --replace-overlapping replaces the stored ones`,
    );
  }
  if (report.resumable) {
    lines.push(
      report.committed
        ? "an earlier import of this file had been interrupted; next time, --resume sends only what is missing"
        : "an earlier import of this file was interrupted; --resume sends only what is missing",
    );
  }
  if (report.rejected > 0 && options.rejectsFile !== undefined) {
    lines.push(`rejected rows written to ${options.rejectsFile}`);
  }
  if (report.awaitingFactor > 0 && report.committed) {
    lines.push(
      `${plural(report.awaitingFactor, "consumption is", "consumptions are")} waiting for an emission factor: see \`carbon emissions list --explain\` (status awaiting_factor)`,
    );
  }
  return lines;
}

/** Everything printed on stderr after an import: errors, counts, buildings created, outcome. */
export function importSummaryLines(
  report: ConsumptionImportReport,
  options: ImportSummaryOptions,
): string[] {
  const lines = errorLines(report, options.rejectsFile);
  if (lines.length > 0) lines.push("");
  lines.push(`${report.file}:`);
  lines.push(...countLines(report));
  if (report.buildingsCreated.length > 0) {
    const names = report.buildingsCreated.map((building) => building.name).join(", ");
    lines.push(
      row(
        report.dryRun ? "buildings to create" : "buildings created",
        `${formatCount(report.buildingsCreated.length)} (${names})`,
      ),
    );
  }
  lines.push(...outcomeLines(report, options));
  return lines;
}
