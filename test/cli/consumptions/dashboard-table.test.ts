import { describe, expect, it } from "vitest";
import { renderBoxTable } from "../../../src/cli/render/box-table.js";
import { consumptionDashboardTable } from "../../../src/cli/render/consumption-dashboard.js";
import type { ConsumptionGroup, ConsumptionSummary } from "../../../src/core/model/emission.js";

const CATEGORY = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";

function group(
  month: string,
  code: string,
  quantity: number,
  unit = "kWh",
  scope: 1 | 2 | 3 = 1,
): ConsumptionGroup {
  return {
    month,
    categoryId: CATEGORY,
    categoryCode: code,
    categoryName: code === "natural_gas" ? "Natural gas" : code,
    scope,
    unit,
    quantity,
    count: 1,
    awaitingFactor: 0,
  };
}

const summary: ConsumptionSummary = {
  groups: [
    group("2024-01", "natural_gas", 12_400),
    group("2024-02", "natural_gas", 6200),
    group("2024-02", "diesel", 35.5, "l"),
  ],
  count: 3,
  awaitingFactor: 0,
};

describe("consumption dashboard table", () => {
  it("has a column per subcategory (by scope, then code) with its unit, and a total row", () => {
    const table = consumptionDashboardTable(summary, { columns: 120 });
    expect(table.headers).toEqual(["Month", "diesel (l)", "Natural gas (kWh)", "Consumptions"]);
    expect(table.rows.map((row) => row[0])).toEqual(["2024-01", "2024-02", "Total"]);
    expect(table.footerRows).toBe(1);
    expect(table.rows.at(-1)?.[2]).toMatch(/^18,600\s*$/);
    expect(table.rows.at(-1)?.[3]).toBe("3");
  });

  it("scales each column's bars to its largest month", () => {
    const table = consumptionDashboardTable(summary, { columns: 120 });
    const january = table.rows[0]?.[2] ?? "";
    const february = table.rows[1]?.[2] ?? "";
    const full = (january.match(/█/g) ?? []).length;
    expect(full).toBeGreaterThanOrEqual(3);
    expect((february.match(/█/g) ?? []).length).toBe(Math.floor(full / 2));
    expect(table.rows[1]?.[1]).toMatch(/^35\.5 █+\s*$/);
  });

  it("shows all twelve months of a year, empty ones blank", () => {
    const table = consumptionDashboardTable(summary, { columns: 120, year: 2024 });
    expect(table.rows).toHaveLength(13);
    expect(table.rows[11]).toEqual(["2024-12", "", "", "0"]);
  });

  it("drops the bars rather than overflow a narrow terminal", () => {
    const table = consumptionDashboardTable(summary, { columns: 40 });
    expect(table.rows.flat().join("")).not.toMatch(/[█▏▎▍▌▋▊▉]/);
  });

  it("wraps long subcategory names rather than overflow", () => {
    const names = ["Diesel (vehicles and machinery)", "Paper and board, recycling", "Water supply"];
    const wide: ConsumptionSummary = {
      groups: names.map((name, index) => ({
        ...group("2024-01", `code_${index}`, 100 * (index + 1)),
        categoryName: name,
      })),
      count: 3,
      awaitingFactor: 0,
    };
    const table = consumptionDashboardTable(wide, { columns: 80 });
    expect(table.headers[1]).toContain("\n");
    const text = renderBoxTable(table);
    for (const line of text.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
    expect(text).toMatch(/█/);
  });

  it("fits the terminal it was sized for", () => {
    const text = renderBoxTable(consumptionDashboardTable(summary, { columns: 100 }));
    for (const line of text.split("\n")) expect([...line].length).toBeLessThanOrEqual(100);
  });
});
