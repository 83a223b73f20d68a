/** Migration 8 on a database of version 7 that already holds buildings repeating a name. */
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { localMigrations } from "../../../src/backends/local/plain-resources.js";
import { categoryId } from "../../../src/core/ids.js";
import { openDatabase } from "../../../src/store/sqlite/database.js";
import { migrate } from "../../../src/store/sqlite/migrations.js";
import { tempDir } from "./helpers.js";

const acme = "11111111-1111-4111-8111-111111111111";
const other = "33333333-3333-4333-8333-333333333333";
const first = "22222222-0000-4000-8000-000000000001";
const second = "22222222-0000-4000-8000-000000000002";
const third = "22222222-0000-4000-8000-000000000003";
const taken = "22222222-0000-4000-8000-000000000004";
const abroad = "22222222-0000-4000-8000-000000000005";
const consumption = "aaaaaaaa-0000-4000-8000-000000000001";

/** A version-7 file: "HQ" three times in Acme (one spelt differently), "hq (2)" and Other's "HQ". */
function version7(file: string): void {
  const old = openDatabase(file);
  migrate(
    old,
    file,
    localMigrations.filter((m) => m.version <= 7),
  );
  const company = old.prepare(
    "INSERT INTO companies (ref, id, name, country, created_at) VALUES (?, ?, ?, 'ES', ?)",
  );
  company.run(1, acme, "Acme", "2025-01-01T00:00:00.000Z");
  company.run(2, other, "Other", "2025-01-01T00:00:00.000Z");
  const building = old.prepare(
    "INSERT INTO buildings (ref, id, company_ref, name, country, created_at) VALUES (?, ?, ?, ?, NULL, ?)",
  );
  building.run(1, first, 1, "HQ", "2025-01-01T00:00:00.000Z");
  building.run(2, second, 1, " hq ", "2025-02-01T00:00:00.000Z");
  building.run(3, third, 1, "Hq", "2025-03-01T00:00:00.000Z");
  building.run(4, taken, 1, "hq (2)", "2025-04-01T00:00:00.000Z");
  building.run(5, abroad, 2, "HQ", "2025-05-01T00:00:00.000Z");
  const electricity = old
    .prepare("SELECT ref FROM categories WHERE id = ?")
    .pluck()
    .get(categoryId("electricity"));
  old
    .prepare(
      `INSERT INTO consumptions (id, entity_id, company_ref, building_ref, category_ref, start_date,
         end_date, quantity, unit, created_at, updated_at, co2e, provenance_ref)
       VALUES (?, 'INV-1', 1, 2, ?, 1735689600000, 1738281600000, 1000, 'kWh', 1, 2, NULL, NULL)`,
    )
    .run(consumption, electricity);
  old.close();
}

describe("migration 8: unique building names per company", () => {
  it("renames the later duplicates to free names, keeps ids and data, and says so", async () => {
    const file = path.join(tempDir(), "v7.db");
    version7(file);
    const messages: string[] = [];
    const service = await openLocalService({ path: file, onUpgrade: (m) => messages.push(m) });
    try {
      const names = new Map(
        (await service.buildings.list({ limit: 10 })).data.map((b) => [b.id, b.name]),
      );
      expect(Object.fromEntries(names)).toEqual({
        [first]: "HQ",
        [second]: "hq (3)",
        [third]: "Hq (4)",
        [taken]: "hq (2)",
        [abroad]: "HQ",
      });
      expect((await service.consumptions.get(consumption)).buildingId).toBe(second);
      const report = messages.join("\n");
      expect(report).toContain("renamed 2 buildings that repeated another's name");
      expect(report).toContain(`building ${second} of company ${acme}: " hq " is now "hq (3)"`);
      expect(report).toContain(`building ${third} of company ${acme}: "Hq" is now "Hq (4)"`);
      const duplicate = service.buildings.upsert({ id: abroad, companyId: other, name: "hq" });
      expect((await duplicate).name).toBe("hq");
      await expect(
        service.buildings.upsert({
          id: "22222222-0000-4000-8000-000000000009",
          companyId: acme,
          name: "HQ (3)",
        }),
      ).rejects.toMatchObject({ code: "conflict" });
    } finally {
      await service.close();
    }
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare("SELECT count(*) FROM buildings").pluck().get()).toBe(5);
      const index = db
        .prepare("SELECT sql FROM sqlite_schema WHERE name = 'buildings_by_name_key'")
        .pluck()
        .get();
      expect(index).toContain("UNIQUE");
    } finally {
      db.close();
    }
  });
});
