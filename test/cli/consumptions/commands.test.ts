/** Tier 2: upsert, list, get and dashboard of consumptions on a real local database. */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runDashboard } from "../../../src/cli/commands/consumptions/dashboard.js";
import { runGet } from "../../../src/cli/commands/consumptions/get.js";
import { runList } from "../../../src/cli/commands/consumptions/list.js";
import { runUpsert, type UpsertOptions } from "../../../src/cli/commands/consumptions/upsert.js";
import { createTestIo } from "../../../src/cli/io.js";
import { reportError } from "../../../src/cli/report.js";
import { categoryId, consumptionId } from "../../../src/core/ids.js";
import { normalizeIsoDateTime } from "../../../src/core/model/common.js";
import { COMPANY_ID, createTestDb, type TestDb } from "../emissions/local-db.js";

const BUILDING_ID = "5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";
const TOKYO_ID = "6c5b4a3d-2e1f-4b0a-9d8c-7f6e5d4c3b2a";

function tsvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split("\n");
  const names = (header ?? "").split("\t");
  return lines.map((line) => {
    const cells = line.split("\t");
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ""]));
  });
}

const gasJanuary: UpsertOptions = {
  company: COMPANY_ID,
  building: BUILDING_ID,
  category: "natural_gas",
  start: "2024-01-01",
  end: "2024-01-31",
  quantity: "12400",
  unit: "kWh",
  entity: "INV-1",
};

/** A valid `--file` body, for cases that spoil one field of it. */
const goodFile = {
  categoryId: "electricity",
  startDate: "2024-02-01",
  endDate: "2024-02-29",
  companyId: COMPANY_ID,
  buildingId: BUILDING_ID,
  quantity: 3100,
  unitType: "kWh",
};

