import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { consumptionId } from "../../../src/core/ids.js";
import type { ConsumptionInput } from "../../../src/core/model/consumption.js";
import { carbonError, consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

/** A second connection to the same file, as another process would have. */
function countOther(file: string, table: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const value = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    return typeof value === "number" ? value : -1;
  } finally {
    db.close();
  }
}

/** The indexes of `consumptions` (migration 1). */
const CONSUMPTION_INDEXES = ["consumptions_by_company", "consumptions_by_id"];

/** The triggers of `consumptions` (migration 21: certificate coverage). */
const CONSUMPTION_TRIGGERS = [
  "certificate_electricity_deleted",
  "certificate_electricity_inserted",
  "certificate_electricity_updated",
];

function indexNames(file: string, type: "index" | "trigger" = "index"): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = '${type}' AND tbl_name = 'consumptions' ORDER BY name`,
      )
      .pluck()
      .all()
      .map(String);
  } finally {
    db.close();
  }
}

function rows(count: number, overrides: Partial<ConsumptionInput> = {}): ConsumptionInput[] {
  return Array.from({ length: count }, () => consumption(overrides));
}

const newBuilding = {
  id: "66666666-6666-4666-8666-666666666666",
  companyId: ids.esCompany,
  name: "Valencia store",
  country: null,
};

async function setup() {
  const file = path.join(tempDir(), "carbon.db");
  const service = await openTemp(file, 100);
  await seed(service);
  return { file, service };
}

describe("import sessions", () => {
  it("shows nothing to other connections before commit, everything after", async () => {
    const { file, service } = await setup();
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.createBuildings([newBuilding]);
    const counts = await session.write([
      ...rows(250),
      consumption({
        companyId: ids.esCompany,
        buildingId: newBuilding.id,
        category: "natural_gas",
      }),
    ]);
    expect(counts).toMatchObject({ inserted: 251, updated: 0, unchanged: 0 });
    expect(countOther(file, "consumptions")).toBe(0);
    expect(countOther(file, "buildings")).toBe(3);
    await session.commit();
    expect(countOther(file, "consumptions")).toBe(251);
    expect(countOther(file, "buildings")).toBe(4);
    expect(indexNames(file)).toEqual(CONSUMPTION_INDEXES);
    // A bulk load sets the table's triggers aside too, and makes them again before it commits.
    expect(indexNames(file, "trigger")).toEqual(CONSUMPTION_TRIGGERS);
    expect((await service.buildings.get(newBuilding.id)).name).toBe("Valencia store");
  });

  it("counts a batch written again as unchanged, with the same kg by scope (derived lines too)", async () => {
    const { service } = await setup();
    const gas = () =>
      consumption({
        category: "natural_gas",
        companyId: ids.esCompany,
        buildingId: ids.esBuilding,
      });
    const batch = [...rows(3), gas(), gas()];
    const write = async () => {
      const session = await service.consumptions.openImport({ dryRun: false });
      const counts = await session.write(batch);
      await session.commit();
      return counts;
    };
    const first = await write();
    const again = await write();
    expect(first).toMatchObject({ inserted: 5, unchanged: 0 });
    expect(again).toMatchObject({ inserted: 0, unchanged: 5 });
    // Electricity and natural gas derive scope 3 category 3 lines (WTT, T&D losses).
    expect(first.co2eByScope["3"]).toBeGreaterThan(0);
    expect(again.co2eByScope).toEqual(first.co2eByScope);
  });

  it("abort leaves the previous state, indexes included", async () => {
    const { file, service } = await setup();
    await service.consumptions.upsert(consumption());
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.createBuildings([newBuilding]);
    await session.write(rows(120));
    await session.abort();
    expect(countOther(file, "consumptions")).toBe(1);
    expect(countOther(file, "buildings")).toBe(3);
    expect(indexNames(file)).toEqual(CONSUMPTION_INDEXES);
    // The service is usable for writes again.
    expect((await service.consumptions.upsert(consumption())).outcome).toBe("inserted");
  });

  it("a dry run calculates everything, then commit rolls it back (also in bulk mode)", async () => {
    const { file, service } = await setup();
    const session = await service.consumptions.openImport({ dryRun: true });
    const counts = await session.write([
      consumption({ quantity: 1000 }),
      consumption({
        companyId: ids.esCompany,
        buildingId: ids.esBuilding,
        category: "district_heat",
        unitType: "kWh",
      }),
    ]);
    // Scope 3 is the GB bill's category 3 lines: 1000 kWh × (0.0459 WTT of generation +
    // 0.01853 T&D losses + 0.00397 WTT of T&D), DESNZ 2025 = 68.4 kg.
    expect(counts).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      awaitingFactor: 1,
      co2eByScope: { "1": 0, "2": 177, "3": 68.4 },
    });
    await session.commit();
    expect(countOther(file, "consumptions")).toBe(0);
    expect(indexNames(file)).toEqual(CONSUMPTION_INDEXES);
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });

  it("classifies re-imported rows as unchanged or updated, across batches and within one", async () => {
    const { file, service } = await setup();
    const batch = rows(300);
    const first = await service.consumptions.openImport({ dryRun: false });
    expect((await first.write(batch)).inserted).toBe(300);
    // The same id again in a later batch of the same (bulk) session.
    const repeat = await first.write([
      batch[0] as ConsumptionInput,
      { ...(batch[1] as ConsumptionInput), quantity: 5 },
    ]);
    expect(repeat).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    await first.commit();
    expect(indexNames(file)).toEqual(CONSUMPTION_INDEXES);

    const second = await service.consumptions.openImport({ dryRun: false });
    const changed = batch.map((row, i) => (i < 10 ? { ...row, quantity: row.quantity + 1 } : row));
    const counts = await second.write(changed);
    expect(counts).toMatchObject({ inserted: 0, updated: 10, unchanged: 290 });
    // Within one batch: the second copy of a row is compared with the first.
    const fresh = consumption();
    const dup = await second.write([fresh, fresh, { ...fresh, quantity: 7 }]);
    expect(dup).toMatchObject({ inserted: 1, unchanged: 1, updated: 1 });
    await second.commit();
    expect((await service.consumptions.get(fresh.id)).quantity).toBe(7);
    expect((await service.consumptions.list({})).pagination.total).toBe(301);
  });

  it("counts unchanged rows' stored emissions in the totals", async () => {
    const { service } = await setup();
    const row = consumption();
    await service.consumptions.upsert(row);
    const session = await service.consumptions.openImport({ dryRun: false });
    // The stored row's derived lines count too: 1000 kWh × (0.0459 + 0.01853 + 0.00397).
    expect(await session.write([row])).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 1,
      awaitingFactor: 0,
      co2eByScope: { "1": 0, "2": 177, "3": 68.4 },
    });
    await session.abort();
  });

  it("rejects a batch with a wrong reference whole, naming rows.<index>.<field>", async () => {
    const { service } = await setup();
    const session = await service.consumptions.openImport({ dryRun: false });
    const batch = rows(5);
    batch[3] = { ...(batch[3] as ConsumptionInput), buildingId: ids.esBuilding };
    batch[4] = { ...(batch[4] as ConsumptionInput), unitType: "km" };
    const error = await carbonError(session.write(batch));
    expect(error.code).toBe("validation");
    expect(error.issues.map((issue) => issue.path)).toEqual([
      "rows.3.buildingId",
      "rows.4.unitType",
    ]);
    // Nothing of that batch was written; the session goes on.
    const counts = await session.write(batch.slice(0, 3));
    expect(counts.inserted).toBe(3);
    await session.commit();
    expect((await service.consumptions.list({})).pagination.total).toBe(3);
  });

  it("derived ids: importing the same natural key twice updates instead of duplicating", async () => {
    const { service } = await setup();
    const key = {
      companyId: ids.gbCompany,
      buildingId: ids.gbBuilding,
      categoryId: consumption().categoryId,
      entityId: "INV-42",
      startDate: "2025-02-01T00:00:00.000Z",
      endDate: "2025-02-28T00:00:00.000Z",
    };
    const row = consumption({ ...key, id: consumptionId(key), quantity: 10 });
    for (const quantity of [10, 10, 12]) {
      const session = await service.consumptions.openImport({ dryRun: false });
      await session.write([{ ...row, quantity }]);
      await session.commit();
    }
    const page = await service.consumptions.list({});
    expect(page.pagination.total).toBe(1);
    expect(page.data[0]?.quantity).toBe(12);
  });

  it("refuses other writes while a session is open, and a second session", async () => {
    const { service } = await setup();
    const session = await service.consumptions.openImport({ dryRun: false });
    expect((await carbonError(service.consumptions.upsert(consumption()))).code).toBe("conflict");
    expect((await carbonError(service.consumptions.openImport({ dryRun: false }))).code).toBe(
      "conflict",
    );
    // Reads still work, and see the session's own rows.
    await session.write(rows(2));
    expect((await service.consumptions.list({})).pagination.total).toBe(2);
    await session.commit();
    expect((await carbonError(session.write(rows(1)))).code).toBe("usage");
    await session.abort(); // a no-op once closed
  });

  it("close() rolls back a session left open", async () => {
    const { file, service } = await setup();
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.write(rows(3));
    await service.close();
    expect(countOther(file, "consumptions")).toBe(0);
    expect(indexNames(file)).toEqual(CONSUMPTION_INDEXES);
  });

  it("reports a database locked by another writer as unavailable", async () => {
    const { file, service } = await setup();
    const other = new Database(file);
    other.pragma("busy_timeout = 0");
    other.exec("BEGIN IMMEDIATE");
    try {
      // The service waits its busy timeout (100 ms here, 5 s by default) before giving up.
      const error = await carbonError(service.consumptions.openImport({ dryRun: false }));
      expect(error.code).toBe("unavailable");
      expect(error.message).toContain("the database is busy");
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
  });
});

describe("overlaps in an import session", () => {
  it("an empty table has nothing to overlap: the session does not look", async () => {
    const { file, service } = await setup();
    const session = await service.consumptions.openImport({ dryRun: false });
    expect(session.detectsOverlaps).toBe(false);
    const [row] = rows(1);
    if (row === undefined) throw new Error("no row");
    expect(await session.overlaps([row])).toEqual([]);
    await session.write([row]);
    await session.commit();
    expect(countOther(file, "consumptions")).toBe(1);
  });

  it("finds what was stored before the session, not what it wrote", async () => {
    const { service } = await setup();
    const stored = consumption({ endDate: "2025-01-30T00:00:00.000Z" });
    await service.consumptions.upsert(stored);
    const session = await service.consumptions.openImport({ dryRun: false });
    expect(session.detectsOverlaps).toBe(true);
    const endDate = "2025-01-31T00:00:00.000Z";
    const corrected = { ...stored, endDate, id: "0f000000-0000-4000-8000-000000000001" };
    const later = { ...stored, endDate, id: "0f000000-0000-4000-8000-000000000002" };
    expect(await session.overlaps([corrected])).toMatchObject([
      { index: 0, existing: { id: stored.id, endDate: "2025-01-30T00:00:00.000Z" } },
    ]);
    await session.write([corrected]);
    // The row written in this session is no stored record to overlap.
    expect((await session.overlaps([later])).map((o) => o.existing.id)).toEqual([stored.id]);
    expect(await session.remove([await service.consumptions.get(stored.id)])).toBe(1);
    await session.abort();
    expect((await service.consumptions.get(stored.id)).id).toBe(stored.id);
  });
});
