/**
 * Tier 2: one definition of the market-based total (scope 1 + scope 2 market-based + scope 3)
 * in json, csv, tsv and both dashboard views, on the local engine and through carbon serve.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDashboard } from "../../../src/cli/commands/emissions/dashboard.js";
import { runExport } from "../../../src/cli/commands/emissions/export.js";
import type { Context, GlobalOptions } from "../../../src/cli/context.js";
import { chooseMassUnit, formatMass } from "../../../src/cli/render/numbers.js";
import { COMPANY, type Engines, startEngines } from "./window-bills.js";

let engines: Engines;

beforeAll(async () => {
  engines = await startEngines();
});

afterAll(async () => {
  await engines.close();
});

async function run(command: (ctx: Context) => Promise<void>, globals: GlobalOptions) {
  const result = await engines.db.run(command, { globals, columns: 240 });
  if (result.error !== undefined) throw result.error;
  return result.stdout;
}

function delimited(text: string, delimiter: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true, delimiter });
}

/** The figures of the table row that starts with `label`: its cells after the label, trimmed, without the bar. */
function tableRow(text: string, label: string): string[] {
  const line = text.split("\n").find((one) => one.startsWith(`│ ${label} `)) ?? "";
  const cells = line.split("│").map((cell) => cell.trim());
  const inner = cells.slice(2, -1);
  while (inner.at(-1) === "") inner.pop();
  return inner;
}

const year = { company: COMPANY, from: "2025-01-01", to: "2025-12-31" };

describe.each(["local", "remote"] as const)("on the %s engine", (engine) => {
  const globals = (more: GlobalOptions = {}): GlobalOptions => ({
    ...engines.globals(engine),
    ...more,
  });

  it("json totals: market-based = scope 1 + scope 2 market-based + scope 3, scope 2 alone beside", async () => {
    const { totals } = JSON.parse(
      await run((ctx) => runExport(ctx, year), globals({ json: true })),
    );
    const records = delimited(await run((ctx) => runExport(ctx, year), globals()), ",");
    const scope2Market = records
      .filter((record) => record.scope === "2")
      .reduce((sum, record) => sum + Number(record.co2eMarketBased), 0);
    expect(totals.scope2MarketBased).toBeCloseTo(scope2Market, 9);
    expect(totals.scope2MarketBased).not.toBeCloseTo(totals.byScope["2"], 3);
    expect(totals.co2eMarketBased).toBeCloseTo(
      totals.byScope["1"] + totals.scope2MarketBased + totals.byScope["3"],
      9,
    );
    expect(totals.co2e).toBeCloseTo(
      totals.byScope["1"] + totals.byScope["2"] + totals.byScope["3"],
      9,
    );
  });

  it("csv and tsv groups: every group's market-based figure adds up to the market-based total", async () => {
    const { totals } = JSON.parse(
      await run((ctx) => runExport(ctx, year), globals({ json: true })),
    );
    for (const [format, delimiter] of [
      ["csv", ","],
      ["tsv", "\t"],
    ] as const) {
      const groups = delimited(
        await run((ctx) => runExport(ctx, { ...year, groupBy: "scope" }), globals({ format })),
        delimiter,
      );
      const scope1 = groups.find((group) => group.scope === "1");
      expect(Number(scope1?.co2eMarketBased)).toBe(Number(scope1?.co2e));
      const sum = groups.reduce((acc, group) => acc + Number(group.co2eMarketBased), 0);
      expect(sum).toBeCloseTo(totals.co2eMarketBased, 9);
    }
  });

  it("both dashboard views show the same labelled totals as the json", async () => {
    const dashboard = { company: COMPANY, year: "2025" };
    const { totals } = JSON.parse(
      await run((ctx) => runDashboard(ctx, dashboard), globals({ json: true })),
    );
    const unit = chooseMassUnit(Math.max(totals.co2e, totals.co2eMarketBased));
    const expected = [formatMass(totals.co2e, unit), formatMass(totals.co2eMarketBased, unit)];

    const byScope = await run((ctx) => runDashboard(ctx, dashboard), globals({ format: "table" }));
    expect(byScope).toContain(`Total location-based (${unit.label})`);
    expect(byScope).toContain(`Total market-based (${unit.label})`);
    expect(byScope).toContain(`Scope 2 market-based (${unit.label})`);
    expect(tableRow(byScope, "Total").slice(-2)).toEqual(expected);

    const byCategory = await run(
      (ctx) => runDashboard(ctx, { ...dashboard, by: "category" }),
      globals({ format: "table" }),
    );
    const [grid, scopes] = byCategory.split("\n┌");
    expect(tableRow(grid ?? "", "Total").slice(-2)).toEqual(expected);
    expect(tableRow(`┌${scopes}`, "Total")).toEqual(expected);
    expect(tableRow(`┌${scopes}`, "Scope 1")[0]).toBe(tableRow(`┌${scopes}`, "Scope 1")[1]);
  });
});
