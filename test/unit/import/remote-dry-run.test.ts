/**
 * `consumptions import --dry-run` against a server that ignores `dryRun` and announces nothing
 * (a proxy in front of a real `carbon serve`): the client plans, sends no write, and says the
 * emissions were not calculated. Against carbon serve itself the server's dry run is used.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { newId } from "../../../src/core/ids.js";
import type { CarbonService } from "../../../src/core/service.js";
import { importConsumptions } from "../../../src/import/consumptions.js";
import { type RealServer, startRealServer } from "../remote/real-server.js";
import { startSpecProxy } from "../remote/spec-proxy.js";
import { rowId, storedIds, writeRowsCsv } from "./remote-helpers.js";

let server: RealServer;
let dir: string;
let companyId: string;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  server = await startRealServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-dry-"));
  companyId = newId();
  await server.local.companies.upsert({ id: companyId, name: "Dry Co", country: "ES" });
  for (const name of ["Plant 0", "Plant 1", "Plant 2"]) {
    await server.local.buildings.upsert({ id: newId(), companyId, name, country: "ES" });
  }
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function remote(url: string): Promise<CarbonService> {
  const service = createRemoteService({ apiUrl: url, token: await server.token() });
  cleanups.push(() => service.close());
  return service;
}

function dryRun(service: CarbonService, file: string) {
  return importConsumptions(service, {
    file,
    companyId,
    decimalComma: false,
    dryRun: true,
    skipInvalid: false,
    createBuildings: false,
  });
}

describe("an import dry run against a server that ignores dryRun", () => {
  it("sends no write, counts inserts and updates from the listings, and leaves the emissions unknown", async () => {
    const file = path.join(dir, "rows.csv");
    writeRowsCsv(file, 12, rowId);
    // Six of the twelve are stored already (imported for real, through carbon serve).
    const direct = await remote(server.url);
    writeRowsCsv(path.join(dir, "half.csv"), 6, rowId);
    await importConsumptions(direct, {
      file: path.join(dir, "half.csv"),
      companyId,
      decimalComma: false,
      dryRun: false,
      skipInvalid: false,
      createBuildings: false,
    });
    const proxy = await startSpecProxy(server.url);
    cleanups.push(() => proxy.close());
    const report = await dryRun(await remote(proxy.url), file);
    expect(proxy.writes()).toEqual([]);
    expect(await storedIds(server.local, companyId)).toHaveLength(6);
    expect(report).toMatchObject({
      dryRun: true,
      committed: false,
      inserted: 6,
      unchanged: 6,
      updated: 0,
      emissionsUnknown: true,
    });
  });

  it("carbon serve, which announces dryRun, calculates the dry run itself", async () => {
    const file = path.join(dir, "rows.csv");
    writeRowsCsv(file, 3, rowId);
    const report = await dryRun(await remote(server.url), file);
    expect(report.inserted).toBe(3);
    expect(report.emissionsUnknown).toBeUndefined();
    expect(report.co2eByScope["2"]).toBeGreaterThan(0);
    expect(await storedIds(server.local, companyId)).toEqual([]);
  });
});
