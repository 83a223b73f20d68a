/** Tier 2: record rows of a --from/--to window count the share of each bill inside it, on both engines. */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDashboard } from "../../../src/cli/commands/emissions/dashboard.js";
import { type ExportOptions, runExport } from "../../../src/cli/commands/emissions/export.js";
import { runList } from "../../../src/cli/commands/emissions/list.js";
import type { GlobalOptions } from "../../../src/cli/context.js";
import { bills, COMPANY, type Engines, startEngines } from "./window-bills.js";

let engines: Engines;

beforeAll(async () => {
  engines = await startEngines();
});

afterAll(async () => {
  await engines.close();
});

const years = [
  { from: "2024-01-01", to: "2024-12-31" },
  { from: "2025-01-01", to: "2025-12-31" },
  { from: "2026-01-01", to: "2026-12-31" },
] as const;

function csvRecords(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true });
}

function total(records: readonly Record<string, string>[], column: string): number {
  return records.reduce((sum, record) => sum + Number(record[column] ?? ""), 0);
}

async function run(
  command: Parameters<Engines["db"]["run"]>[0],
  globals: GlobalOptions,
): Promise<string> {
  const result = await engines.db.run(command, { globals });
  if (result.error !== undefined) throw result.error;
  return result.stdout;
}

interface Totals {
  readonly co2e: number;
  readonly count: number;
}

async function exportTotals(opts: ExportOptions, globals: GlobalOptions): Promise<Totals> {
  const text = await run((ctx) => runExport(ctx, opts), { ...globals, json: true });
  return JSON.parse(text).totals;
}

describe.each(["local", "remote"] as const)("on the %s engine", (engine) => {
  const globals = (): GlobalOptions => engines.globals(engine);

  it("export: the rows of a window add up to its totals, and a year's rows count each bill once", async () => {
    let yearsRows = 0;
    for (const year of years) {
      const opts: ExportOptions = { company: COMPANY, ...year };
      const records = csvRecords(await run((ctx) => runExport(ctx, opts), globals()));
      const totals = await exportTotals(opts, globals());
      expect(records).toHaveLength(totals.count);
      // Summed in the order they are printed, the rows give the very total the engine reports.
      expect(total(records, "co2e")).toBe(totals.co2e);
      yearsRows += total(records, "co2e");
    }
    const whole = await exportTotals({ company: COMPANY }, globals());
    expect(whole.co2e).toBeGreaterThan(0);
    expect(yearsRows).toBeCloseTo(whole.co2e, 9);
  });

  it("export: a bill across the window's edge shows its share and its whole figure", async () => {
    const opts: ExportOptions = { company: COMPANY, from: "2025-07-01", to: "2025-12-31" };
    const records = csvRecords(await run((ctx) => runExport(ctx, opts), globals()));
    const header = Object.keys(records[0] ?? {});
    expect(header.slice(-3)).toEqual(["factorLibraryVersion", "share", "recordCo2e"]);
    const crossing = records.find(
      (record) => record.startDate === "2025-06-20T00:00:00.000Z" && record.line === "direct",
    );
    // 2025-07-01..10 is 10 of the bill's 21 days.
    expect(Number(crossing?.share)).toBe(10 / 21);
    expect(Number(crossing?.co2e)).toBeCloseTo((Number(crossing?.recordCo2e) * 10) / 21, 9);
  });

  it("export: a bill across a year's edge is split, each year's part whole in its year", async () => {
    const opts: ExportOptions = { company: COMPANY, from: "2025-01-01", to: "2025-12-31" };
    const records = csvRecords(await run((ctx) => runExport(ctx, opts), globals()));
    const parts = records.filter((record) => record.consumptionId === bills[0]?.id);
    // The Madrid bill of 2024-12-15..2025-01-14: its 2025 part, 14 of its 31 days, 4 lines.
    expect(parts.map((record) => record.line)).toEqual([
      "direct",
      "wtt",
      "td_losses",
      "td_losses_wtt",
    ]);
    const direct = parts[0];
    expect(direct).toMatchObject({
      startDate: "2025-01-01T00:00:00.000Z",
      endDate: "2025-01-14T00:00:00.000Z",
      share: "1",
    });
    expect(Number(direct?.co2eMarketBased)).toBeGreaterThan(0);
  });

  it("json and ndjson exports carry the same share on every record", async () => {
    const opts: ExportOptions = { company: COMPANY, from: "2025-01-01", to: "2025-12-31" };
    const document = JSON.parse(
      await run((ctx) => runExport(ctx, opts), { ...globals(), json: true }),
    );
    const lines = (await run((ctx) => runExport(ctx, opts), { ...globals(), format: "ndjson" }))
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(document.data);
    const sum = lines.reduce(
      (acc: number, item: { co2e: number | null }) => acc + (item.co2e ?? 0),
      0,
    );
    expect(sum).toBeCloseTo(document.totals.co2e, 9);
    expect(lines.every((item: { share: number }) => item.share > 0 && item.share <= 1)).toBe(true);
  });

  it("list --from/--to shows the export's rows, and the dashboard their sum", async () => {
    const window = { from: "2025-01-01", to: "2025-12-31" };
    const exported = csvRecords(
      await run((ctx) => runExport(ctx, { company: COMPANY, ...window }), globals()),
    );
    const listed = csvRecords(
      await run((ctx) => runList(ctx, { company: COMPANY, ...window, all: true, explain: false }), {
        ...globals(),
        format: "csv",
      }),
    );
    expect(listed.map((row) => [row.co2e, row.co2eMarketBased, row.share])).toEqual(
      exported.map((row) => [row.co2e, row.co2eMarketBased, row.share]),
    );
    const dashboard = JSON.parse(
      await run((ctx) => runDashboard(ctx, { company: COMPANY, year: "2025" }), {
        ...globals(),
        json: true,
      }),
    );
    expect(total(listed, "co2e")).toBeCloseTo(dashboard.totals.co2e, 9);
  });
});

it("the local engine and carbon serve print the same rows, byte for byte", async () => {
  const opts: ExportOptions = { company: COMPANY, from: "2025-01-01", to: "2025-12-31" };
  const local = await run((ctx) => runExport(ctx, opts), engines.globals("local"));
  const remote = await run((ctx) => runExport(ctx, opts), engines.globals("remote"));
  // The lines of 2025: the Madrid electricity bill's 2025 part (4 lines), the London gas bill
  // (2), the London electricity bill's 2025 part (4), the Madrid gas bill's 2025 part (2) and
  // the diesel bill (2).
  expect(csvRecords(local)).toHaveLength(14);
  expect(remote).toBe(local);
});
