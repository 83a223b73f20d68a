import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { CarbonError } from "../../../src/core/errors.js";
import { categoryId, consumptionId, newId } from "../../../src/core/ids.js";
import type { CarbonService } from "../../../src/core/service.js";
import {
  type ConsumptionImportOptions,
  type ConsumptionImportReport,
  importConsumptions,
} from "../../../src/import/consumptions.js";
import { plannedBuildingId } from "../../../src/import/references.js";

const fixtures = path.resolve(import.meta.dirname, "../../../fixtures/consumptions");
const acme = path.join(fixtures, "acme-offices-2024.csv");
const spanish = path.join(fixtures, "spanish-utility-semicolon.csv");
const spanishAnsi = path.join(fixtures, "spanish-utility-windows-1252.csv");
const mistakes = path.join(fixtures, "typical-mistakes.csv");
const ACME_ROWS = 161;

let dir: string;
let service: CarbonService;
let companyId: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
  service = await openLocalService({ path: path.join(dir, "carbon.db") });
  companyId = newId();
  await service.companies.upsert({ id: companyId, name: "Acme Offices", country: "ES" });
});

afterEach(async () => {
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(
  file: string,
  options: Partial<ConsumptionImportOptions> = {},
): Promise<ConsumptionImportReport> {
  return importConsumptions(service, {
    file,
    companyId,
    decimalComma: false,
    dryRun: false,
    skipInvalid: false,
    createBuildings: false,
    ...options,
  });
}

/** A category's code, from the tree of categories.csv (what the fixture's rows use). */
function codeOf(id: string): string {
  return categoryCodes.get(id) ?? id;
}
const categoryCodes = new Map(
  [
    "water_supply",
    "waste_landfill_mixed",
    "waste_recycling_paper",
    "electricity_wtt",
    "electricity_td_losses",
    "electricity_td_wtt",
  ].map((code) => [categoryId(code), code]),
);

async function stored(): Promise<number> {
  return (await service.consumptions.list({ companyId, limit: 1 })).pagination.total;
}

async function buildingNames(): Promise<string[]> {
  const page = await service.buildings.list({ companyId, limit: 500 });
  return page.data.map((building) => building.name).sort();
}

function writeCsv(name: string, lines: readonly string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

async function failure(promise: Promise<unknown>): Promise<CarbonError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CarbonError) return error;
    throw error;
  }
  throw new Error("expected the import to fail");
}

const typicalMistakes = [
  [3, "endDate", 'expected a real calendar date, got "2024-02-30" (no such day)'],
  [4, "endDate", "endDate 2024-03-01 is before startDate 2024-03-31"],
  [5, "quantity", 'expected a quantity of 0 or more, got "-120"'],
  [6, "quantity", 'expected a number, got "12,5" (use --decimal-comma for decimal commas)'],
  [7, "unit", 'unknown unit "kwhh"; use a unit such as kWh, MWh, l, m3, kg, t or km'],
  [8, "unit", 'unit "km" cannot be used for category electricity (energy, e.g. kWh)'],
  [
    9,
    "category",
    'unknown category "electricty"; see `carbon categories list --level subcategory`',
  ],
  [
    10,
    "category",
    '"stationary_combustion" is a category, not a subcategory code; see `carbon categories list --level subcategory`',
  ],
  [11, "building", expect.stringContaining('no building named "Paris Office" in company')],
  [13, "id", "duplicate row: line 2 has the same company, building, category, entityId and dates"],
  [14, "quantity", "expected a number, got an empty cell"],
  [15, "", 'expected 7 fields as in the header, got 8; extra: "paid"'],
  [16, "startDate", 'expected a date YYYY-MM-DD or an ISO 8601 date-time, got "31/01/2024"'],
  [16, "endDate", 'expected a date YYYY-MM-DD or an ISO 8601 date-time, got "29/02/2024"'],
] as const;

