/**
 * `--resume` against a real `carbon serve` asks the server before it skips anything: a server
 * whose database was restored from a backup, or another server at the same address, gets every
 * row again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { newId } from "../../../src/core/ids.js";
import {
  type ConsumptionImportOptions,
  type ConsumptionImportReport,
  importConsumptions,
} from "../../../src/import/consumptions.js";
import { SERVER_INSTANCE_KEY } from "../../../src/store/server-meta.js";
import { type RealServer, type RealServerOptions, startRealServer } from "../remote/real-server.js";
import { rowId, storedIds, writeRowsCsv } from "./remote-helpers.js";

const rows = 10_000;
/** The address the user types: the same before and after the server changed behind it. */
const journal = { apiUrl: "https://carbon.example.com", dir: "" };

let dir: string;
let file: string;
let companyId: string;
const servers: RealServer[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-resume-"));
  file = path.join(dir, "rows.csv");
  writeRowsCsv(file, rows, rowId);
  journal.dir = path.join(dir, "journals");
  companyId = newId();
});

afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function serve(options: RealServerOptions = {}): Promise<RealServer> {
  const server = await startRealServer(options);
  servers.push(server);
  return server;
}

interface RunOptions extends Partial<ConsumptionImportOptions> {
  /** Interrupts the import (as Ctrl-C does) once this many rows of this run are confirmed. */
  readonly stopAfter?: number;
  /** Told the rows of this run confirmed so far (at least every 100 ms). */
  readonly watch?: (confirmed: number) => void;
}

async function importInto(
  server: RealServer,
  options: RunOptions = {},
): Promise<ConsumptionImportReport | undefined> {
  const controller = new AbortController();
  const service = createRemoteService({
    apiUrl: server.url,
    token: await server.token(),
    signal: controller.signal,
    concurrency: 2,
  });
  const { stopAfter, watch, ...rest } = options;
  try {
    return await importConsumptions(service, {
      file,
      companyId,
      decimalComma: false,
      dryRun: false,
      skipInvalid: false,
      createBuildings: true,
      batchSize: 100,
      journal,
      signal: controller.signal,
      onProgress: (progress) => {
        const confirmed = progress.sending?.confirmed ?? 0;
        if (progress.sending !== undefined) watch?.(confirmed);
        if (stopAfter !== undefined && confirmed >= stopAfter) controller.abort();
      },
      ...rest,
    });
  } catch (error) {
    if (stopAfter === undefined) throw error;
    expect(error).toMatchObject({ code: "interrupted" });
    return undefined;
  } finally {
    await service.close();
  }
}

/** A consistent copy of the server's database, as a backup tool would take it. */
function backUp(server: RealServer, name: string): string {
  const copy = path.join(dir, name);
  const db = new Database(server.dbPath);
  try {
    db.prepare("VACUUM INTO ?").run(copy);
  } finally {
    db.close();
  }
  return copy;
}

const everyId = new Set(Array.from({ length: rows }, (_, n) => rowId(n)));

describe("--resume asks the server before it skips anything", () => {
  it("after a restore from a backup taken mid-way, sends every row again", async () => {
    const first = await serve();
    await first.local.companies.upsert({ id: companyId, name: "Restored Ltd", country: "ES" });
    let backup: string | undefined;
    await importInto(first, {
      stopAfter: 2500,
      // At the first confirmed batch: the backup has some rows, the journal will have more.
      watch: () => {
        backup ??= backUp(first, "backup.db");
      },
    });
    if (backup === undefined) throw new Error("no backup was taken");
    const storedBefore = (await storedIds(first.local, companyId)).length;
    expect(storedBefore).toBeGreaterThanOrEqual(2500);
    expect(storedBefore).toBeLessThan(rows);

    const restored = await serve({ dbPath: backup });
    expect((await storedIds(restored.local, companyId)).length).toBeLessThan(storedBefore);
    const report = await importInto(restored, { resume: true });
    expect(report).toMatchObject({
      resumedSkipped: 0,
      resumeRefused: expect.stringMatching(
        /^\d+ of \d+ rows the journal says the server stored are not on the server at https:\/\/carbon\.example\.com \(was its database restored from a backup\?\)$/,
      ),
    });
    expect(new Set(await storedIds(restored.local, companyId))).toEqual(everyId);
  });

  it("at the same address, another server (instance) gets every row again", async () => {
    const first = await serve();
    await first.local.companies.upsert({ id: companyId, name: "Moved Ltd", country: "ES" });
    await importInto(first, { stopAfter: 100 });
    // A copy with every row so far, under a new instance id: only the identity differs.
    const copy = backUp(first, "copy.db");
    const db = new Database(copy);
    db.prepare("DELETE FROM meta WHERE key = ?").run(SERVER_INSTANCE_KEY);
    db.close();
    const other = await serve({ dbPath: copy });
    const report = await importInto(other, { resume: true });
    expect(report?.resumedSkipped).toBe(0);
    expect(report?.resumeRefused).toMatch(
      /^the server at https:\/\/carbon\.example\.com is not the one that confirmed the [\d,]+ rows of the journal \(its instance was [0-9a-f-]{36} and now is [0-9a-f-]{36}\)$/,
    );
    expect(new Set(await storedIds(other.local, companyId))).toEqual(everyId);
  });

  it("the same server skips what it stored, and so does one that announces no instance", async () => {
    for (const announceInstance of [true, false]) {
      companyId = newId();
      fs.rmSync(journal.dir, { recursive: true, force: true });
      const server = await serve({ announceInstance });
      await server.local.companies.upsert({ id: companyId, name: "Same Ltd", country: "ES" });
      await importInto(server, { stopAfter: 100 });
      const stored = (await storedIds(server.local, companyId)).length;
      const report = await importInto(server, { resume: true });
      // Rows in flight at the stop may be stored without being journaled: they are sent again.
      expect(report?.resumedSkipped).toBeGreaterThanOrEqual(100);
      expect(report?.resumedSkipped).toBeLessThanOrEqual(stored);
      expect(report?.resumeRefused).toBeUndefined();
      expect(new Set(await storedIds(server.local, companyId))).toEqual(everyId);
    }
  });
});
