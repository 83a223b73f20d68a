import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { localMigrations } from "../../../src/backends/local/plain-resources.js";
import { categoryId } from "../../../src/core/ids.js";
import {
  FLEET_SUBCATEGORIES,
  libraryCategories,
  VEHICLE_CATEGORIES,
  wttCategories,
} from "../../../src/shipped/categories.js";
import { openDatabase, PAGE_SIZE } from "../../../src/store/sqlite/database.js";
import { latestVersion, migrate, withMigrations } from "../../../src/store/sqlite/migrations.js";
import { fromScratch } from "../../support/new-databases.js";
import { carbonError, openTemp, tempDir } from "./helpers.js";

const fixtures = path.resolve(import.meta.dirname, "../../../fixtures/factors");

function csvRows(name: string): Record<string, string>[] {
  return parse<Record<string, string>>(fs.readFileSync(path.join(fixtures, name), "utf8"), {
    columns: true,
  });
}

function pragma(file: string, name: string): unknown {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma(name, { simple: true });
  } finally {
    db.close();
  }
}

describe("migrations", () => {
  it("creates the folder and the database, and records the schema version", async () => {
    const file = path.join(tempDir(), "nested", "deeper", "carbon.db");
    // From an empty file, as a user's first command does (not from the suite's template).
    const service = await fromScratch(() => openTemp(file));
    expect(fs.existsSync(file)).toBe(true);
    expect(service.path).toBe(file);
    await service.close();
    // The released versions stay as they are; a new table's migration comes after them.
    expect(localMigrations.map((m) => m.version).filter((version) => version <= 45)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 27, 28, 30, 31, 35,
      40, 41, 45,
    ]);
    expect(pragma(file, "user_version")).toBe(latestVersion(localMigrations));
    expect(pragma(file, "journal_mode")).toBe("wal");
    expect(pragma(file, "page_size")).toBe(PAGE_SIZE);
  });

  it("keeps the page size of a database created with another one", async () => {
    const file = path.join(tempDir(), "old.db");
    const old = new Database(file);
    old.pragma("page_size = 4096");
    old.pragma("journal_mode = WAL");
    old.close();
    const service = await openLocalService({ path: file });
    try {
      await service.companies.upsert({
        id: "11111111-1111-4111-8111-111111111111",
        name: "Old",
        country: "GB",
      });
      expect((await service.companies.list({ page: 1, limit: 5 })).pagination.total).toBe(1);
    } finally {
      await service.close();
    }
    expect(pragma(file, "page_size")).toBe(4096);
  });

  it("migration 7 turns stored consumption dates into integers, and reads give the same text", async () => {
    const file = path.join(tempDir(), "v6.db");
    const old = openDatabase(file);
    migrate(
      old,
      file,
      localMigrations.filter((m) => m.version <= 6),
    );
    const company = "11111111-1111-4111-8111-111111111111";
    const building = "22222222-2222-4222-8222-222222222222";
    old
      .prepare(
        "INSERT INTO companies (ref, id, name, country, created_at) VALUES (1, ?, 'Old', 'GB', ?)",
      )
      .run(company, "2025-01-01T00:00:00.000Z");
    old
      .prepare(
        "INSERT INTO buildings (ref, id, company_ref, name, country, created_at) VALUES (1, ?, 1, 'HQ', NULL, ?)",
      )
      .run(building, "2025-01-01T00:00:00.000Z");
    const categoryRef = old
      .prepare("SELECT ref FROM categories WHERE id = ?")
      .pluck()
      .get(categoryId("electricity"));
    const insert = old.prepare(
      `INSERT INTO consumptions (id, entity_id, company_ref, building_ref, category_ref, start_date,
         end_date, quantity, unit, created_at, updated_at, co2e, provenance_ref)
       VALUES (?, ?, 1, 1, ?, ?, ?, 1000, 'kWh', 1, 2, 177.0, NULL)`,
    );
    const rows = [
      [
        "aaaaaaaa-0000-4000-8000-000000000001",
        "2024-12-01T00:00:00.000Z",
        "2024-12-31T00:00:00.000Z",
      ],
      [
        "aaaaaaaa-0000-4000-8000-000000000002",
        "2025-01-01T00:00:00.000Z",
        "2025-01-31T23:59:59.999Z",
      ],
      [
        "aaaaaaaa-0000-4000-8000-000000000003",
        "2025-02-01T12:30:00.250Z",
        "2025-02-28T00:00:00.000Z",
      ],
    ] as const;
    for (const [id, start, end] of rows)
      insert.run(id, `INV-${id.slice(-1)}`, categoryRef, start, end);
    old.close();

    const upgrades: string[] = [];
    const service = await openLocalService({
      path: file,
      onUpgrade: (message) => upgrades.push(message),
    });
    expect(upgrades).toContain(
      `upgrading ${file} to database version 7 (consumption dates as integers); this happens once`,
    );
    expect(upgrades).toContain(
      `upgrading ${file} to database version 11 (indexes in list order); this happens once`,
    );
    for (const [id, start, end] of rows) {
      const stored = await service.consumptions.get(id);
      expect([stored.startDate, stored.endDate]).toEqual([start, end]);
    }
    const january = await service.consumptions.list({
      companyId: company,
      from: "2025-01-31",
      to: "2025-02-01",
    });
    expect(january.data.map((c) => c.id)).toEqual([rows[1][0], rows[2][0]]);
    await service.close();
    const db = new Database(file, { readonly: true });
    try {
      expect(
        db
          .prepare("SELECT DISTINCT typeof(start_date) || typeof(end_date) FROM consumptions")
          .pluck()
          .all(),
      ).toEqual(["integerinteger"]);
      const indexes = db
        .prepare(
          "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'consumptions' ORDER BY name",
        )
        .pluck()
        .all();
      expect(indexes).toEqual(["consumptions_by_company", "consumptions_by_id"]);
    } finally {
      db.close();
    }
    expect(pragma(file, "user_version")).toBe(latestVersion(localMigrations));
  });

  it("migration 9 keeps the audit trail's moves and records deletions beside them", async () => {
    const file = path.join(tempDir(), "v8.db");
    const old = openDatabase(file);
    migrate(
      old,
      file,
      localMigrations.filter((m) => m.version < 9),
    );
    const move = {
      id: "33333333-3333-4333-8333-333333333333",
      moveId: "44444444-4444-4444-8444-444444444444",
      building: "22222222-2222-4222-8222-222222222222",
      from: "11111111-1111-4111-8111-111111111111",
      to: "55555555-5555-4555-8555-555555555555",
    };
    old
      .prepare(
        `INSERT INTO audit_log (id, move_id, action, actor, at, building_id, from_company_id,
           to_company_id, consumptions, emissions, awaiting_factor)
         VALUES (?, ?, 'buildings.move', 'ana', '2025-01-01T00:00:00.000Z', ?, ?, ?, 3, 2, 1)`,
      )
      .run(move.id, move.moveId, move.building, move.from, move.to);
    old.close();
    const service = await openLocalService({ path: file });
    try {
      await service.companies.upsert({ id: move.from, name: "Old", country: "GB" });
      await service.buildings.upsert({ id: move.building, companyId: move.from, name: "Empty" });
      await service.deleteRecords({ resource: "building", ids: [move.building], actor: "bea" });
      const trail = await service.audit.list({ buildingId: move.building });
      expect(trail.data).toMatchObject([
        { action: "buildings.delete", actor: "bea", recordId: move.building, companyId: move.from },
        {
          id: move.id,
          moveId: move.moveId,
          action: "buildings.move",
          actor: "ana",
          buildingId: move.building,
          fromCompanyId: move.from,
          toCompanyId: move.to,
          consumptions: 3,
          emissions: 2,
          awaitingFactor: 1,
        },
      ]);
    } finally {
      await service.close();
    }
  });

  it("migration 16 creates the invoices table with the columns other parts join on", async () => {
    const file = path.join(tempDir(), "carbon.db");
    await (await openTemp(file)).close();
    const db = new Database(file, { readonly: true });
    try {
      const columns = db
        .prepare<[], string>("SELECT name FROM pragma_table_info('invoices') ORDER BY cid")
        .pluck()
        .all();
      expect(columns.slice(0, 8)).toEqual([
        "id",
        "company_id",
        "building_id",
        "type",
        "status",
        "cup",
        "start_date",
        "end_date",
      ]);
      const primary = db
        .prepare<[], string>("SELECT name FROM pragma_table_info('invoices') WHERE pk = 1")
        .pluck()
        .all();
      expect(primary).toEqual(["id"]);
    } finally {
      db.close();
    }
  });

  it("re-opens an existing database without applying anything twice", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const upgrades: string[] = [];
    const onUpgrade = (message: string): void => {
      upgrades.push(message);
    };
    const first = await openLocalService({ path: file, onUpgrade });
    const before = (await first.factors.list({ limit: 1 })).pagination.total;
    const categories = (await first.categories.list({})).pagination.total;
    await first.close();
    const second = await openLocalService({ path: file, onUpgrade });
    // A new file is not "upgraded", and an up-to-date one has nothing to apply.
    expect(upgrades).toEqual([]);
    try {
      expect((await second.factors.list({ limit: 1 })).pagination.total).toBe(before);
      expect((await second.categories.list({})).pagination.total).toBe(categories);
    } finally {
      await second.close();
    }
    expect(pragma(file, "user_version")).toBe(latestVersion(localMigrations));
  });

  it("seeds the category tree with ids derived from the codes, in file order", async () => {
    const service = await openTemp();
    const all = (await service.categories.list({})).data;
    const csv = csvRows("categories.csv");
    expect(all.map((c) => c.code)).toEqual([
      ...csv.map((row) => row.code),
      ...VEHICLE_CATEGORIES.map((v) => v.code),
      ...FLEET_SUBCATEGORIES.map((c) => c.code),
      ...libraryCategories().map((c) => c.code),
      ...wttCategories().map((c) => c.code),
    ]);
    const gas = all.find((c) => c.code === "natural_gas");
    expect(gas).toMatchObject({
      id: categoryId("natural_gas"),
      level: "subcategory",
      parentId: categoryId("stationary_combustion"),
      scope: 1,
      defaultUnit: "kWh",
      factorKey: "natural_gas",
    });
    // Pinned: the id must be the same on every install, forever.
    expect(gas?.id).toBe("a1c3b831-7a4f-5d2e-af65-c3ae32b78197");
  });

  it("lists only consumable subcategories at level subcategory; vehicle classes sit under mobile combustion", async () => {
    const service = await openTemp();
    const subcategories = (await service.categories.list({ level: "subcategory" })).data;
    const expected = csvRows("categories.csv").filter((row) => row.level === "subcategory");
    expect(subcategories.map((c) => c.code)).toEqual([
      ...expected.map((row) => row.code),
      ...FLEET_SUBCATEGORIES.map((c) => c.code),
      ...libraryCategories().map((c) => c.code),
      ...wttCategories().map((c) => c.code),
    ]);
    expect(subcategories.every((c) => c.factorKey !== null)).toBe(true);

    const categories = (await service.categories.list({ level: "category" })).data;
    for (const vehicle of VEHICLE_CATEGORIES) {
      expect(categories.find((c) => c.code === vehicle.code)).toMatchObject({
        id: categoryId(vehicle.code),
        parentId: categoryId("mobile_combustion"),
        scope: 1,
        factorKey: null,
      });
    }
    const scopes = (await service.categories.list({ level: "scope" })).data;
    expect(scopes.map((c) => c.code)).toEqual(["scope_1", "scope_2", "scope_3"]);
  });

  it("loads the open sources library (6,566 factors) and records its version", async () => {
    const service = await openTemp();
    const page = await service.factors.list({ limit: 500 });
    // 258 base rows, 6,468 extra rows and the 2 AR5 GWPs of gwp-ar5.csv, less the 162 that are
    // not factors (27 parameters, 122 biogenic rows, 9 duplicates, 4 superseded:
    // test/unit/engine/library-build.test.ts).
    expect(page.pagination.total).toBe(6566);
    expect(page.data).toHaveLength(500);
    const summary = await service.emissions.summarize({ groupBy: [] });
    expect(summary.factorLibraryVersion).toMatch(/^lib-[0-9a-f]{12}$/);
  });

  it("refuses a file that is not a SQLite database", async () => {
    const file = path.join(tempDir(), "notes.db");
    fs.writeFileSync(file, "these are my notes, not a database\n".repeat(200));
    const error = await carbonError(openLocalService({ path: file }));
    expect(error.code).toBe("usage");
    expect(error.message).toBe(`${file} is not a carbon database`);
  });

  it("refuses another application's SQLite database", async () => {
    const file = path.join(tempDir(), "other.db");
    const db = new Database(file);
    db.exec("CREATE TABLE songs (title TEXT)");
    db.close();
    const error = await carbonError(openLocalService({ path: file }));
    expect(error.code).toBe("usage");
    expect(error.message).toContain("is not a carbon database");
  });

  it("refuses a database created by a newer carbon", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openLocalService({ path: file });
    await service.close();
    const db = new Database(file);
    db.pragma(`user_version = ${latestVersion(localMigrations) + 1}`);
    db.close();
    const error = await carbonError(openLocalService({ path: file }));
    expect(error.code).toBe("usage");
    expect(error.message).toContain("created by a newer carbon");
    expect(error.message).toContain("upgrade");
  });

  it("opens an in-memory database for tests", async () => {
    const service = await openLocalService({ path: ":memory:" });
    try {
      expect((await service.categories.list({ level: "scope" })).data).toHaveLength(3);
    } finally {
      await service.close();
    }
  });
});

describe("withMigrations", () => {
  const step = (version: number) => ({ version, name: `step ${version}`, up: () => {} });

  it("merges a plain table's migration into the engine's in version order", () => {
    const merged = withMigrations([step(1), step(3)], [step(2)]);
    expect(merged.map((m) => m.version)).toEqual([1, 2, 3]);
  });

  it("refuses two migrations of one version", () => {
    expect(() => withMigrations([step(1), step(2)], [step(2)])).toThrow(
      "two migrations have version 2",
    );
  });
});
