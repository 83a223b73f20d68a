/** `importConsumptions` against a real `carbon serve`: validate first, faults, journal, resume. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";
import { newId } from "../../../src/core/ids.js";
import type { CarbonService } from "../../../src/core/service.js";
import {
  type ConsumptionImportOptions,
  type ConsumptionImportReport,
  importConsumptions,
} from "../../../src/import/consumptions.js";
import { ImportJournal } from "../../../src/import/journal.js";
import { type RealServer, startRealServer } from "../remote/real-server.js";
import { rowId, startFaultProxy, storedIds, writeRowsCsv } from "./remote-helpers.js";

const fixtures = path.resolve(import.meta.dirname, "../../../fixtures/consumptions");
const mistakes = path.join(fixtures, "typical-mistakes.csv");

let server: RealServer;
let dir: string;
let companyId: string;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  server = await startRealServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-import-"));
  companyId = newId();
  await server.local.companies.upsert({ id: companyId, name: "Acme Offices", country: "ES" });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function remote(url = server.url): Promise<CarbonService> {
  const service = createRemoteService({
    apiUrl: url,
    token: await server.token(),
    retry: { baseDelayMs: 1, maxDelayMs: 20 },
  });
  cleanups.push(() => service.close());
  return service;
}

function run(
  service: CarbonService,
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

async function seedBuildings(service: CarbonService): Promise<void> {
  for (const name of ["Madrid HQ", "London Office"]) {
    await service.buildings.upsert({ id: newId(), companyId, name, country: "ES" });
  }
}

function countsAddUp(report: ConsumptionImportReport): void {
  const accounted =
    report.inserted + report.updated + report.unchanged + report.rejected + report.resumedSkipped;
  expect(accounted).toBe(report.rowsRead);
}

describe("an import against a server validates the whole file first", () => {
  it("sends nothing when a row is bad, and reports as the local engine does", async () => {
    await seedBuildings(server.local);
    const report = await run(await remote(), mistakes);
    expect(await storedIds(server.local, companyId)).toEqual([]);
    expect(report).toMatchObject({ rowsRead: 17, rejected: 13, committed: false, inserted: 0 });

    const local = await openLocalService({ path: path.join(dir, "local.db") });
    cleanups.push(() => local.close());
    await local.companies.upsert({ id: companyId, name: "Acme Offices", country: "ES" });
    await seedBuildings(local);
    expect(report).toEqual(await run(local, mistakes));
  });

  it("sends only the good rows with --skip-invalid, and the same rejects file", async () => {
    await seedBuildings(server.local);
    const rejectsFile = path.join(dir, "rejects.csv");
    const report = await run(await remote(), mistakes, { skipInvalid: true, rejectsFile });
    expect(report).toMatchObject({ rejected: 13, inserted: 4, committed: true });
    countsAddUp(report);
    expect(await storedIds(server.local, companyId)).toHaveLength(4);
    const rejects = fs.readFileSync(rejectsFile, "utf8");
    expect(rejects.split("\n").filter((line) => line !== "")).toHaveLength(14);
  });

  it("reads a Windows-1252 file with --encoding in both passes, and refuses it without", async () => {
    const ansi = path.join(fixtures, "spanish-utility-windows-1252.csv");
    const service = await remote();
    const options = { decimalComma: true, createBuildings: true };
    await expect(run(service, ansi, options)).rejects.toMatchObject({ code: "validation" });
    const report = await run(service, ansi, { ...options, encoding: "windows-1252" });
    expect(report).toMatchObject({ rowsRead: 14, inserted: 14, committed: true });
    const names = (await server.local.buildings.list({ companyId })).data.map((b) => b.name);
    expect(names.sort()).toEqual(["Almacén Málaga", "Oficina Logroño"]);
    const stored = (await server.local.consumptions.list({ companyId, limit: 100 })).data;
    expect(stored.map((c) => c.entityId)).toContain("FAC-2024/0013 gasóleo");
  });

  it("stops before sending when the file is bad even with a journal", async () => {
    await seedBuildings(server.local);
    const journalDir = path.join(dir, "journals");
    await run(await remote(), mistakes, { journal: { dir: journalDir, apiUrl: server.url } });
    expect(fs.existsSync(journalDir)).toBe(false);
  });
});

describe("faults on the way", () => {
  it("stores every row exactly once through 429s, 503s and dropped connections", async () => {
    const rows = 3000;
    const file = path.join(dir, "rows.csv");
    writeRowsCsv(file, rows, rowId);
    const proxy = await startFaultProxy(server.url);
    cleanups.push(() => proxy.close());
    // Small batches (one request each): enough requests for every kind of fault.
    const batchSize = 10;
    const report = await run(await remote(proxy.url), file, { createBuildings: true, batchSize });

    expect(report).toMatchObject({ rowsRead: rows, rejected: 0, committed: true });
    countsAddUp(report);
    // A batch stored before its connection dropped is `unchanged` when it is sent again.
    expect(report.unchanged).toBeGreaterThan(0);
    expect(report.unchanged).toBeLessThanOrEqual(proxy.faults["drop-after"] * batchSize);
    const ids = await storedIds(server.local, companyId);
    expect(ids).toHaveLength(rows);
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: rows }, (_, n) => rowId(n))));
    for (const count of Object.values(proxy.faults)) expect(count).toBeGreaterThan(10);
    // Some rows reached the server twice (dropped after storing): still one row each.
    expect(proxy.forwarded()).toBeGreaterThan(rows);
  });
});

describe("the journal and --resume", () => {
  it("skips the rows an earlier run confirmed and deletes the journal when done", async () => {
    const rows = 1200;
    const file = path.join(dir, "rows.csv");
    writeRowsCsv(file, rows, rowId);
    const journalDir = path.join(dir, "journals");
    const identity = {
      apiUrl: server.url,
      companyId,
      file,
      decimalComma: false,
      delimiter: undefined,
      building: undefined,
    };
    const service = await remote();
    const dry = await run(service, file, { createBuildings: true, dryRun: true });
    expect(dry).toMatchObject({ inserted: rows, committed: false });
    expect(await storedIds(server.local, companyId)).toEqual([]);
    // As if an earlier run stored the first 500 rows and was killed.
    const head = path.join(dir, "head.csv");
    writeRowsCsv(head, 500, rowId);
    await run(service, head, { createBuildings: true });
    const journal = ImportJournal.for(journalDir, identity);
    journal.append(Array.from({ length: 500 }, (_, n) => rowId(n)));
    journal.close();

    const report = await run(service, file, {
      createBuildings: true,
      resume: true,
      journal: { dir: journalDir, apiUrl: server.url },
    });
    expect(report).toMatchObject({ rowsRead: rows, resumedSkipped: 500, inserted: rows - 500 });
    countsAddUp(report);
    expect(journal.exists()).toBe(false);
    expect(await storedIds(server.local, companyId)).toHaveLength(rows);
  });

  it("without --resume says an earlier import was interrupted and sends every row", async () => {
    const file = path.join(dir, "rows.csv");
    writeRowsCsv(file, 50, rowId);
    const journalDir = path.join(dir, "journals");
    const journal = ImportJournal.for(journalDir, {
      apiUrl: server.url,
      companyId,
      file,
      decimalComma: false,
      delimiter: undefined,
      building: undefined,
    });
    journal.append([rowId(0)]);
    journal.close();
    const report = await run(await remote(), file, {
      createBuildings: true,
      journal: { dir: journalDir, apiUrl: server.url },
    });
    expect(report).toMatchObject({ resumable: true, resumedSkipped: 0, inserted: 50 });
    expect(journal.exists()).toBe(false);
  });

  it("an interrupted import says how many rows were stored and how to resume", async () => {
    const file = path.join(dir, "rows.csv");
    writeRowsCsv(file, 2000, rowId);
    const controller = new AbortController();
    const service = createRemoteService({
      apiUrl: server.url,
      token: await server.token(),
      signal: controller.signal,
    });
    cleanups.push(() => service.close());
    const journalDir = path.join(dir, "journals");
    const error = await run(service, file, {
      createBuildings: true,
      batchSize: 100,
      signal: controller.signal,
      journal: { dir: journalDir, apiUrl: server.url },
      onProgress: (progress) => {
        // The first confirmed batch is always reported (later ones at most every 100 ms).
        if ((progress.sending?.confirmed ?? 0) >= 100) controller.abort();
      },
    }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(CarbonError);
    expect(error).toMatchObject({ code: "interrupted", hint: expect.stringContaining("--resume") });
    const [journalFile] = fs.readdirSync(journalDir);
    const confirmed = fs
      .readFileSync(path.join(journalDir, journalFile ?? ""), "utf8")
      .split("\n")
      .slice(1, -1);
    expect(confirmed.length).toBeGreaterThanOrEqual(100);
    const stored = new Set(await storedIds(server.local, companyId));
    for (const id of confirmed) expect(stored.has(id)).toBe(true);
  });
});
