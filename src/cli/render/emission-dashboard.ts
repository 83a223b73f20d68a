import type { EmissionGroup, EmissionSummary } from "../../core/model/emission.js";
import { paddedBar } from "./bars.js";
import { type BoxAlign, type BoxTable, boxOverhead, longestWord, wrapText } from "./box-table.js";
import { cellWidth, dashboardMonths } from "./months.js";
import { chooseMassUnit, formatMass, type MassUnit } from "./numbers.js";

export const dashboardDimensions = ["scope", "category"] as const;
export type DashboardDimension = (typeof dashboardDimensions)[number];

export interface EmissionDashboardOptions {
  /** The year asked for (all twelve months are shown), or undefined for every month with data. */
  readonly year?: number;
  readonly by: DashboardDimension;
  /** Terminal width the table should fit in. */
  readonly columns: number;
}

/** kgCO2e of one series (a scope, a category, scope 2 market-based) per month, and its total. */
interface Series {
  readonly header: string;
  readonly byMonth: Map<string, number>;
  total: number | null;
}

export interface ScopeTotalsRow {
  readonly scope: "1" | "2" | "3";
  readonly location: number;
  /** Scope 2 only: the market-based figure beside the location-based one. */
  readonly market: number | null;
}

const MAX_BAR = 30;
const MIN_BAR = 4;

function add(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** Location- and market-based totals per scope from a summary grouped by (at least) scope. */
export function scopeTotals(summary: EmissionSummary): ScopeTotalsRow[] {
  let market: number | null = null;
  for (const group of summary.groups) {
    if (group.key.scope === "2" && group.co2eMarketBased !== null) {
      market = (market ?? 0) + group.co2eMarketBased;
    }
  }
  return [
    { scope: "1", location: summary.totals.byScope["1"], market: null },
    { scope: "2", location: summary.totals.byScope["2"], market },
    { scope: "3", location: summary.totals.byScope["3"], market: null },
  ];
}

function scopeSeries(groups: readonly EmissionGroup[], unit: MassUnit): Series[] {
  const series: Series[] = [];
  for (const scope of ["1", "2", "3"] as const) {
    const mine = groups.filter((group) => group.key.scope === scope);
    const location: Series = { header: "", byMonth: new Map(), total: 0 };
    for (const group of mine) add(location.byMonth, group.key.month ?? "", group.co2e);
    location.total = mine.reduce((sum, group) => sum + group.co2e, 0);
    if (scope !== "2") {
      series.push({ ...location, header: `Scope ${scope} (${unit.label})` });
      continue;
    }
    series.push({ ...location, header: `Scope 2 location (${unit.label})` });
    const market: Series = {
      header: `Scope 2 market (${unit.label})`,
      byMonth: new Map(),
      total: null,
    };
    for (const group of mine) {
      if (group.co2eMarketBased === null) continue;
      add(market.byMonth, group.key.month ?? "", group.co2eMarketBased);
      market.total = (market.total ?? 0) + group.co2eMarketBased;
    }
    series.push(market);
  }
  return series;
}

function categorySeries(groups: readonly EmissionGroup[], unit: MassUnit): Series[] {
  const byCode = new Map<string, Series>();
  for (const group of groups) {
    const code = group.key.category ?? "";
    let series = byCode.get(code);
    if (series === undefined) {
      series = {
        header: `${group.label.category ?? code} (${unit.label})`,
        byMonth: new Map(),
        total: 0,
      };
      byCode.set(code, series);
    }
    add(series.byMonth, group.key.month ?? "", group.co2e);
    series.total = (series.total ?? 0) + group.co2e;
  }
  return [...byCode.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, series]) => series);
}

/** The largest figure the tables show, which decides between kg and t. */
function largestFigure(summary: EmissionSummary, totals: readonly ScopeTotalsRow[]): number {
  const market = totals.reduce((sum, row) => sum + (row.market ?? row.location), 0);
  return Math.max(Math.abs(summary.totals.co2e), Math.abs(market));
}

