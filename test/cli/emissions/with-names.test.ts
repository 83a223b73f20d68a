/** Tier 2: --with-names puts building names, category codes, quantity and unit beside the ids, on both engines. */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runList as runConsumptionList } from "../../../src/cli/commands/consumptions/list.js";
import { type ExportOptions, runExport } from "../../../src/cli/commands/emissions/export.js";
import { runList } from "../../../src/cli/commands/emissions/list.js";
import type { Context, GlobalOptions } from "../../../src/cli/context.js";
import { bills, COMPANY, type Engines, LONDON, MADRID, startEngines } from "./window-bills.js";

let engines: Engines;

beforeAll(async () => {
  engines = await startEngines();
});

afterAll(async () => {
  await engines.close();
});

function csvRecords(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true });
}

async function run(
  command: (ctx: Context) => Promise<void>,
  globals: GlobalOptions,
  env: Record<string, string> = {},
): Promise<{ readonly stdout: string; readonly stderr: string }> {
  const result = await engines.db.run(command, { globals, env });
  if (result.error !== undefined) throw result.error;
  return result;
}

const buildingNames: Record<string, string> = { [MADRID]: "Madrid HQ", [LONDON]: "London Office" };
const everything: ExportOptions = { company: COMPANY, withNames: true };

describe.each(["local", "remote"] as const)("on the %s engine", (engine) => {
  const globals = (format: GlobalOptions["format"] = "csv"): GlobalOptions => ({
    ...engines.globals(engine),
    format,
  });

  it("emissions export: each name beside its id, quantity and unit after the dates", async () => {
    const { stdout } = await run((ctx) => runExport(ctx, everything), globals());
    expect(stdout.split("\r\n")[0]).toBe(
      "id,consumptionId,companyId,buildingId,buildingName,categoryId,categoryCode,scope,startDate,endDate,quantity,unit,co2e,co2,ch4,n2o,co2eMarketBased,factorId,factorSource,factorYear,status,resolution,geography,gwpSet,marketStatus,marketBasis,marketResolution,marketGeography,marketFactorYear,line,biogenicCo2,factorLibraryVersion",
    );
    const records = csvRecords(stdout);
    // Every line of every bill: a bill across calendar years has its lines once per year.
    expect(records).toHaveLength(26);
    for (const record of records) {
      const bill = bills.find((one) => one.id === record.consumptionId);
      expect(record).toMatchObject({
        buildingId: bill?.building,
        buildingName: buildingNames[bill?.building ?? ""],
        unit: bill?.unit,
      });
      if (record.line === "direct") expect(record.categoryCode).toBe(bill?.category);
      else expect(record.categoryCode).toMatch(/_(wtt|td_losses)$/);
    }
    // A bill's direct lines share out its quantity by day, year by year.
    for (const bill of bills) {
      const direct = records.filter((r) => r.consumptionId === bill.id && r.line === "direct");
      const quantity = direct.reduce((sum, r) => sum + Number(r.quantity), 0);
      expect(quantity).toBeCloseTo(bill.quantity, 6);
    }
  });

  it("emissions export as ndjson: the records gain buildingName and categoryCode", async () => {
    const { stdout } = await run((ctx) => runExport(ctx, everything), globals("ndjson"));
    const items = stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(items).toHaveLength(26);
    for (const item of items) {
      expect(item.buildingName).toBe(buildingNames[item.buildingId]);
      expect(typeof item.categoryCode).toBe("string");
      expect(item).toHaveProperty("quantity");
      expect(item).toHaveProperty("unit");
    }
  });

  it("emissions export --group-by building: the building's name beside its id", async () => {
    const { stdout } = await run(
      (ctx) => runExport(ctx, { ...everything, groupBy: "building" }),
      globals(),
    );
    expect(stdout.split("\r\n")[0]).toBe(
      "building,buildingName,co2e,co2eMarketBased,count,awaitingFactor",
    );
    expect(csvRecords(stdout).map((record) => [record.building, record.buildingName])).toEqual([
      [LONDON, "London Office"],
      [MADRID, "Madrid HQ"],
    ]);
  });

  it("emissions list and consumptions list: ids and names side by side", async () => {
    const emissions = csvRecords(
      (
        await run(
          (ctx) => runList(ctx, { company: COMPANY, all: true, explain: false, withNames: true }),
          globals(),
        )
      ).stdout,
    );
    expect(Object.keys(emissions[0] ?? {})).toEqual([
      "startDate",
      "endDate",
      "scope",
      "categoryId",
      "categoryCode",
      "buildingId",
      "buildingName",
      "quantity",
      "unit",
      "line",
      "co2e",
      "co2eMarketBased",
      "status",
      "marketStatus",
    ]);
    const consumptions = csvRecords(
      (
        await run(
          (ctx) => runConsumptionList(ctx, { company: COMPANY, all: true, withNames: true }),
          globals(),
        )
      ).stdout,
    );
    expect(Object.keys(consumptions[0] ?? {})).toEqual([
      "id",
      "startDate",
      "endDate",
      "categoryId",
      "categoryCode",
      "buildingId",
      "buildingName",
      "entityId",
      "quantity",
      "unitType",
    ]);
    expect(emissions).toHaveLength(26);
    expect(consumptions).toHaveLength(bills.length);
    for (const rows of [emissions, consumptions]) {
      expect(rows.every((row) => row.buildingName === buildingNames[row.buildingId ?? ""])).toBe(
        true,
      );
    }
  });
});

it("remote: names come from one categories listing and one buildings listing per company", async () => {
  const { stderr } = await run(
    (ctx) => runExport(ctx, everything),
    { ...engines.globals("remote"), format: "csv" },
    { CARBON_DEBUG: "http" },
  );
  const urls = stderr
    .split("\n")
    .filter((line) => line.startsWith("GET "))
    .map((line) => new URL(line.split(" ")[1] ?? ""));
  const requests = urls.map((url) => url.pathname);
  expect(requests.filter((route) => route.includes("/buildings"))).toEqual([
    `/api/v1/companies/${COMPANY}/buildings`,
  ]);
  // One listing of the tree: its pages in turn (the tree holds thousands of subcategories).
  const categoryPages = urls
    .filter((url) => url.pathname === "/api/v1/categories")
    .map((url) => Number(url.searchParams.get("page") ?? "1"));
  expect(categoryPages).toEqual(categoryPages.map((_, i) => i + 1));
  expect(categoryPages.length).toBeGreaterThan(0);
  expect(requests.filter((route) => route === "/api/v1/emissions")).toHaveLength(1);
});

it("the local engine and carbon serve print the same named export, byte for byte", async () => {
  const local = await run((ctx) => runExport(ctx, everything), {
    ...engines.globals("local"),
    format: "csv",
  });
  const remote = await run((ctx) => runExport(ctx, everything), {
    ...engines.globals("remote"),
    format: "csv",
  });
  expect(remote.stdout).toBe(local.stdout);
});
