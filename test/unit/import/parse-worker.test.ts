import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { CarbonError, isCarbonError } from "../../../src/core/errors.js";
import { categoryId, consumptionId } from "../../../src/core/ids.js";
import type { CarbonService } from "../../../src/core/service.js";
import {
  type ConsumptionImportOptions,
  type ConsumptionImportReport,
  importConsumptions,
} from "../../../src/import/consumptions.js";
import { plannedBuildingId } from "../../../src/import/references.js";
import {
  PARSE_WORKER_MIN_BYTES,
  ParseWorkerStart,
  startParseWorker,
} from "../../../src/import/worker-outcomes.js";

// The parse worker (large files) must give exactly what validating on the main thread gives:
// the same report, the same stored rows and buildings, the same rejects file, the same errors.

const fixtures = path.resolve(import.meta.dirname, "../../../fixtures/consumptions");
const acme = path.join(fixtures, "acme-offices-2024.csv");
const spanish = path.join(fixtures, "spanish-utility-semicolon.csv");
const mistakes = path.join(fixtures, "typical-mistakes.csv");
const companyId = "7d1c4a2b-3e5f-4a6b-8c9d-0e1f2a3b4c5d";
const otherCompany = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

let dir: string;

interface Outcome {
  readonly report: ConsumptionImportReport | undefined;
  readonly error: { readonly code: string; readonly message: string } | undefined;
  readonly rows: unknown[];
  readonly buildings: unknown[];
  readonly rejects: string | undefined;
}

async function seed(service: CarbonService, acmeFirst: boolean): Promise<void> {
  await service.companies.upsert({ id: companyId, name: "Acme Offices", country: "ES" });
  await service.companies.upsert({ id: otherCompany, name: "Other", country: "GB" });
  if (acmeFirst) {
    await importConsumptions(service, {
      file: acme,
      companyId,
      decimalComma: false,
      dryRun: false,
      skipInvalid: false,
      createBuildings: true,
      parseInWorker: false,
    });
  }
}

async function importWith(
  parseInWorker: boolean,
  file: string,
  options: Partial<ConsumptionImportOptions>,
  acmeFirst: boolean,
): Promise<Outcome> {
  const mode = parseInWorker ? "worker" : "inline";
  const service = await openLocalService({ path: path.join(dir, `${mode}.db`) });
  const rejectsFile = options.rejectsFile === undefined ? undefined : path.join(dir, `${mode}.csv`);
  try {
    await seed(service, acmeFirst);
    let report: ConsumptionImportReport | undefined;
    let error: Outcome["error"];
    try {
      report = await importConsumptions(service, {
        file,
        companyId,
        decimalComma: false,
        dryRun: false,
        skipInvalid: false,
        createBuildings: false,
        ...options,
        ...(rejectsFile === undefined ? {} : { rejectsFile }),
        parseInWorker,
      });
    } catch (caught) {
      if (!isCarbonError(caught)) throw caught;
      error = { code: caught.code, message: caught.message };
    }
    const rows = [];
    const buildings = [];
    for (const company of [companyId, otherCompany]) {
      const page = await service.consumptions.list({ companyId: company, limit: 500 });
      rows.push(...page.data.map(({ createdAt, updatedAt, ...row }) => row));
      buildings.push(...(await service.buildings.list({ companyId: company, limit: 500 })).data);
    }
    const rejects =
      rejectsFile !== undefined && fs.existsSync(rejectsFile)
        ? fs.readFileSync(rejectsFile, "utf8")
        : undefined;
    return {
      report,
      error,
      rows,
      buildings: buildings.map(({ createdAt, ...building }) => building),
      rejects,
    };
  } finally {
    await service.close();
  }
}

async function same(
  file: string,
  options: Partial<ConsumptionImportOptions> = {},
  acmeFirst = false,
): Promise<Outcome> {
  const inline = await importWith(false, file, options, acmeFirst);
  const worker = await importWith(true, file, options, acmeFirst);
  expect(worker).toEqual(inline);
  return worker;
}

