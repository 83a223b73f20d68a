import { describe, expect, it } from "vitest";
import { renderBoxTable } from "../../../src/cli/render/box-table.js";
import {
  emissionDashboardTables,
  scopeTotals,
} from "../../../src/cli/render/emission-dashboard.js";
import type { EmissionGroup, EmissionSummary } from "../../../src/core/model/emission.js";

const NO_LABELS = {
  awaitingFactor: 0,
  marketAwaitingFactor: 0,
  earlierYear: 0,
  otherGeography: 0,
  proxy: 0,
  gwpNotConverted: 0,
};

/** A group; its market-based total is its location-based one unless scope 2 makes them differ. */
function group(
  key: Record<string, string>,
  co2e: number,
  market: number = co2e,
  label: Record<string, string> = {},
): EmissionGroup {
  return {
    key,
    label,
    co2e,
    co2eMarketBased: market,
    count: 1,
    awaitingFactor: 0,
    marketAwaitingFactor: 0,
  };
}

function summary(groups: EmissionGroup[], groupBy: EmissionSummary["groupBy"]): EmissionSummary {
  const byScope = { "1": 0, "2": 0, "3": 0 };
  return {
    groupBy,
    groups,
    totals: {
      co2e: groups.reduce((sum, g) => sum + g.co2e, 0),
      co2eMarketBased: groups.reduce((sum, g) => sum + g.co2eMarketBased, 0),
      byScope,
      scope2MarketBased: null,
      count: groups.length,
      ...NO_LABELS,
    },
    factorLibraryVersion: "test",
    gwpSet: "AR5",
  };
}

const byMonthScope = summary(
  [
    group({ month: "2024-01", scope: "1" }, 2500),
    group({ month: "2024-01", scope: "2" }, 800, 1200),
    group({ month: "2024-02", scope: "1" }, 1650),
  ],
  ["month", "scope"],
);
const byScope: EmissionSummary = {
  ...summary([group({ scope: "1" }, 4150), group({ scope: "2" }, 800, 1200)], ["scope"]),
  totals: {
    co2e: 4950,
    co2eMarketBased: 5350,
    byScope: { "1": 4150, "2": 800, "3": 0 },
    scope2MarketBased: 1200,
    count: 3,
    ...NO_LABELS,
  },
};

describe("emission dashboard", () => {
  it("puts scope 2 market-based beside location-based, then both totals, in kg below 10 t", () => {
    const [table] = emissionDashboardTables(byMonthScope, byScope, { by: "scope", columns: 240 });
    expect(table?.headers.slice(0, 7)).toEqual([
      "Month",
      "Scope 1 (kgCO2e)",
      "Scope 2 location-based (kgCO2e)",
      "Scope 2 market-based (kgCO2e)",
      "Scope 3 (kgCO2e)",
      "Total location-based (kgCO2e)",
      "Total market-based (kgCO2e)",
    ]);
    // Market-based total = scope 1 + scope 2 market-based + scope 3: 2,500 + 1,200.
    expect(table?.rows[0]?.slice(0, 7)).toEqual([
      "2024-01",
      "2,500.0",
      "800.0",
      "1,200.0",
      "",
      "3,300.0",
      "3,700.0",
    ]);
    expect(table?.rows.at(-1)?.slice(0, 7)).toEqual([
      "Total",
      "4,150.0",
      "800.0",
      "1,200.0",
      "0.0",
      "4,950.0",
      "5,350.0",
    ]);
  });

  it("draws a bar per month scaled to the largest month", () => {
    const [table] = emissionDashboardTables(byMonthScope, byScope, { by: "scope", columns: 140 });
    const bars = table?.rows.map((row) => row[7] ?? "") ?? [];
    expect(bars[0]?.trimEnd()).toMatch(/^█+$/);
    const january = (bars[0]?.match(/█/g) ?? []).length;
    expect((bars[1]?.match(/█/g) ?? []).length).toBe(Math.floor(january / 2));
    const text = renderBoxTable(table ?? { headers: [], rows: [], footerRows: 0, aligns: [] });
    for (const line of text.split("\n")) expect([...line].length).toBeLessThanOrEqual(140);
  });

  it("switches to tonnes from 10 t, and by category adds a scope totals table", () => {
    const grid = summary(
      [
        group({ month: "2024-03", category: "stationary_combustion" }, 25_000, 25_000, {
          category: "Stationary combustion",
        }),
      ],
      ["month", "category"],
    );
    const tables = emissionDashboardTables(grid, byScope, {
      by: "category",
      columns: 160,
      year: 2024,
    });
    expect(tables).toHaveLength(2);
    expect(tables[0]?.headers[1]).toBe("Stationary combustion (tCO2e)");
    expect(tables[0]?.rows[2]?.[1]).toBe("25.00");
    expect(tables[0]?.rows[0]?.[1]).toBe("");
    expect(tables[1]?.headers).toEqual(["Scope", "Location-based (tCO2e)", "Market-based (tCO2e)"]);
    expect(tables[1]?.rows).toEqual([
      ["Scope 1", "4.15", "4.15"],
      ["Scope 2", "0.80", "1.20"],
      ["Scope 3", "0.00", "0.00"],
      ["Total", "4.95", "5.35"],
    ]);
  });

  it("gives scopes 1 and 3 the same figure under both methods, scope 2 its market-based one", () => {
    expect(scopeTotals(byScope)).toEqual([
      { scope: "1", location: 4150, market: 4150 },
      { scope: "2", location: 800, market: 1200 },
      { scope: "3", location: 0, market: 0 },
    ]);
  });
});