/**
 * Headers as they are when a bar column of at least MIN_BAR still fits, else wrapped to their
 * column's values (or longest word); and the bar width that fits then (0: no bars).
 */
function fitHeaders(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  terminalColumns: number,
): { readonly headers: string[]; readonly bar: number } {
  const dataWidths = headers.map((_, index) =>
    Math.max(0, ...rows.map((row) => cellWidth(row[index] ?? ""))),
  );
  const room = (headerWidth: (header: string) => number): number =>
    terminalColumns -
    boxOverhead(headers.length + 1) -
    headers.reduce(
      (sum, header, index) => sum + Math.max(dataWidths[index] ?? 0, headerWidth(header)),
      0,
    );
  const unwrapped = room(cellWidth);
  if (unwrapped >= MIN_BAR) return { headers: [...headers], bar: Math.min(MAX_BAR, unwrapped) };
  const wrapped = room(longestWord);
  return {
    headers: headers.map((header, index) =>
      wrapText(header, Math.max(dataWidths[index] ?? 0, longestWord(header))),
    ),
    bar: wrapped >= MIN_BAR ? Math.min(MAX_BAR, wrapped) : 0,
  };
}

/**
 * Months as rows and scopes (scope 2 location- and market-based side by side) or categories as
 * columns, a location-based total per month with a bar scaled to the largest month, and a total
 * row. `scopes` is a summary grouped by scope for the totals (market-based scope 2 included).
 */
export function emissionDashboardTables(
  grid: EmissionSummary,
  scopes: EmissionSummary,
  options: EmissionDashboardOptions,
): BoxTable[] {
  const totals = scopeTotals(scopes);
  const unit = chooseMassUnit(largestFigure(grid, totals));
  const series =
    options.by === "scope" ? scopeSeries(grid.groups, unit) : categorySeries(grid.groups, unit);
  const months = dashboardMonths(
    options.year,
    grid.groups.map((group) => group.key.month ?? ""),
  );
  const monthTotals = new Map<string, number>();
  for (const group of grid.groups) add(monthTotals, group.key.month ?? "", group.co2e);
  const largestMonth = Math.max(0, ...monthTotals.values());

  const valueCell = (value: number | null | undefined): string =>
    value === null || value === undefined ? "" : formatMass(value, unit);
  const rows = months.map((month) => [
    month,
    ...series.map((s) => valueCell(s.byMonth.get(month))),
    valueCell(monthTotals.get(month)),
  ]);
  rows.push(["Total", ...series.map((s) => valueCell(s.total)), valueCell(grid.totals.co2e)]);
  const { headers, bar: width } = fitHeaders(
    ["Month", ...series.map((s) => s.header), `Total (${unit.label})`],
    rows,
    options.columns,
  );
  const aligns: BoxAlign[] = ["left", ...series.map(() => "right" as const), "right"];
  if (width >= MIN_BAR) {
    headers.push("");
    aligns.push("left");
    months.forEach((month, index) => {
      rows[index]?.push(paddedBar(monthTotals.get(month) ?? 0, largestMonth, width));
    });
    rows[rows.length - 1]?.push("");
  }
  const tables: BoxTable[] = [{ headers, rows, aligns, footerRows: 1 }];
  if (options.by === "category") tables.push(scopeTotalsTable(totals, scopes.totals.co2e, unit));
  return tables;
}

/** Scope, location-based and market-based totals, with a grand total of each. */
function scopeTotalsTable(
  totals: readonly ScopeTotalsRow[],
  total: number,
  unit: MassUnit,
): BoxTable {
  const marketTotal = totals.reduce((sum, row) => sum + (row.market ?? row.location), 0);
  const rows = totals.map((row) => [
    `Scope ${row.scope}`,
    formatMass(row.location, unit),
    row.market === null ? "" : formatMass(row.market, unit),
  ]);
  rows.push(["Total", formatMass(total, unit), formatMass(marketTotal, unit)]);
  return {
    headers: ["Scope", `Location-based (${unit.label})`, `Market-based (${unit.label})`],
    rows,
    footerRows: 1,
    aligns: ["left", "right", "right"],
  };
}