describe("importConsumptions through the local engine", () => {
  it("imports the acme fixture, creating its buildings, and re-imports it unchanged", async () => {
    const first = await run(acme, { createBuildings: true });
    expect(first).toMatchObject({
      rowsRead: ACME_ROWS,
      inserted: ACME_ROWS,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      errorCount: 0,
      errors: [],
      committed: true,
      dryRun: false,
      stoppedEarly: false,
    });
    expect(first.buildingsCreated.map((b) => b.name).sort()).toEqual([
      "Berlin Warehouse",
      "Lisbon Office",
      "London Office",
      "Madrid HQ",
    ]);
    for (const building of first.buildingsCreated) {
      expect(building.id).toBe(plannedBuildingId(companyId, building.name));
    }
    const countries = (await service.buildings.list({ companyId })).data
      .map((b) => `${b.name}:${b.country}`)
      .sort();
    expect(countries).toEqual([
      "Berlin Warehouse:DE",
      "Lisbon Office:PT",
      "London Office:GB",
      "Madrid HQ:ES",
    ]);
    expect(await stored()).toBe(ACME_ROWS);

    const summary = await service.emissions.summarize({ companyId, groupBy: [] });
    expect(first.co2eByScope["1"]).toBeGreaterThan(0);
    expect(first.co2eByScope["2"]).toBeGreaterThan(0);
    // GB 2024 water and waste: DESNZ 2024 (e.g. INV-2024-0014, 259.6 m3 × 0.15311 = 39.747356 kg).
    expect(first.co2eByScope["3"]).toBeGreaterThan(0);
    const buildings = new Map(
      (await service.buildings.list({ companyId })).data.map((b) => [b.id, b.country]),
    );
    const waiting = (await service.emissions.list({ companyId, limit: 500 })).data
      .filter((e) => e.status === "awaiting_factor")
      .map((e) => `${buildings.get(e.buildingId)} ${codeOf(e.categoryId)}`);
    // 108 lines: the three scope 3 category 3 lines (WTT of generation, T&D losses, WTT of T&D)
    // of the 36 electricity bills of Spain, Portugal and Germany (12 each), which no open source
    // prices and grid electricity has no proxy for, on purpose (docs/factor-library.md,
    // "Proxies"); none in GB. Water and waste there, which no open national source prices
    // either, are priced with DESNZ (GB) as labelled proxies (proxies.csv).
    expect(waiting).toHaveLength(108);
    expect([...new Set(waiting)].sort()).toEqual([
      "DE electricity_td_losses",
      "DE electricity_td_wtt",
      "DE electricity_wtt",
      "ES electricity_td_losses",
      "ES electricity_td_wtt",
      "ES electricity_wtt",
      "PT electricity_td_losses",
      "PT electricity_td_wtt",
      "PT electricity_wtt",
    ]);
    const proxied = (await service.emissions.list({ companyId, limit: 500 })).data.filter(
      (e) => e.line === "direct" && buildings.get(e.buildingId) !== "GB",
    );
    for (const code of ["water_supply", "waste_landfill_mixed", "waste_recycling_paper"]) {
      const rows = proxied.filter((e) => codeOf(e.categoryId) === code);
      expect(rows.length, code).toBeGreaterThan(0);
      for (const e of rows) expect(e, code).toMatchObject({ resolution: "proxy", geography: "GB" });
    }
    const water = (await service.emissions.list({ companyId, limit: 500 })).data.find(
      (e) => e.quantity === 259.6 && codeOf(e.categoryId) === "water_supply",
    );
    expect(water?.co2e).toBeCloseTo(39.747356, 9);
    for (const scope of ["1", "2", "3"] as const) {
      expect(first.co2eByScope[scope]).toBeCloseTo(summary.totals.byScope[scope], 6);
    }
    // The import counts consumptions awaiting a factor (their direct line); the summary counts
    // every line, the derived ones too.
    const lines = (await service.emissions.list({ companyId, limit: 500 })).data;
    const awaitingDirect = lines.filter(
      (line) => line.line === "direct" && line.status === "awaiting_factor",
    );
    expect(first.awaitingFactor).toBe(awaitingDirect.length);
    expect(summary.totals.awaitingFactor).toBe(
      lines.filter((line) => line.status === "awaiting_factor").length,
    );
    // Every consumption is priced now (water and waste by proxy): the import counts none, the
    // summary the 108 category 3 lines above.
    expect([first.awaitingFactor, summary.totals.awaitingFactor]).toEqual([0, 108]);

    const again = await run(acme, { createBuildings: true });
    expect(again).toMatchObject({
      rowsRead: ACME_ROWS,
      inserted: 0,
      updated: 0,
      unchanged: ACME_ROWS,
      rejected: 0,
      committed: true,
      buildingsCreated: [],
    });
    expect(await stored()).toBe(ACME_ROWS);
  });

  it("updates a row whose quantity was corrected instead of duplicating it", async () => {
    await run(acme, { createBuildings: true });
    const text = fs.readFileSync(acme, "utf8");
    const corrected = text.replace(
      "INV-2024-0001,Madrid HQ,ES,electricity,2024-01-01,2024-01-31,16099.7,kWh",
      "INV-2024-0001,Madrid HQ,ES,electricity,2024-01-01,2024-01-31,16199.7,kWh",
    );
    expect(corrected).not.toBe(text);
    const file = path.join(dir, "corrected.csv");
    fs.writeFileSync(file, corrected);
    const report = await run(file);
    expect(report).toMatchObject({ inserted: 0, updated: 1, unchanged: ACME_ROWS - 1 });
    const id = consumptionId({
      companyId,
      buildingId: plannedBuildingId(companyId, "Madrid HQ"),
      categoryId: categoryId("electricity"),
      entityId: "INV-2024-0001",
      startDate: "2024-01-01T00:00:00.000Z",
      endDate: "2024-01-31T00:00:00.000Z",
    });
    expect((await service.consumptions.get(id)).quantity).toBe(16199.7);
    expect(await stored()).toBe(ACME_ROWS);
  });

  it("reports every typical mistake with its line and column and stores nothing", async () => {
    await run(acme, { createBuildings: true });
    const report = await run(mistakes);
    expect(report.errors.map((e) => [e.line, e.column, e.message])).toEqual(typicalMistakes);
    expect(report).toMatchObject({
      rowsRead: 17,
      rejected: 13,
      errorCount: typicalMistakes.length,
      inserted: 0,
      committed: false,
      stoppedEarly: false,
    });
    expect(await stored()).toBe(ACME_ROWS);
  });

  it("imports only the good rows with skipInvalid and writes the rejects file", async () => {
    await run(acme, { createBuildings: true });
    const rejectsFile = path.join(dir, "rejects.csv");
    const report = await run(mistakes, { skipInvalid: true, rejectsFile });
    expect(report).toMatchObject({ rejected: 13, inserted: 4, committed: true });
    expect(await stored()).toBe(ACME_ROWS + 4);

    const rows: string[][] = parse(fs.readFileSync(rejectsFile, "utf8"), {
      relax_column_count: true,
    });
    expect(rows[0]).toEqual([
      "entityId",
      "building",
      "category",
      "startDate",
      "endDate",
      "quantity",
      "unit",
      "_line",
      "_column",
      "_error",
    ]);
    expect(rows.slice(1).map((row) => [row[7], row[8]])).toEqual([
      ["3", "endDate"],
      ["4", "endDate"],
      ["5", "quantity"],
      ["6", "quantity"],
      ["7", "unit"],
      ["8", "unit"],
      ["9", "category"],
      ["10", "category"],
      ["11", "building"],
      ["13", "id"],
      ["14", "quantity"],
      ["15", ""],
      ["16", "startDate|endDate"],
    ]);
    expect(rows[4]?.[5]).toBe("12,5");
    expect(rows.every((row) => row.length === 10)).toBe(true);

    // The rejects file imports again as it is: the same rows fail for the same reasons.
    const again = await run(rejectsFile, { dryRun: true });
    // Two rows are fine on their own: the duplicate (its first occurrence was imported) and the
    // row with an extra field (the rejects file keeps the header's width).
    expect(again.rejected).toBe(11);
    expect(again.errors.map((e) => e.column)).toEqual([
      "endDate",
      "endDate",
      "quantity",
      "quantity",
      "unit",
      "unit",
      "category",
      "category",
      "building",
      "quantity",
      "startDate",
      "endDate",
    ]);
  });

  it("reads the Spanish semicolon export with decimal commas", async () => {
    const report = await run(spanish, { decimalComma: true, createBuildings: true });
    expect(report).toMatchObject({ rowsRead: 32, inserted: 32, rejected: 0, committed: true });
    expect(await buildingNames()).toEqual(["Madrid HQ", "Sevilla Plant"]);
    const all = (await service.consumptions.list({ companyId, limit: 500 })).data;
    const quantity = (entityId: string) => all.find((c) => c.entityId === entityId)?.quantity;
    expect(quantity("ES-FAC-24-0001")).toBe(21361.23);
    expect(quantity("ES-FAC-24-0002")).toBe(143772.86);
    expect(quantity("ES-FAC-24-0005")).toBe(49525.9);
    expect(quantity("ES-FAC-24-0031")).toBe(1234);
    expect(quantity("ES-FAC-24-0032")).toBe(287.5);
  });

  it("rejects the Spanish export without --decimal-comma, with the hint", async () => {
    const report = await run(spanish, { createBuildings: true });
    expect(report.rejected).toBe(31);
    expect(report.committed).toBe(false);
    expect(report.errors[0]).toEqual({
      line: 2,
      column: "Quantity",
      message: 'expected a number, got "21.361,23" (use --decimal-comma for decimal commas)',
    });
    expect(await stored()).toBe(0);
  });

  it("refuses the Windows-1252 export as UTF-8 and reads it with --encoding windows-1252", async () => {
    const error = await failure(run(spanishAnsi, { decimalComma: true, createBuildings: true }));
    expect(error.code).toBe("validation");
    expect(error.message).toContain("is not UTF-8 text: line 2 has bytes that are not UTF-8");
    expect(await stored()).toBe(0);
    expect(await buildingNames()).toEqual([]);

    const options = { decimalComma: true, createBuildings: true, encoding: "windows-1252" };
    const report = await run(spanishAnsi, options);
    expect(report).toMatchObject({ rowsRead: 14, inserted: 14, rejected: 0, committed: true });
    expect(await buildingNames()).toEqual(["Almacén Málaga", "Oficina Logroño"]);
    const all = (await service.consumptions.list({ companyId, limit: 500 })).data;
    expect(all.find((c) => c.entityId === "FAC-2024/0001 nº1")?.quantity).toBe(18412.5);
    expect(all.find((c) => c.entityId === "FAC-2024/0013 gasóleo")?.quantity).toBe(1250.5);
    expect((await run(spanishAnsi, options)).unchanged).toBe(14);
  });

  it("calculates on a dry run but stores nothing, not even buildings", async () => {
    const report = await run(acme, { createBuildings: true, dryRun: true });
    expect(report).toMatchObject({
      rowsRead: ACME_ROWS,
      inserted: ACME_ROWS,
      dryRun: true,
      committed: false,
    });
    expect(report.co2eByScope["2"]).toBeGreaterThan(0);
    expect(report.buildingsCreated).toHaveLength(4);
    expect(await stored()).toBe(0);
    expect(await buildingNames()).toEqual([]);
  });

  it("writes the rejects file on a dry run too", async () => {
    await run(acme, { createBuildings: true });
    const rejectsFile = path.join(dir, "dry-rejects.csv");
    const report = await run(mistakes, { dryRun: true, rejectsFile });
    expect(report).toMatchObject({ rejected: 13, inserted: 4, committed: false });
    expect(fs.readFileSync(rejectsFile, "utf8").split("\n").filter(Boolean)).toHaveLength(14);
    expect(await stored()).toBe(ACME_ROWS);
  });

  it("stores nothing when interrupted mid-import", async () => {
    const controller = new AbortController();
    let calls = 0;
    const promise = run(acme, {
      createBuildings: true,
      batchSize: 10,
      signal: controller.signal,
      onProgress: () => {
        calls += 1;
        controller.abort();
      },
    });
    const error = await failure(promise);
    expect(error.code).toBe("interrupted");
    expect(error.message).toBe("import interrupted; nothing was stored");
    expect(calls).toBeGreaterThan(0);
    expect(await stored()).toBe(0);
    expect(await buildingNames()).toEqual([]);
    // The session was released: a new import works.
    expect((await run(acme, { createBuildings: true })).inserted).toBe(ACME_ROWS);
  });

  it("gives the same result whatever the batch size", async () => {
    const report = await run(acme, { createBuildings: true, batchSize: 7 });
    expect(report).toMatchObject({ inserted: ACME_ROWS, committed: true });
    expect(report.buildingsCreated).toHaveLength(4);
    expect(await stored()).toBe(ACME_ROWS);
  });

  it("writes batches of the size the session writes best, unless --batch-size is given", async () => {
    // The same service, its sessions saying they write 40 rows a batch best, their writes counted.
    const sizes: number[] = [];
    const consumptions: CarbonService["consumptions"] = {
      ...service.consumptions,
      openImport: async (options) => {
        const session = await service.consumptions.openImport(options);
        return {
          batchRows: 40,
          detectsOverlaps: session.detectsOverlaps,
          createBuildings: (inputs) => session.createBuildings(inputs),
          write: (rows) => {
            sizes.push(rows.length);
            return session.write(rows);
          },
          overlaps: (rows) => session.overlaps(rows),
          carried: (records) => session.carried(records),
          remove: (records) => session.remove(records),
          commit: () => session.commit(),
          abort: () => session.abort(),
        };
      },
    };
    const sized = new Proxy(service, {
      get(target, key) {
        if (key === "consumptions") return consumptions;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const options = { file: acme, companyId, decimalComma: false, skipInvalid: false };
    const report = await importConsumptions(sized, {
      ...options,
      dryRun: true,
      createBuildings: true,
    });
    expect(report.inserted).toBe(ACME_ROWS);
    expect(sizes).toEqual([40, 40, 40, 40, 1]);
    sizes.length = 0;
    await importConsumptions(sized, {
      ...options,
      dryRun: true,
      createBuildings: true,
      batchSize: 100,
    });
    expect(sizes).toEqual([100, 61]);
  });

  it("stops after maxErrors bad rows and commits nothing", async () => {
    await run(acme, { createBuildings: true });
    const report = await run(mistakes, { skipInvalid: true, maxErrors: 2 });
    expect(report).toMatchObject({
      rowsRead: 3,
      rejected: 2,
      stoppedEarly: true,
      committed: false,
      inserted: 0,
    });
    expect(await stored()).toBe(ACME_ROWS);
  });

  it("imports the spec's columns with ids given in the file and finds duplicate ids", async () => {
    const buildingId = newId();
    await service.buildings.upsert({ id: buildingId, companyId, name: "Plant", country: "GB" });
    const [a, b] = [newId(), newId()];
    const header =
      "id,entityId,categoryId,startDate,endDate,companyId,buildingId,quantity,unitType";
    const elec = categoryId("electricity");
    const file = writeCsv("spec.csv", [
      header,
      `${a},INV-1,${elec},2025-01-01T00:00:00Z,2025-01-31T00:00:00Z,${companyId},${buildingId},1000,kWh`,
      `${b},INV-2,natural_gas,2025-01-01,2025-01-31,${companyId},${buildingId},100,m3`,
      `${a},INV-3,electricity,2025-02-01,2025-02-28,${companyId},${buildingId},900,MWh`,
    ]);
    const report = await run(file, { companyId: undefined, skipInvalid: true });
    expect(report.errors).toEqual([
      { line: 4, column: "id", message: `duplicate id ${a}: line 2 has the same id` },
    ]);
    expect(report).toMatchObject({ inserted: 2, rejected: 1 });
    const stored = await service.consumptions.get(a);
    expect(stored).toMatchObject({
      buildingId,
      quantity: 1000,
      unitType: "kWh",
      startDate: "2025-01-01T00:00:00.000Z",
    });
    expect((await service.consumptions.get(b)).categoryId).toBe(categoryId("natural_gas"));
  });

  it("reports a wrong company in the file per row", async () => {
    const other = newId();
    const file = writeCsv("companies.csv", [
      "companyId,building,category,startDate,endDate,quantity,unit",
      `${other},HQ,electricity,2024-01-01,2024-01-31,10,kWh`,
      `acme,HQ,electricity,2024-01-01,2024-01-31,10,kWh`,
      `,HQ,electricity,2024-01-01,2024-01-31,10,kWh`,
    ]);
    const report = await run(file, { companyId: undefined, createBuildings: true });
    expect(report.errors).toEqual([
      { line: 2, column: "companyId", message: `company ${other} not found` },
      { line: 3, column: "companyId", message: 'expected a company id (UUID), got "acme"' },
      {
        line: 4,
        column: "companyId",
        message: "expected a company id, got an empty cell (or use --company)",
      },
    ]);
  });

  it("refuses a malformed file and commits nothing even with skipInvalid", async () => {
    const file = writeCsv("broken.csv", [
      "building,category,startDate,endDate,quantity,unit",
      "HQ,electricity,2024-01-01,2024-01-31,10,kWh",
      'HQ,electricity,2024-02-01,2024-02-29,"10,kWh',
      "HQ,electricity,2024-03-01,2024-03-31,10,kWh",
    ]);
    const report = await run(file, { skipInvalid: true, createBuildings: true });
    expect(report.errors).toEqual([
      {
        line: 3,
        column: "",
        message: 'malformed CSV: a quoted field is never closed (a missing ")',
      },
    ]);
    expect(report).toMatchObject({ stoppedEarly: true, committed: false, rejected: 1 });
    expect(await stored()).toBe(0);
  });

  it.each([
    ["an unknown --company", { companyId: "00000000-0000-4000-8000-000000000000" }, "not_found"],
    ["a --company that is not an id", { companyId: "acme" }, "usage"],
    [
      "an unknown --building id",
      { buildingId: "00000000-0000-4000-8000-000000000001" },
      "not_found",
    ],
    ["a bad --delimiter", { delimiter: "::" }, "usage"],
    ["a bad batch size", { batchSize: 0 }, "usage"],
  ])("refuses %s before reading", async (_, options, code) => {
    expect((await failure(run(acme, options))).code).toBe(code);
  });

  it("names the columns of an unusable header", async () => {
    const file = writeCsv("typo.csv", [
      "building,category,startDate,endDate,quantiy,unit",
      "HQ,electricity,2024-01-01,2024-01-31,10,kWh",
    ]);
    const error = await failure(run(file));
    expect(error.code).toBe("validation");
    expect(error.message).toBe("the header (line 1) is not usable: 2 problems");
    expect(error.issues.map((issue) => issue.message)).toEqual([
      'unknown column "quantiy" (did you mean quantity?)',
      "missing column quantity",
    ]);
  });

  it("refuses a missing file as a usage error naming it", async () => {
    const missing = path.join(dir, "missing.csv");
    const error = await failure(run(missing));
    expect(error.code).toBe("usage");
    expect(error.message).toContain(missing);
  });
});