describe("consumptions upsert, list, get, dashboard", () => {
  let db: TestDb;

  beforeAll(async () => {
    db = createTestDb();
    await db.withService(async (service) => {
      await service.companies.upsert({ id: COMPANY_ID, name: "Acme Offices", country: "ES" });
      await service.buildings.upsert({ id: BUILDING_ID, companyId: COMPANY_ID, name: "Madrid HQ" });
      await service.buildings.upsert({
        id: TOKYO_ID,
        companyId: COMPANY_ID,
        name: "Tokyo Office",
        country: "JP",
      });
    });
  });

  it("upsert from flags inserts, derives the id, and prints consumption and emission", async () => {
    const result = await db.run((ctx) => runUpsert(ctx, gasJanuary), { globals: { json: true } });
    expect(result.error).toBeUndefined();
    const printed = JSON.parse(result.stdout);
    const expectedId = consumptionId({
      companyId: COMPANY_ID,
      buildingId: BUILDING_ID,
      categoryId: categoryId("natural_gas"),
      entityId: "INV-1",
      startDate: normalizeIsoDateTime("2024-01-01") ?? "",
      endDate: normalizeIsoDateTime("2024-01-31") ?? "",
    });
    expect(printed.outcome).toBe("inserted");
    expect(printed.consumption).toMatchObject({ id: expectedId, quantity: 12400, unitType: "kWh" });
    expect(printed.emission).toMatchObject({
      consumptionId: expectedId,
      scope: 1,
      status: "calculated",
    });
    expect(printed.emission.co2e).toBeGreaterThan(0);
  });

  it("the same upsert again is unchanged; a corrected quantity updates the same id", async () => {
    const again = await db.run((ctx) => runUpsert(ctx, gasJanuary), { globals: { json: true } });
    expect(JSON.parse(again.stdout).outcome).toBe("unchanged");
    const fixed = await db.run((ctx) => runUpsert(ctx, { ...gasJanuary, quantity: "12500.5" }), {
      globals: { json: true },
    });
    const printed = JSON.parse(fixed.stdout);
    expect(printed.outcome).toBe("updated");
    expect(printed.consumption.quantity).toBe(12500.5);
    expect(printed.consumption.id).toBe(JSON.parse(again.stdout).consumption.id);
  });

  it("the table shows the outcome, co2e and status in a vertical table", async () => {
    const result = await db.run((ctx) => runUpsert(ctx, gasJanuary), {
      globals: { format: "table" },
    });
    expect(result.error).toBeUndefined();
    expect(result.stdout).toMatch(/│ outcome +│ updated/);
    expect(result.stdout).toMatch(/│ co2e +│ \d/);
    expect(result.stdout).toMatch(/│ status +│ calculated/);
    expect(result.stdout).toMatch(/│ category +│ natural_gas/);
  });

  it("upsert from a JSON file with a category code", async () => {
    const file = path.join(db.dir, "consumption.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        entityId: "INV-2",
        categoryId: "electricity",
        startDate: "2024-02-01",
        endDate: "2024-02-29",
        companyId: COMPANY_ID,
        buildingId: BUILDING_ID,
        quantity: 3100,
        unitType: "kWh",
      }),
    );
    const result = await db.run((ctx) => runUpsert(ctx, { file }), { globals: { json: true } });
    expect(result.error).toBeUndefined();
    const printed = JSON.parse(result.stdout);
    expect(printed.outcome).toBe("inserted");
    expect(printed.emission.scope).toBe(2);
    expect(printed.emission.co2eMarketBased).not.toBeNull();
  });

  it.each([
    ["not JSON", "{ quantity: ", /^invalid JSON/],
    ["an array", "[]", /expected one JSON object/],
    [
      "a bad field",
      JSON.stringify({
        categoryId: "electricity",
        startDate: "2024-02-01",
        endDate: "2024-02-29",
        companyId: COMPANY_ID,
        buildingId: BUILDING_ID,
        quantity: "3100",
        unitType: "kWh",
      }),
      /^quantity: expected a number$/,
    ],
    ["an unknown category", JSON.stringify({ categoryId: "electricty" }), /unknown category/],
    ["an unknown field", JSON.stringify({ ...goodFile, colour: "red" }), /^colour: unknown field$/],
    [
      "a too long entityId",
      JSON.stringify({ ...goodFile, entityId: "x".repeat(201) }),
      /^entityId: expected at most 200 characters$/,
    ],
  ])("a file with %s is a validation error, each problem said once", async (_name, text, issue) => {
    const file = path.join(db.dir, "bad.json");
    fs.writeFileSync(file, text);
    const result = await db.run((ctx) => runUpsert(ctx, { file }));
    expect(result.error).toMatchObject({
      code: "validation",
      message: `${file} is not a valid consumption: 1 problem`,
      issues: [expect.anything()],
    });
    const io = createTestIo();
    reportError(io, result.error, { verbose: false, signal: new AbortController().signal });
    const [, listed, ...rest] = io.stderrText().split("\n");
    expect(listed?.trim()).toMatch(issue);
    expect(rest).toEqual([""]);
  });

  it.each([
    [{ ...gasJanuary, quantity: undefined, unit: undefined }, "missing --quantity, --unit"],
    [{ ...gasJanuary, quantity: "12,5" }, 'invalid --quantity "12,5"'],
    [{ ...gasJanuary, start: "2024-02-30" }, 'invalid --start "2024-02-30"'],
    [{ ...gasJanuary, end: "2023-12-31" }, "--end 2023-12-31 is before --start 2024-01-01"],
    [{ ...gasJanuary, category: "natral_gas" }, 'unknown category "natral_gas"'],
    [{ file: "c.json", company: COMPANY_ID }, "--file cannot be combined with --company"],
  ])("bad flags are usage errors: %j", async (opts, message) => {
    const result = await db.run((ctx) => runUpsert(ctx, opts));
    expect(result.error).toMatchObject({
      code: "usage",
      message: expect.stringContaining(message),
    });
  });

  it("list filters by period and shows codes and building names (tsv off a terminal)", async () => {
    await db.run((ctx) =>
      runUpsert(ctx, {
        ...gasJanuary,
        building: TOKYO_ID,
        category: "electricity",
        start: "2024-03-01",
        end: "2024-03-31",
        entity: "JP-1",
      }),
    );
    const all = await db.run((ctx) => runList(ctx, { company: COMPANY_ID, all: true }));
    expect(all.error).toBeUndefined();
    const rows = tsvRows(all.stdout);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.startDate)).toEqual(["2024-01-01", "2024-02-01", "2024-03-01"]);
    // The table test above set the quantity back to 12400.
    expect(rows[0]).toMatchObject({
      category: "natural_gas",
      building: "Madrid HQ",
      quantity: "12400",
    });

    const february = await db.run((ctx) =>
      runList(ctx, { company: COMPANY_ID, from: "2024-02-10", to: "2024-02-20", all: false }),
    );
    expect(tsvRows(february.stdout).map((row) => row.category)).toEqual(["electricity"]);
  });

  it("list refuses a bad date", async () => {
    const result = await db.run((ctx) => runList(ctx, { from: "2024-1-1", all: false }));
    expect(result.error).toMatchObject({
      code: "usage",
      message: expect.stringContaining("--from"),
    });
  });

  it("get prints one consumption; an unknown id is not found", async () => {
    const list = await db.run((ctx) => runList(ctx, { company: COMPANY_ID, all: true }), {
      globals: { json: true },
    });
    const first = JSON.parse(list.stdout)[0];
    const got = await db.run((ctx) => runGet(ctx, { id: first.id }), { globals: { json: true } });
    expect(JSON.parse(got.stdout)).toEqual(first);
    const missing = await db.run((ctx) =>
      runGet(ctx, { id: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(missing.error).toMatchObject({ code: "not_found" });
  });

  it("dashboard: months × subcategories with bars, totals, and the awaiting-factor note", async () => {
    const result = await db.run((ctx) => runDashboard(ctx, { company: COMPANY_ID, year: "2024" }), {
      globals: { format: "table" },
      columns: 120,
    });
    expect(result.error).toBeUndefined();
    const lines = result.stdout.split("\n");
    expect(lines[1]).toMatch(/Month .*Natural gas \(kWh\).*electricity \(kWh\).*Consumptions/i);
    expect(lines.find((line) => line.includes("2024-01"))).toMatch(/12,400 █+/);
    expect(lines.find((line) => line.includes("2024-12"))).toBeDefined();
    expect(lines.find((line) => line.includes("Total"))).toMatch(/│ +3 │$/);
    expect(result.stderr).toContain(
      `1 consumption is waiting for an emission factor: see \`carbon emissions list --company ${COMPANY_ID} --from 2024-01-01 --to 2024-12-31 --explain\``,
    );
  });

  it("dashboard --json prints the summary; csv one line per month and subcategory", async () => {
    const json = await db.run((ctx) => runDashboard(ctx, { company: COMPANY_ID, year: "2024" }), {
      globals: { json: true },
    });
    const summary = await db.withService((service) =>
      service.consumptions.summarize({
        companyId: COMPANY_ID,
        from: "2024-01-01",
        to: "2024-12-31",
      }),
    );
    expect(JSON.parse(json.stdout)).toEqual(summary);
    const csv = await db.run((ctx) => runDashboard(ctx, { company: COMPANY_ID, year: "2024" }), {
      globals: { format: "csv" },
    });
    const lines = csv.stdout.trimEnd().split("\r\n");
    expect(lines[0]).toBe("month,category,scope,quantity,unit,count,awaitingFactor");
    expect(lines).toContain("2024-01,natural_gas,1,12400,kWh,1,0");
  });

  it("dashboard refuses a bad --year", async () => {
    const result = await db.run((ctx) => runDashboard(ctx, { year: "24" }));
    expect(result.error).toMatchObject({
      code: "usage",
      message: 'invalid --year "24": expected a year such as 2024',
    });
  });
});
