/** Tier 2: `carbon emissions export` on a real local database seeded with a year of bills. */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { type ExportOptions, runExport } from "../../../src/cli/commands/emissions/export.js";
import type { EmissionSummary } from "../../../src/core/model/emission.js";
import { COMPANY_ID, createTestDb, seedAcme, type TestDb } from "./local-db.js";

const RECORD_FIELDS = [
  "id",
  "consumptionId",
  "companyId",
  "buildingId",
  "categoryId",
  "scope",
  "startDate",
  "endDate",
  "co2e",
  "co2",
  "ch4",
  "n2o",
  "co2eMarketBased",
  "factorId",
  "factorSource",
  "factorYear",
  "status",
  // how each basis was resolved (docs/factor-library.md)
  "resolution",
  "geography",
  "gwpSet",
  "marketStatus",
  "marketBasis",
  "marketResolution",
  "marketGeography",
  "marketFactorYear",
  "line",
  "biogenicCo2",
  "factorLibraryVersion",
];

const everything: ExportOptions = { company: COMPANY_ID };

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function csvRecords(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true });
}

/** Which export format `text` is, from its shape. */
function formatOf(text: string): string {
  const [first] = text.split(/\r?\n/, 1);
  if (text.startsWith("{\n")) return "json";
  if (first?.startsWith("{")) return "ndjson";
  if (first === RECORD_FIELDS.join("\t")) return "tsv";
  if (first === RECORD_FIELDS.join(",")) return "csv";
  return "unknown";
}

