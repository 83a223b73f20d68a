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
  total: number;
}

/** A scope's figure under each method: they differ for scope 2 only. */
export interface ScopeTotalsRow {
  readonly scope: "1" | "2" | "3";
  readonly location: number;
  readonly market: number;
}

const MAX_BAR = 30;
const MIN_BAR = 4;

function add(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** Location- and market-based figures per scope: scopes 1 and 3 count the same in both. */
export function scopeTotals(summary: EmissionSummary): ScopeTotalsRow[] {
  const { byScope, scope2MarketBased } = summary.totals;
  return [
    { scope: "1", location: byScope["1"], market: byScope["1"] },
    { scope: "2", location: byScope["2"], market: scope2MarketBased ?? 0 },
    { scope: "3", location: byScope["3"], market: byScope["3"] },
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
    series.push({ ...location, header: `Scope 2 location-based (${unit.label})` });
    const market: Series = {
      header: `Scope 2 market-based (${unit.label})`,
      byMonth: new Map(),
      total: 0,
    };
    for (const group of mine) {
      add(market.byMonth, group.key.month ?? "", group.co2eMarketBased);
      market.total += group.co2eMarketBased;
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
    series.total += group.co2e;
  }
  return [...byCode.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, series]) => series);
}

/** The largest figure the tables show, which decides between kg and t. */
function largestFigure(summary: EmissionSummary): number {
  return Math.max(Math.abs(summary.totals.co2e), Math.abs(summary.totals.co2eMarketBased));
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
 * Months as rows and scopes (scope 2 location- and market-based side by side) or categories
 * (location-based) as columns, then the month's location-based and market-based totals, a bar
 * of the location-based one scaled to the largest month, and a total row. `scopes` is a
 * summary grouped by scope for the per-scope table of --by category.
 */
export function emissionDashboardTables(
  grid: EmissionSummary,
  scopes: EmissionSummary,
  options: EmissionDashboardOptions,
): BoxTable[] {
  const unit = chooseMassUnit(largestFigure(grid));
  const series =
    options.by === "scope" ? scopeSeries(grid.groups, unit) : categorySeries(grid.groups, unit);
  const months = dashboardMonths(
    options.year,
    grid.groups.map((group) => group.key.month ?? ""),
  );
  const monthTotals = new Map<string, number>();
  const monthMarket = new Map<string, number>();
  for (const group of grid.groups) {
    add(monthTotals, group.key.month ?? "", group.co2e);
    add(monthMarket, group.key.month ?? "", group.co2eMarketBased);
  }
  const largestMonth = Math.max(0, ...monthTotals.values());

  const valueCell = (value: number | undefined): string =>
    value === undefined ? "" : formatMass(value, unit);
  const rows = months.map((month) => [
    month,
    ...series.map((s) => valueCell(s.byMonth.get(month))),
    valueCell(monthTotals.get(month)),
    valueCell(monthMarket.get(month)),
  ]);
  rows.push([
    "Total",
    ...series.map((s) => valueCell(s.total)),
    valueCell(grid.totals.co2e),
    valueCell(grid.totals.co2eMarketBased),
  ]);
  const { headers, bar: width } = fitHeaders(
    [
      "Month",
      ...series.map((s) => s.header),
      `Total location-based (${unit.label})`,
      `Total market-based (${unit.label})`,
    ],
    rows,
    options.columns,
  );
  const aligns: BoxAlign[] = ["left", ...series.map(() => "right" as const), "right", "right"];
  if (width >= MIN_BAR) {
    headers.push("");
    aligns.push("left");
    months.forEach((month, index) => {
      rows[index]?.push(paddedBar(monthTotals.get(month) ?? 0, largestMonth, width));
    });
    rows[rows.length - 1]?.push("");
  }
  const tables: BoxTable[] = [{ headers, rows, aligns, footerRows: 1 }];
  if (options.by === "category") tables.push(scopeTotalsTable(scopes, unit));
  return tables;
}

/** Each scope under both methods, and the location-based and market-based totals. */
function scopeTotalsTable(summary: EmissionSummary, unit: MassUnit): BoxTable {
  const rows = scopeTotals(summary).map((row) => [
    `Scope ${row.scope}`,
    formatMass(row.location, unit),
    formatMass(row.market, unit),
  ]);
  rows.push([
    "Total",
    formatMass(summary.totals.co2e, unit),
    formatMass(summary.totals.co2eMarketBased, unit),
  ]);
  return {
    headers: ["Scope", `Location-based (${unit.label})`, `Market-based (${unit.label})`],
    rows,
    footerRows: 1,
    aligns: ["left", "right", "right"],
  };
}