function writeCsv(name: string, lines: readonly string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-worker-"));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("importConsumptions with a parse worker", () => {
  it.each([
    ["takes the worker started before it", false],
    ["starts a new worker when the one started before was stopped", true],
  ])("%s, and imports the same as the main thread", async (_, stoppedFirst) => {
    const inline = await importWith(false, acme, { createBuildings: true }, false);
    const started = new ParseWorkerStart();
    if (stoppedFirst) await started.dispose();
    const early = await importWith(
      true,
      acme,
      { createBuildings: true, parseWorker: started },
      false,
    );
    expect(early).toEqual(inline);
    expect(early.report).toMatchObject({ inserted: 161, committed: true });
    // Taken by the import (or stopped): nothing is left to take.
    expect(started.take()).toBeUndefined();
    await started.dispose();
  });

  it("starts a worker early only for a file large enough to be parsed in one", async () => {
    expect(await startParseWorker(acme)).toBeUndefined();
    expect(await startParseWorker(path.join(dir, "missing.csv"))).toBeUndefined();
    const large = path.join(dir, "large.csv");
    fs.writeFileSync(large, Buffer.alloc(PARSE_WORKER_MIN_BYTES, 0x20));
    const started = await startParseWorker(large);
    expect(started).toBeInstanceOf(ParseWorkerStart);
    await started?.dispose();
    expect(started?.take()).toBeUndefined();
  });

  it("imports the fixtures exactly as the main thread does", async () => {
    const acmeResult = await same(acme, { createBuildings: true });
    expect(acmeResult.report).toMatchObject({ inserted: 161, committed: true });
    expect(acmeResult.buildings).toHaveLength(4);
    const spanishResult = await same(spanish, { decimalComma: true, createBuildings: true });
    expect(spanishResult.report?.committed).toBe(true);
    const ansi = path.join(fixtures, "spanish-utility-windows-1252.csv");
    const ansiOptions = { decimalComma: true, createBuildings: true, encoding: "windows-1252" };
    const ansiResult = await same(ansi, ansiOptions);
    expect(ansiResult.report).toMatchObject({ inserted: 14, committed: true });
    expect(ansiResult.buildings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Almacén Málaga" }),
        expect.objectContaining({ name: "Oficina Logroño" }),
      ]),
    );
  });

  it("re-imports, rejects, dry-runs and stops early the same way", async () => {
    const skipped = await same(mistakes, { skipInvalid: true, rejectsFile: "r" }, true);
    expect(skipped.report).toMatchObject({ rejected: 13, committed: true });
    expect(skipped.rejects?.split("\n").filter(Boolean)).toHaveLength(14);
    const refused = await same(mistakes, { rejectsFile: "r" }, true);
    expect(refused.report).toMatchObject({ committed: false, inserted: 0 });
    const dry = await same(mistakes, { dryRun: true, rejectsFile: "r" }, true);
    expect(dry.report).toMatchObject({ dryRun: true, committed: false, rejected: 13 });
    const early = await same(mistakes, { skipInvalid: true, maxErrors: 2 }, true);
    expect(early.report).toMatchObject({ rowsRead: 3, stoppedEarly: true });
    const again = await same(acme, { createBuildings: true, batchSize: 7 }, true);
    expect(again.report).toMatchObject({ unchanged: 161 });
  });

  it("asks the main thread for companies named in the file", async () => {
    const unknown = "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f";
    const file = writeCsv("companies.csv", [
      "companyId,building,category,startDate,endDate,quantity,unit",
      `${otherCompany},Depot,electricity,2024-01-01,2024-01-31,10,kWh`,
      `${unknown},HQ,electricity,2024-01-01,2024-01-31,10,kWh`,
      `${companyId},HQ,electricity,2024-01-01,2024-01-31,12,kWh`,
      `${otherCompany},depot,diesel,2024-02-01,2024-02-28,5,l`,
    ]);
    // Without --company: with it, a row of another company is an error of its own.
    const options = { companyId: undefined, createBuildings: true, skipInvalid: true };
    const result = await same(file, options);
    expect(result.report).toMatchObject({ inserted: 3, rejected: 1 });
    expect(result.buildings).toHaveLength(2);
  });

  it("refuses a row of another company than --company the same way", async () => {
    const file = writeCsv("other-company.csv", [
      "companyId,building,category,startDate,endDate,quantity,unit",
      `${otherCompany},Depot,electricity,2024-01-01,2024-01-31,10,kWh`,
      `,HQ,electricity,2024-01-01,2024-01-31,12,kWh`,
    ]);
    const result = await same(file, { createBuildings: true, skipInvalid: true });
    expect(result.report?.errors).toEqual([
      {
        line: 2,
        column: "companyId",
        message: `this row is of company ${otherCompany}, but --company is ${companyId}: remove the cell, or import the row without --company`,
      },
    ]);
    expect(result.rows).toHaveLength(1);
  });

  it("finds repeated rows and ids the same way, with and without an id column", async () => {
    // No id column: the main thread checks the derived ids of the worker's rows.
    const derived = writeCsv("derived.csv", [
      "entityId,building,category,startDate,endDate,quantity,unit",
      "A,HQ,electricity,2024-01-01,2024-01-31,10,kWh",
      "B,HQ,electricity,2024-01-01,2024-01-31,11,kWh",
      "A,HQ,electricity,2024-01-01,2024-01-31,12,kWh",
      "A,hq,electricity,2024-01-01,2024-01-31,x,kWh",
      "A,HQ,electricity,2024-01-01,2024-01-31,13,kWh",
      "B,Depot,electricity,2024-01-01,2024-01-31,14,kWh",
    ]);
    const options = { createBuildings: true, skipInvalid: true, rejectsFile: "r" };
    const repeated = await same(derived, options);
    expect(repeated.report?.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [
        4,
        "id",
        "duplicate row: line 2 has the same company, building, category, entityId and dates",
      ],
      [5, "quantity", 'expected a number, got "x"'],
      [
        6,
        "id",
        "duplicate row: line 2 has the same company, building, category, entityId and dates",
      ],
    ]);
    expect(repeated.report).toMatchObject({ inserted: 3, rejected: 3, committed: true });
    expect(repeated.buildings).toHaveLength(2);
    expect(repeated.rejects?.split("\n").filter(Boolean)).toHaveLength(4);

    // An id column: explicit ids, derived ones, and an explicit id equal to a derived one.
    const explicit = "5b0c1d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e";
    const derivedOfC = consumptionId({
      companyId,
      buildingId: plannedBuildingId(companyId, "HQ"),
      categoryId: categoryId("electricity"),
      entityId: "C",
      startDate: "2024-01-01T00:00:00.000Z",
      endDate: "2024-01-31T00:00:00.000Z",
    });
    const mixed = writeCsv("mixed.csv", [
      "id,entityId,building,category,startDate,endDate,quantity,unit",
      `${explicit},A,HQ,electricity,2024-01-01,2024-01-31,10,kWh`,
      ",C,HQ,electricity,2024-01-01,2024-01-31,11,kWh",
      `${derivedOfC},D,HQ,electricity,2024-02-01,2024-02-29,12,kWh`,
      `${explicit},E,HQ,electricity,2024-03-01,2024-03-31,x,kWh`,
      ",C,HQ,electricity,2024-01-01,2024-01-31,13,kWh",
    ]);
    const worker = await same(mixed, options);
    expect(worker.report?.errors.map((e) => [e.line, e.column])).toEqual([
      [4, "id"],
      [5, "quantity"],
      [5, "id"],
      [6, "id"],
    ]);
  });

  it("reports malformed CSV and file-level problems the same way", async () => {
    const broken = writeCsv("broken.csv", [
      "entityId,building,category,startDate,endDate,quantity,unit",
      "A,HQ,electricity,2024-01-01,2024-01-31,10,kWh",
      'B,"HQ,electricity,2024-01-01,2024-01-31,10,kWh',
    ]);
    const result = await same(broken, { createBuildings: true, skipInvalid: true });
    expect(result.report).toMatchObject({ stoppedEarly: true, committed: false });
    const headerOnly = writeCsv("header.csv", ["nonsense,columns"]);
    expect((await same(headerOnly)).error?.code).toBe("validation");
  });

  it("keeps its memory bounded over many chunks and gives the same totals", async () => {
    const lines = ["entityId,building,country,category,startDate,endDate,quantity,unit"];
    for (let i = 0; i < 12_000; i += 1) {
      const month = String((i % 12) + 1).padStart(2, "0");
      lines.push(
        `INV-${i},Plant ${i % 7},ES,electricity,2024-${month}-01,2024-${month}-28,${i},kWh`,
      );
    }
    const file = writeCsv("many.csv", lines);
    const inline = await importWith(false, file, { createBuildings: true }, false);
    const worker = await importWith(true, file, { createBuildings: true }, false);
    expect(worker.report).toEqual(inline.report);
    expect(worker.report).toMatchObject({ inserted: 12_000, committed: true });
    expect(worker.buildings).toEqual(inline.buildings);
  });

  it("stops and stores nothing when interrupted", async () => {
    const service = await openLocalService({ path: path.join(dir, "abort.db") });
    try {
      await seed(service, false);
      const controller = new AbortController();
      const promise = importConsumptions(service, {
        file: acme,
        companyId,
        decimalComma: false,
        dryRun: false,
        skipInvalid: false,
        createBuildings: true,
        batchSize: 10,
        parseInWorker: true,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
      await expect(promise).rejects.toThrow(CarbonError);
      await expect(promise).rejects.toMatchObject({ code: "interrupted" });
      expect((await service.consumptions.list({ companyId, limit: 1 })).pagination.total).toBe(0);
    } finally {
      await service.close();
    }
  });
});
