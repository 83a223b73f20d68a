/**
 * Imports that meet a stored consumption the row overlaps (a bill whose dates were corrected in
 * the CSV): the same assertions on the local engine (a SQLite file) and on the remote engine
 * through a real `carbon serve`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { newId } from "../../../src/core/ids.js";
import type { CarbonService } from "../../../src/core/service.js";
import {
  type ConsumptionImportOptions,
  type ConsumptionImportReport,
  importConsumptions,
} from "../../../src/import/consumptions.js";
import { startRealServer } from "../remote/real-server.js";
import { storedIds } from "./remote-helpers.js";

interface Engine {
  readonly service: CarbonService;
  close(): Promise<void>;
}

const engines: readonly [string, (dir: string) => Promise<Engine>][] = [
  [
    "local engine",
    async (dir) => {
      const service = await openLocalService({ path: path.join(dir, "carbon.db") });
      return { service, close: () => service.close() };
    },
  ],
  [
    "remote engine (real carbon serve)",
    async () => {
      const server = await startRealServer();
      const service = createRemoteService({ apiUrl: server.url, token: await server.token() });
      return {
        service,
        async close() {
          await service.close();
          await server.close();
        },
      };
    },
  ],
];

const HEADER = "entityId,building,country,category,startDate,endDate,quantity,unit";

describe.each(engines)("overlapping rows, %s", (_name, open) => {
  let dir: string;
  let engine: Engine;
  let service: CarbonService;
  let companyId: string;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-overlaps-"));
    engine = await open(dir);
    service = engine.service;
    companyId = newId();
    await service.companies.upsert({ id: companyId, name: "Acme", country: "ES" });
  });
  afterEach(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function csv(name: string, rows: readonly string[]): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${[HEADER, ...rows].join("\n")}\n`);
    return file;
  }

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
      createBuildings: true,
      ...options,
    });
  }

  const bill = (end: string, entity = "INV-1") =>
    `${entity},Madrid HQ,ES,electricity,2024-01-01,${end},16099.7,kWh`;
  const other = "INV-2,Madrid HQ,ES,natural_gas,2024-01-01,2024-01-31,28859.2,kWh";

  /** The first import: the bill as first typed (end date 2024-01-30). */
  async function importFirst(): Promise<string> {
    const report = await run(csv("first.csv", [bill("2024-01-30")]));
    expect(report.inserted).toBe(1);
    const [id] = await storedIds(service, companyId);
    if (id === undefined) throw new Error("nothing stored");
    return id;
  }

  it("rejects a corrected bill, naming the stored one and its period; stores nothing", async () => {
    const first = await importFirst();
    const report = await run(csv("fixed.csv", [other, bill("2024-01-31")]));
    expect(report).toMatchObject({
      rejected: 1,
      overlapping: 1,
      committed: false,
      replaced: 0,
      inserted: 0,
    });
    expect(report.errors).toEqual([
      {
        line: 3,
        column: "endDate",
        message: expect.stringContaining(`${first} (2024-01-01 to 2024-01-30)`),
      },
    ]);
    expect(report.errors[0]?.message).toContain("--replace-overlapping");
    expect(await storedIds(service, companyId)).toEqual([first]);
  });

  it("--skip-invalid writes the overlapping row to the rejects file and stores the rest", async () => {
    const first = await importFirst();
    const rejectsFile = path.join(dir, "rejects.csv");
    const report = await run(csv("fixed.csv", [other, bill("2024-01-31")]), {
      skipInvalid: true,
      rejectsFile,
    });
    expect(report).toMatchObject({ rejected: 1, inserted: 1, committed: true });
    const rejects = fs.readFileSync(rejectsFile, "utf8").trimEnd().split("\n");
    expect(rejects).toHaveLength(2);
    expect(rejects[1]).toContain(`${bill("2024-01-31")},3,endDate,`);
    expect(await storedIds(service, companyId)).toHaveLength(2);
    expect(await storedIds(service, companyId)).toContain(first);
  });

  it("--replace-overlapping replaces the stored bill in the same write, audited", async () => {
    const first = await importFirst();
    // Locally through the parse worker too (what files of 4 MB and more take).
    const report = await run(csv("fixed.csv", [other, bill("2024-01-31")]), {
      replaceOverlapping: true,
      parseInWorker: true,
    });
    expect(report).toMatchObject({
      rejected: 0,
      inserted: 2,
      overlapping: 1,
      replaced: 1,
      committed: true,
    });
    const ids = await storedIds(service, companyId);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(first);
    const audit = await service.audit.list({ companyIds: [companyId] });
    expect(audit.data[0]).toMatchObject({
      action: "consumptions.delete",
      recordId: first,
      record: { endDate: "2024-01-30T00:00:00.000Z" },
    });
    const again = await run(csv("fixed.csv", [other, bill("2024-01-31")]));
    expect(again).toMatchObject({ unchanged: 2, rejected: 0, replaced: 0 });
  });

  it("a dry run reports what would be replaced and changes nothing", async () => {
    const first = await importFirst();
    const report = await run(csv("fixed.csv", [bill("2024-01-31")]), {
      replaceOverlapping: true,
      dryRun: true,
    });
    expect(report).toMatchObject({ dryRun: true, replaced: 1, inserted: 1 });
    expect(await storedIds(service, companyId)).toEqual([first]);
  });

  it("rows that overlap each other import again unchanged, in any batch order", async () => {
    // Two meters of one building without an entityId: the file carries both records.
    const rows = [
      ",Madrid HQ,ES,electricity,2024-01-15,2024-02-14,900,kWh",
      other,
      ",Madrid HQ,ES,electricity,2024-01-01,2024-01-31,1000,kWh",
    ];
    expect((await run(csv("meters.csv", rows))).inserted).toBe(3);
    const again = await run(csv("meters.csv", rows), { batchSize: 1 });
    expect(again).toMatchObject({ unchanged: 3, rejected: 0, replaced: 0, committed: true });
  });

  it("a stored record the file moves to another entity is carried, not overlapped", async () => {
    const moved = "0a000000-0000-4000-8000-000000000001";
    const corrected = "0a000000-0000-4000-8000-000000000002";
    const file = (name: string, rows: readonly string[]) => {
      const withIds = path.join(dir, name);
      const header = "id,entityId,building,country,category,startDate,endDate,quantity,unit";
      fs.writeFileSync(withIds, `${[header, ...rows].join("\n")}\n`);
      return withIds;
    };
    await run(file("first.csv", [`${moved},${bill("2024-01-30")}`]));
    // The corrected bill comes first; the stored one leaves its entity two lines later.
    const rows = [`${corrected},${bill("2024-01-31")}`, `${moved},${bill("2024-01-30", "INV-7")}`];
    const report = await run(file("second.csv", rows), { replaceOverlapping: true, batchSize: 1 });
    expect(report).toMatchObject({ inserted: 1, updated: 1, rejected: 0, replaced: 0 });
    expect((await storedIds(service, companyId)).sort()).toEqual([moved, corrected]);
  });

  it("counts days before 1970 as it counts later ones", async () => {
    const december = "INV-1,Madrid HQ,ES,electricity,1969-12-01,1969-12-31T12:00:00Z,100,kWh";
    expect((await run(csv("1969.csv", [december]))).inserted).toBe(1);
    const january = "INV-1,Madrid HQ,ES,electricity,1970-01-01,1970-01-31,100,kWh";
    expect(await run(csv("1970.csv", [january]))).toMatchObject({ inserted: 1, rejected: 0 });
    const corrected = "INV-1,Madrid HQ,ES,electricity,1969-12-01,1969-12-30,100,kWh";
    expect(await run(csv("fixed.csv", [corrected]))).toMatchObject({ overlapping: 1 });
  });

  it("other entities, other categories and the next period are not overlaps", async () => {
    await importFirst();
    const report = await run(
      csv("next.csv", [
        bill("2024-01-31", "INV-9"),
        "INV-1,Madrid HQ,ES,natural_gas,2024-01-01,2024-01-31,100,kWh",
        "INV-1,Madrid HQ,ES,electricity,2024-02-01,2024-02-29,100,kWh",
      ]),
    );
    expect(report).toMatchObject({ inserted: 3, rejected: 0 });
  });
});
