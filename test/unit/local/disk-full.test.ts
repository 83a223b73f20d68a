/**
 * A full disk on every write path of the local engine: `PRAGMA max_page_count` makes SQLite raise
 * SQLITE_FULL on the real connection, and each write must fail with "the disk holding … is full"
 * (unavailable, exit 7), leave the stored data as it was, and leave the service usable.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestIo } from "../../../src/cli/io.js";
import type { CarbonError as CarbonErrorType } from "../../../src/core/errors.js";
import { categoryId } from "../../../src/core/ids.js";
import type { GlecEntryInput } from "../../../src/core/model/glec.js";

const connections = vi.hoisted(() => new Map<string, Database.Database>());
/** Files whose next connection opens on a full disk. */
const fullOnOpen = vi.hoisted(() => new Set<string>());

// The real openDatabase; the test only keeps the connection it opens, to lower its page limit.
vi.mock("../../../src/store/sqlite/database.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/store/sqlite/database.js")>();
  return {
    ...real,
    openDatabase: (file: string, busyTimeoutMs?: number) => {
      const db = real.openDatabase(file, busyTimeoutMs);
      connections.set(path.resolve(file), db);
      if (fullOnOpen.has(path.resolve(file))) fillDisk(file);
      return db;
    },
  };
});

// Test files share loaded modules when isolation is off: what opens a database is loaded anew
// here, after the mock, and dropped again after this file so the next one gets the real module.
vi.resetModules();
const { openLocalService } = await import("../../../src/backends/local/open.js");
const { main } = await import("../../../src/cli/main.js");
const { CarbonError } = await import("../../../src/core/errors.js");
const { carbonError, consumption, ids, openTemp, seed, tempDir } = await import("./helpers.js");
afterAll(() => {
  vi.doUnmock("../../../src/store/sqlite/database.js");
  vi.resetModules();
});

/** The disk is full from now on: the file may grow by `spare` pages at most. */
function fillDisk(file: string, spare = 0): void {
  const db = connections.get(path.resolve(file));
  if (db === undefined) throw new Error(`no connection to ${file}`);
  // Free pages inside the file would take the writes: give them back first.
  if (!db.inTransaction) db.exec("VACUUM");
  // A small page cache spills to the file mid-transaction, as a large import does.
  db.pragma("cache_size = 8");
  const pages = Number(db.pragma("page_count", { simple: true }));
  db.pragma(`max_page_count = ${pages + spare}`);
}

function freeDisk(file: string): void {
  const db = connections.get(path.resolve(file));
  db?.pragma("max_page_count = 4294967294");
  db?.pragma("cache_size = -16384");
}

const glecFixture: GlecEntryInput = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);

async function setup() {
  const service = await openTemp();
  await seed(service);
  return { service, file: service.path };
}

function expectDiskFull(error: { code: string; message: string }, file: string): void {
  expect(error.code).toBe("unavailable");
  expect(error.message).toBe(`the disk holding ${file} is full`);
}

/** Enough rows to need new pages whatever the free space in the file. */
function manyRows(count: number) {
  return Array.from({ length: count }, () => consumption({ entityId: "x".repeat(150) }));
}

