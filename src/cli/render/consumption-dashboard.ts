import type { ConsumptionGroup, ConsumptionSummary } from "../../core/model/emission.js";
import { paddedBar } from "./bars.js";
import { type BoxTable, boxOverhead, longestWord, wrapText } from "./box-table.js";
import { cellWidth, dashboardMonths } from "./months.js";
import { formatCount, formatQuantity } from "./numbers.js";

export interface ConsumptionDashboardOptions {
  /** The year asked for (all twelve months are shown), or undefined for every month with data. */
  readonly year?: number;
  /** Terminal width the table should fit in. */
  readonly columns: number;
}

interface SeriesColumn {
  readonly key: string;
  readonly header: string;
  readonly scope: number;
  readonly code: string;
  readonly byMonth: Map<string, number>;
  total: number;
}

const MAX_BAR = 20;
const MIN_BAR = 3;
const COUNT_HEADER = "Consumptions";

/** One column per subcategory and unit, ordered by scope then code. */
function seriesColumns(groups: readonly ConsumptionGroup[]): SeriesColumn[] {
  const series = new Map<string, SeriesColumn>();
  for (const group of groups) {
    const key = `${group.categoryCode}\u0000${group.unit}`;
    let column = series.get(key);
    if (column === undefined) {
      column = {
        key,
        header: `${group.categoryName} (${group.unit})`,
        scope: group.scope,
        code: group.categoryCode,
        byMonth: new Map(),
        total: 0,
      };
      series.set(key, column);
    }
    column.byMonth.set(group.month, (column.byMonth.get(group.month) ?? 0) + group.quantity);
    column.total += group.quantity;
  }
  return [...series.values()].sort(
    (a, b) => a.scope - b.scope || a.code.localeCompare(b.code) || a.key.localeCompare(b.key),
  );
}

interface Layout {
  /** Bar cells per subcategory column (0: no bars). */
  readonly bar: number;
  /** Header of each subcategory column, wrapped to fit when needed. */
  readonly headers: readonly string[];
}

/**
 * The widest bars (up to MAX_BAR) for which the table fits the terminal with headers wrapped
 * to their longest word; then headers unwrapped if there is room for that too.
 */
function layout(
  headers: readonly string[],
  numberWidths: readonly number[],
  fixedWidth: number,
  terminalColumns: number,
): Layout {
  const overhead = boxOverhead(headers.length + 2) + fixedWidth;
  const dataWidth = (index: number, bar: number): number =>
    (numberWidths[index] ?? 0) + (bar > 0 ? bar + 1 : 0);
  const total = (bar: number, headerWidth: (header: string) => number): number =>
    headers.reduce(
      (sum, header, index) => sum + Math.max(dataWidth(index, bar), headerWidth(header)),
      overhead,
    );
  let bar = 0;
  for (let candidate = MAX_BAR; candidate >= MIN_BAR; candidate -= 1) {
    if (total(candidate, longestWord) <= terminalColumns) {
      bar = candidate;
      break;
    }
  }
  if (total(bar, cellWidth) <= terminalColumns) return { bar, headers };
  return {
    bar,
    headers: headers.map((header, index) =>
      wrapText(header, Math.max(dataWidth(index, bar), longestWord(header))),
    ),
  };
}

/**
 * Months as rows, one column per subcategory with its quantity (in the subcategory's unit) and
 * a bar scaled to that column's largest month, the number of consumptions, and a total row.
 */
export function consumptionDashboardTable(
  summary: ConsumptionSummary,
  options: ConsumptionDashboardOptions,
): BoxTable {
  const series = seriesColumns(summary.groups);
  const months = dashboardMonths(
    options.year,
    summary.groups.map((group) => group.month),
  );
  const counts = new Map<string, number>();
  for (const group of summary.groups) {
    counts.set(group.month, (counts.get(group.month) ?? 0) + group.count);
  }
  const numberWidths = series.map((column) =>
    Math.max(
      cellWidth(formatQuantity(column.total)),
      ...[...column.byMonth.values()].map((value) => cellWidth(formatQuantity(value))),
    ),
  );
  const fixedWidth =
    Math.max(cellWidth("Month"), ...months.map(cellWidth)) +
    Math.max(COUNT_HEADER.length, cellWidth(formatCount(summary.count)));
  const sized = layout(
    series.map((column) => column.header),
    numberWidths,
    fixedWidth,
    options.columns,
  );
  const width = sized.bar;
  const maxima = series.map((column) => Math.max(0, ...column.byMonth.values()));

  const cell = (index: number, value: number | undefined, withBar: boolean): string => {
    if (value === undefined) return "";
    const text = formatQuantity(value).padStart(numberWidths[index] ?? 0, " ");
    if (width === 0) return text;
    return `${text} ${withBar ? paddedBar(value, maxima[index] ?? 0, width) : " ".repeat(width)}`;
  };

  const rows = months.map((month) => [
    month,
    ...series.map((column, index) => cell(index, column.byMonth.get(month), true)),
    formatCount(counts.get(month) ?? 0),
  ]);
  rows.push([
    "Total",
    ...series.map((column, index) => cell(index, column.total, false)),
    formatCount(summary.count),
  ]);
  return {
    headers: ["Month", ...sized.headers, COUNT_HEADER],
    rows,
    footerRows: 1,
    aligns: ["left", ...series.map(() => "left" as const), "right"],
  };
}
