import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { BulkLoad } from "../../../src/store/sqlite/bulk-load.js";
import { openDatabase } from "../../../src/store/sqlite/database.js";
import { consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

function journalMode(file: string): unknown {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma("journal_mode", { simple: true });
  } finally {
    db.close();
  }
}

describe("BulkLoad", () => {
  it("alone on the file: rollback journal and no foreign keys, then WAL and foreign keys again", () => {
    const file = path.join(tempDir(), "alone.db");
    const db = openDatabase(file);
    try {
      const load = new BulkLoad(db);
      expect(load.enter()).toBe(true);
      expect(db.pragma("journal_mode", { simple: true })).toBe("delete");
      expect(db.pragma("foreign_keys", { simple: true })).toBe(0);
      expect(db.pragma("synchronous", { simple: true })).toBe(2);
      load.leave();
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
      expect(db.pragma("synchronous", { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  it("with another connection open: stays in WAL without waiting, foreign keys still off", () => {
    const file = path.join(tempDir(), "shared.db");
    const db = openDatabase(file, 2000);
    const other = openDatabase(file);
    try {
      other.prepare("SELECT 1").get();
      const load = new BulkLoad(db);
      expect(load.enter()).toBe(false);
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("foreign_keys", { simple: true })).toBe(0);
      expect(db.pragma("busy_timeout", { simple: true })).toBe(2000);
      load.leave();
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    } finally {
      other.close();
      db.close();
    }
  });
});

describe("a first import into an empty table", () => {
  it("writes through a rollback journal and leaves the file in WAL mode", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openTemp(file);
    await seed(service);
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.write([consumption()]);
    expect(fs.existsSync(`${file}-journal`)).toBe(true);
    await session.commit();
    expect(fs.existsSync(`${file}-journal`)).toBe(false);
    expect(journalMode(file)).toBe("wal");
    const page = await service.consumptions.list({ page: 1, limit: 10 });
    expect(page.pagination.total).toBe(1);
  });

  it("stays in WAL while another connection has the file open", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openTemp(file);
    await seed(service);
    const reader = new Database(file, { readonly: true });
    try {
      reader.prepare("SELECT count(*) FROM consumptions").get();
      const session = await service.consumptions.openImport({ dryRun: false });
      await session.write([consumption()]);
      expect(fs.existsSync(`${file}-journal`)).toBe(false);
      await session.commit();
      expect(reader.prepare("SELECT count(*) FROM consumptions").pluck().get()).toBe(1);
    } finally {
      reader.close();
    }
  });
});

describe("a session whose caller promises unique ids", () => {
  it("stores the rows without tracking their ids", async () => {
    const service = await openTemp();
    await seed(service);
    const session = await service.consumptions.openImport({ dryRun: false, uniqueIds: true });
    const counts = await session.write([consumption(), consumption()]);
    await session.commit();
    expect(counts.inserted).toBe(2);
    expect((await service.consumptions.list({ page: 1, limit: 10 })).pagination.total).toBe(2);
  });

  it("fails at COMMIT, storing nothing, if an id repeats after all", async () => {
    const service = await openTemp();
    await seed(service);
    const row = consumption();
    const session = await service.consumptions.openImport({ dryRun: false, uniqueIds: true });
    await session.write([row]);
    await session.write([{ ...row, quantity: 2 }]);
    await expect(session.commit()).rejects.toMatchObject({ code: "conflict" });
    expect((await service.consumptions.list({ page: 1, limit: 10 })).pagination.total).toBe(0);
    const again = await service.consumptions.openImport({ dryRun: false });
    await again.write([row]);
    await again.commit();
    expect((await service.consumptions.list({ page: 1, limit: 10 })).pagination.total).toBe(1);
  });
});

describe("one write whose rows differ in company and kWh per m3", () => {
  it("stores each row's own values, in a new table and over stored rows", async () => {
    const service = await openTemp();
    await seed(service);
    const gas = {
      category: "natural_gas",
      unitType: "m3",
      quantity: 250,
      companyId: ids.esCompany,
      buildingId: ids.esBuilding2,
      startDate: "2024-02-01T00:00:00.000Z",
      endDate: "2024-02-29T00:00:00.000Z",
    };
    const rows = [
      consumption(),
      consumption({ ...gas, kwhPerM3: 11.63 }),
      consumption({ companyId: ids.esCompany, buildingId: ids.esBuilding }),
      consumption({ ...gas }),
      consumption(),
    ];
    const stored = async () =>
      Promise.all(
        rows.map(async (row) => {
          const found = await service.consumptions.get(row.id);
          return [found.companyId, found.buildingId, found.kwhPerM3 ?? null, found.quantity];
        }),
      );
    const expected = rows.map((row) => [
      row.companyId,
      row.buildingId,
      row.kwhPerM3 ?? null,
      row.quantity,
    ]);
    // Into an empty table (the bulk path: plain inserts), then again over the stored rows.
    for (const write of [rows, rows.map((row) => ({ ...row, quantity: row.quantity + 1 }))]) {
      const session = await service.consumptions.openImport({ dryRun: false, uniqueIds: true });
      await session.write(write);
      await session.commit();
      expected.forEach((row, i) => {
        row[3] = write[i]?.quantity ?? 0;
      });
      expect(await stored()).toEqual(expected);
    }
  });
});