describe("a full disk", () => {
  it("fails an import into an empty table (bulk mode) with unavailable, nothing stored", async () => {
    const { service, file } = await setup();
    const session = await service.consumptions.openImport({ dryRun: false });
    fillDisk(file);
    const error = await carbonError(session.write(manyRows(3000)));
    expectDiskFull(error, file);
    await session.abort();
    freeDisk(file);
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
    await service.consumptions.upsert(consumption());
    expect((await service.consumptions.list({})).pagination.total).toBe(1);
  });

  it("fails an import into a table with rows with unavailable, the earlier rows kept", async () => {
    const { service, file } = await setup();
    await service.consumptions.upsert(consumption());
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.write(manyRows(10));
    fillDisk(file);
    const error = await carbonError(session.write(manyRows(3000)));
    expectDiskFull(error, file);
    await session.abort();
    freeDisk(file);
    expect((await service.consumptions.list({})).pagination.total).toBe(1);
  });

  it("fails the commit of an import with unavailable", async () => {
    const { service, file } = await setup();
    await service.consumptions.upsert(consumption());
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.write(manyRows(3000));
    fillDisk(file);
    // The pages are in the cache; COMMIT (or a spill before it) needs the disk.
    const error = await carbonError(
      (async () => {
        await session.write(manyRows(3000));
        await session.commit();
      })(),
    );
    expectDiskFull(error, file);
    await session.abort();
    freeDisk(file);
    expect((await service.consumptions.list({})).pagination.total).toBe(1);
  });

  it("fails buildings created by an import with unavailable", async () => {
    const { service, file } = await setup();
    const session = await service.consumptions.openImport({ dryRun: false });
    fillDisk(file);
    const buildings = Array.from({ length: 2000 }, (_, index) => ({
      id: `66666666-6666-4666-8666-${String(index).padStart(12, "0")}`,
      companyId: ids.esCompany,
      name: `Store ${index} ${"y".repeat(150)}`,
      country: null,
    }));
    expectDiskFull(await carbonError(session.createBuildings(buildings)), file);
    await session.abort();
    freeDisk(file);
    expect((await service.buildings.list({})).pagination.total).toBe(3);
  });

  it("fails a suppliers import with unavailable, nothing stored", async () => {
    const { service, file } = await setup();
    fillDisk(file);
    const suppliers = Array.from({ length: 2000 }, (_, index) => ({
      companyId: ids.gbCompany,
      type: "suppliers" as const,
      name: `Supplier ${index} ${"z".repeat(150)}`,
      externalId: `S-${index}`,
    }));
    const error = await carbonError(
      service.suppliers.write(suppliers, { dryRun: false, skipInvalid: false }),
    );
    expectDiskFull(error, file);
    freeDisk(file);
    expect((await service.suppliers.list({})).pagination.total).toBe(0);
  });

  it("fails single upserts, GLEC entries, custom factors and moves with unavailable", async () => {
    const { service, file } = await setup();
    await service.companies.upsert({ id: glecFixture.companyId, name: "Shipper" });
    for (const row of manyRows(200)) await service.consumptions.upsert(row);
    fillDisk(file);
    // A small write may still fit in a page with room: each path writes until one needs a page.
    expectDiskFull(await untilFull(() => service.consumptions.upsert(consumption())), file);
    let serial = 0;
    const nextId = (): string => {
      serial += 1;
      return `77777777-7777-4777-8777-${String(serial).padStart(12, "0")}`;
    };
    expectDiskFull(
      await untilFull(() => service.glec.submit({ ...glecFixture, id: nextId() })),
      file,
    );
    expectDiskFull(
      await untilFull(() =>
        service.customFactors.upsert({
          id: nextId(),
          companyId: ids.gbCompany,
          categoryId: categoryId("electricity"),
          unit: "kWh",
          co2e: 0.1,
          source: `contract ${"s".repeat(150)}`,
        }),
      ),
      file,
    );
    let target: string = ids.esCompany;
    expectDiskFull(
      await untilFull(async () => {
        await service.buildings.move({ buildingIds: [ids.gbBuilding], companyId: target });
        target = target === ids.esCompany ? ids.gbCompany : ids.esCompany;
      }),
      file,
    );
    freeDisk(file);
    expect((await service.consumptions.list({ limit: 1 })).pagination.total).toBeGreaterThan(200);
    await service.consumptions.upsert(consumption());
  });
});

describe("a full disk under `carbon consumptions import`", () => {
  it.each([
    ["into an existing building", () => "London office", []],
    [
      "creating its buildings",
      (row: number) => `Depot ${row} ${"d".repeat(100)}`,
      ["--create-buildings"],
    ],
  ])(
    "%s exits 7 with the disk full message, not 1, and stores nothing",
    async (_, building, flags) => {
      const dir = tempDir();
      const file = path.join(dir, "carbon.db");
      const seeded = await openLocalService({ path: file });
      await seed(seeded);
      await seeded.close();
      const csv = path.join(dir, "bills.csv");
      const lines = ["building,category,startDate,endDate,quantity,unit,entityId"];
      for (let day = 0; day < 20_000; day += 1) {
        lines.push(
          `${building(day)},electricity,2024-01-01,2024-01-31,${day},kWh,INV-${day}-${"e".repeat(100)}`,
        );
      }
      writeFileSync(csv, `${lines.join("\n")}\n`);
      fullOnOpen.add(path.resolve(file));
      const io = createTestIo();
      const code = await main(
        [
          "node",
          "carbon",
          "--db",
          file,
          "consumptions",
          "import",
          csv,
          "--company",
          ids.gbCompany,
          ...flags,
        ],
        { io, env: { HOME: dir } },
      );
      fullOnOpen.clear();
      expect(io.stderrText()).toContain(`error: the disk holding ${file} is full`);
      expect(io.stderrText()).not.toContain("bug");
      expect(code).toBe(7);
      const after = await openLocalService({ path: file });
      try {
        expect((await after.consumptions.list({})).pagination.total).toBe(0);
        expect((await after.buildings.list({})).pagination.total).toBe(3);
      } finally {
        await after.close();
      }
    },
  );
});

/** Runs `write` until it fails (at most 2000 times) and answers its CarbonError. */
async function untilFull(write: () => Promise<unknown>): Promise<CarbonErrorType> {
  for (let count = 0; count < 2000; count += 1) {
    try {
      await write();
    } catch (error) {
      if (error instanceof CarbonError) return error;
      throw error;
    }
  }
  throw new Error("the disk never filled up");
}