describe("emissions export", () => {
  let db: TestDb;
  let totals: EmissionSummary["totals"];

  beforeAll(async () => {
    db = createTestDb();
    await seedAcme(db);
    totals = (
      await db.withService((service) =>
        service.emissions.summarize({ companyId: COMPANY_ID, groupBy: [] }),
      )
    ).totals;
  });

  it("csv by default, even on a terminal: every record in a stable order, the fields in order", async () => {
    const result = await db.run((ctx) => runExport(ctx, everything), { stdoutIsTty: true });
    expect(result.error).toBeUndefined();
    expect(result.stdout.split("\r\n")[0]).toBe(RECORD_FIELDS.join(","));
    const records = csvRecords(result.stdout);
    expect(records).toHaveLength(totals.count);
    expect(sum(records.map((record) => Number(record.co2e)))).toBeCloseTo(totals.co2e, 6);
    const starts = records.map((record) => record.startDate);
    expect(starts).toEqual([...starts].sort());
  });

  it("csv numbers are not rounded", async () => {
    const result = await db.run((ctx) => runExport(ctx, everything));
    const stored = await db.withService(async (service) => {
      const values: number[] = [];
      for await (const emission of service.emissions.stream({ companyId: COMPANY_ID })) {
        if (emission.co2e !== null) values.push(emission.co2e);
      }
      return values;
    });
    const exported = csvRecords(result.stdout)
      .filter((record) => record.co2e !== "")
      .map((record) => Number(record.co2e));
    expect(exported).toEqual(stored);
  });

  it("json: metadata, totals, then every record", async () => {
    const result = await db.run((ctx) => runExport(ctx, { ...everything, scope: "1,2,3" }), {
      globals: { json: true },
    });
    expect(result.error).toBeUndefined();
    const document = JSON.parse(result.stdout);
    expect(Object.keys(document)).toEqual([
      "generatedAt",
      "factorLibraryVersion",
      "gwpSet",
      "filters",
      "groupBy",
      "totals",
      "data",
    ]);
    expect(document.filters).toEqual({ companyId: COMPANY_ID, scopes: [1, 2, 3] });
    expect(document.gwpSet).toBe("AR5");
    expect(document.totals).toEqual(totals);
    expect(document.data).toHaveLength(totals.count);
    expect(sum(document.data.map((item: { co2e: number | null }) => item.co2e ?? 0))).toBeCloseTo(
      totals.co2e,
      6,
    );
  });

  it("ndjson: one record per line", async () => {
    const result = await db.run((ctx) => runExport(ctx, { ...everything, scope: "2" }), {
      globals: { format: "ndjson" },
    });
    const items = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    const scope2 = await db.withService((service) =>
      service.emissions.summarize({ companyId: COMPANY_ID, scopes: [2], groupBy: [] }),
    );
    expect(items).toHaveLength(scope2.totals.count);
    expect(items.every((item) => item.scope === 2)).toBe(true);
    expect(sum(items.map((item) => item.co2e ?? 0))).toBeCloseTo(scope2.totals.co2e, 6);
  });

  it("--group-by scope: key columns then figures, adding up to the totals", async () => {
    const result = await db.run((ctx) => runExport(ctx, { ...everything, groupBy: "scope" }));
    expect(result.stdout.split("\r\n")[0]).toBe("scope,co2e,co2eMarketBased,count,awaitingFactor");
    const records = csvRecords(result.stdout);
    expect(records.map((record) => record.scope)).toEqual(["1", "2", "3"]);
    for (const record of records) {
      const scope = record.scope === "1" ? "1" : record.scope === "2" ? "2" : "3";
      expect(Number(record.co2e)).toBeCloseTo(totals.byScope[scope], 6);
    }
  });

  it("--group-by month,building as json carries the grouping and the groups", async () => {
    const result = await db.run(
      (ctx) => runExport(ctx, { ...everything, groupBy: "month,building" }),
      { globals: { format: "json" } },
    );
    const document = JSON.parse(result.stdout);
    expect(document.groupBy).toEqual(["month", "building"]);
    expect(sum(document.data.map((group: { co2e: number }) => group.co2e))).toBeCloseTo(
      totals.co2e,
      6,
    );
    expect(
      new Set(document.data.map((group: { key: { month: string } }) => group.key.month)).size,
    ).toBe(12);
  });

  it("--output writes the file through a temporary file and prints nothing", async () => {
    const file = path.join(db.dir, "emissions.csv");
    const result = await db.run((ctx) => runExport(ctx, { ...everything, output: file }), {
      stderrIsTty: true,
    });
    expect(result.error).toBeUndefined();
    expect(result.stdout).toBe("");
    // The calculation notes come first (fixtures/consumptions/acme-offices-2024.csv):
    // - 12 emissions keep their set: Madrid's 12 electricity bills, whose market-based figure is
    //   MITECO's 2024 'Mix sin GdO' (emission-factors.csv line 139: 0.283 kg CO2e/kWh, AR6, no
    //   gases to restate in AR5);
    // - 124 with another geography's factor, all proxies (proxies.csv, GB DESNZ 2024): direct lines
    //   of water supply, landfill and paper recycling in ES, PT and DE (3 × 12 = 36), natural gas
    //   in PT and DE (24) and diesel in DE (12), 72 in all; well-to-tank lines of natural gas in
    //   ES, PT and DE (36) and of diesel in ES (4) and DE (12), 52 in all; 72 + 52 = 124.
    expect(result.stderr).toBe(
      "CO2e in IPCC AR5 GWP-100; 12 emissions keep their factor's published GWP set (not restated: see factorId, gwpSet)\n" +
        `124 emissions with another geography's factor, 124 of them proxies: see \`carbon emissions list --company ${COMPANY_ID} --explain\` (resolution, geography)\n` +
        `wrote ${totals.count} rows to ${file}\n`,
    );
    expect(csvRecords(fs.readFileSync(file, "utf8"))).toHaveLength(totals.count);
    expect(fs.readdirSync(db.dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("an interrupted export leaves neither the file nor the temporary one", async () => {
    const file = path.join(db.dir, "interrupted.csv");
    const result = await db.run((ctx) => runExport(ctx, { ...everything, output: file }), {
      aborted: true,
    });
    expect(result.error).toMatchObject({ code: "interrupted" });
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(db.dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("a failed export keeps the previous file as it was", async () => {
    const file = path.join(db.dir, "kept.csv");
    fs.writeFileSync(file, "previous export\n");
    const result = await db.run((ctx) => runExport(ctx, { ...everything, output: file }), {
      aborted: true,
    });
    expect(result.error).toMatchObject({ code: "interrupted" });
    expect(fs.readFileSync(file, "utf8")).toBe("previous export\n");
  });

  it.each([
    ["e.json", {}, "json"],
    ["E.JSON", {}, "json"],
    ["e.ndjson", {}, "ndjson"],
    ["e.jsonl", {}, "ndjson"],
    ["e.tsv", {}, "tsv"],
    ["e.csv", {}, "csv"],
    ["e.txt", {}, "csv"],
    ["e", {}, "csv"],
    ["e.json", { format: "csv" as const }, "csv"],
    ["e.csv", { json: true }, "json"],
  ])("--output %s with %j writes %s", async (name, globals, expected) => {
    const file = path.join(db.dir, name);
    const result = await db.run((ctx) => runExport(ctx, { ...everything, output: file }), {
      globals,
    });
    expect(result.error).toBeUndefined();
    const text = fs.readFileSync(file, "utf8");
    fs.rmSync(file);
    expect(formatOf(text)).toBe(expected);
  });

  it.each([
    [{ ...everything, output: "/no/such/dir/out.csv" }, {}, "cannot write --output"],
    [{ ...everything, groupBy: "quarter" }, {}, 'invalid --group-by "quarter"'],
    [{ ...everything, scope: "4" }, {}, 'invalid --scope "4"'],
    [{ ...everything, to: "2024-02-30" }, {}, 'invalid --to "2024-02-30"'],
    [everything, { format: "table" as const }, 'invalid --format "table"'],
  ])("%j %j is a usage error", async (opts, globals, message) => {
    const result = await db.run((ctx) => runExport(ctx, opts), { globals });
    expect(result.error).toMatchObject({
      code: "usage",
      message: expect.stringContaining(message),
    });
    expect(result.stdout).toBe("");
  });
});

describe("emissions export --group-by month", () => {
  it("shares a two-month bill out by day", async () => {
    const db = createTestDb();
    const buildingId = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
    const emission = await db.withService(async (service) => {
      await service.companies.upsert({ id: COMPANY_ID, name: "Acme", country: "ES" });
      await service.buildings.upsert({ id: buildingId, companyId: COMPANY_ID, name: "HQ" });
      const result = await service.consumptions.upsert({
        id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
        entityId: "INV-9",
        categoryId:
          (await service.categories.list({ level: "subcategory" })).data.find(
            (category) => category.code === "natural_gas",
          )?.id ?? "",
        startDate: "2024-01-15T00:00:00.000Z",
        endDate: "2024-02-14T00:00:00.000Z",
        companyId: COMPANY_ID,
        buildingId,
        quantity: 3100,
        unitType: "kWh",
      });
      expect(result.emission?.line).toBe("direct");
      // The bill's lines: natural gas (MITECO ES 2024) and its well-to-tank (DESNZ 2025, the
      // global default), each shared out by day.
      const lines = await service.emissions.list({ entityIds: ["INV-9"] });
      expect(lines.data.map((line) => line.line)).toEqual(["direct", "wtt"]);
      return { co2e: lines.data.reduce((total, line) => total + (line.co2e ?? 0), 0) };
    });
    const co2e = emission?.co2e ?? Number.NaN;
    expect(co2e).toBeGreaterThan(0);
    const result = await db.run((ctx) => runExport(ctx, { company: COMPANY_ID, groupBy: "month" }));
    const records = csvRecords(result.stdout);
    expect(records.map((record) => [record.month, record.count])).toEqual([
      ["2024-01", "2"],
      ["2024-02", "2"],
    ]);
    // 2024-01-15..01-31 is 17 days of 31, 2024-02-01..02-14 is 14.
    expect(Number(records[0]?.co2e)).toBeCloseTo((co2e * 17) / 31, 9);
    expect(Number(records[1]?.co2e)).toBeCloseTo((co2e * 14) / 31, 9);
  });
});
