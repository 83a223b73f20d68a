import { describe, expect, it } from "vitest";
import { renderBoxTable } from "../../../src/cli/render/box-table.js";
import {
  emissionDashboardTables,
  scopeTotals,
} from "../../../src/cli/render/emission-dashboard.js";
import type { EmissionGroup, EmissionSummary } from "../../../src/core/model/emission.js";

function group(
  key: Record<string, string>,
  co2e: number,
  market: number | null = null,
  label: Record<string, string> = {},
): EmissionGroup {
  return { key, label, co2e, co2eMarketBased: market, count: 1, awaitingFactor: 0 };
}

function summary(groups: EmissionGroup[], groupBy: EmissionSummary["groupBy"]): EmissionSummary {
  const byScope = { "1": 0, "2": 0, "3": 0 };
  return {
    groupBy,
    groups,
    totals: {
      co2e: groups.reduce((sum, g) => sum + g.co2e, 0),
      co2eMarketBased: null,
      byScope,
      count: groups.length,
      awaitingFactor: 0,
    },
    factorLibraryVersion: "test",
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
    co2eMarketBased: null,
    byScope: { "1": 4150, "2": 800, "3": 0 },
    count: 3,
    awaitingFactor: 0,
  },
};

describe("emission dashboard", () => {
  it("puts scope 2 market-based beside location-based, in kg below 10 t", () => {
    const [table] = emissionDashboardTables(byMonthScope, byScope, { by: "scope", columns: 200 });
    expect(table?.headers.slice(0, 6)).toEqual([
      "Month",
      "Scope 1 (kgCO2e)",
      "Scope 2 location (kgCO2e)",
      "Scope 2 market (kgCO2e)",
      "Scope 3 (kgCO2e)",
      "Total (kgCO2e)",
    ]);
    expect(table?.rows[0]?.slice(0, 6)).toEqual([
      "2024-01",
      "2,500.0",
      "800.0",
      "1,200.0",
      "",
      "3,300.0",
    ]);
    expect(table?.rows.at(-1)?.slice(0, 6)).toEqual([
      "Total",
      "4,150.0",
      "800.0",
      "1,200.0",
      "0.0",
      "4,950.0",
    ]);
  });

  it("draws a bar per month scaled to the largest month", () => {
    const [table] = emissionDashboardTables(byMonthScope, byScope, { by: "scope", columns: 140 });
    const bars = table?.rows.map((row) => row[6] ?? "") ?? [];
    expect(bars[0]?.trimEnd()).toMatch(/^█+$/);
    const january = (bars[0]?.match(/█/g) ?? []).length;
    expect((bars[1]?.match(/█/g) ?? []).length).toBe(Math.floor(january / 2));
    const text = renderBoxTable(table ?? { headers: [], rows: [], footerRows: 0, aligns: [] });
    for (const line of text.split("\n")) expect([...line].length).toBeLessThanOrEqual(140);
  });

  it("switches to tonnes from 10 t, and by category adds a scope totals table", () => {
    const grid = summary(
      [
        group({ month: "2024-03", category: "stationary_combustion" }, 25_000, null, {
          category: "Stationary combustion",
        }),
      ],
      ["month", "category"],
    );
    const scopes = { ...byScope, totals: { ...byScope.totals, co2e: 25_000 } };
    const tables = emissionDashboardTables(grid, scopes, {
      by: "category",
      columns: 120,
      year: 2024,
    });
    expect(tables).toHaveLength(2);
    expect(tables[0]?.headers[1]).toBe("Stationary combustion (tCO2e)");
    expect(tables[0]?.rows[2]?.[1]).toBe("25.00");
    expect(tables[0]?.rows[0]?.[1]).toBe("");
    expect(tables[1]?.rows[1]).toEqual(["Scope 2", "0.80", "1.20"]);
  });

  it("sums the market-based scope 2 figure", () => {
    expect(scopeTotals(byScope)).toEqual([
      { scope: "1", location: 4150, market: null },
      { scope: "2", location: 800, market: 1200 },
      { scope: "3", location: 0, market: null },
    ]);
  });
});
