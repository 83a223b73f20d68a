/**
 * Migrations 40 and 41 on a database of version 28 holding emissions: provenance is rebuilt
 * with the same refs (each basis apart, geography added), designated stand-ins become labelled
 * proxies, the policy gets its defaults; the global defaults the database held are kept as its
 * first release's proxy designations (migration 30), the open sources release's are proxies.csv.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { localMigrations } from "../../../src/backends/local/plain-resources.js";
import { categoryId } from "../../../src/core/ids.js";
import { openDatabase } from "../../../src/store/sqlite/database.js";
import { migrate } from "../../../src/store/sqlite/migrations.js";
import { factorRow, proxies, readCsv } from "../engine/library.js";
import { tempDir } from "./helpers.js";

const COMPANY = "11111111-1111-4111-8111-111111111111";
const BUILDING = "22222222-2222-4222-8222-222222222222";

describe("migrations 40 and 41", () => {
  it("keep every emission's provenance and label what it was", async () => {
    const file = path.join(tempDir(), "v28.db");
    const old = openDatabase(file);
    migrate(
      old,
      file,
      localMigrations.filter((m) => m.version <= 28),
    );
    old
      .prepare(
        "INSERT INTO companies (ref, id, name, country, created_at) VALUES (1, ?, 'Old', 'FR', ?)",
      )
      .run(COMPANY, "2025-01-01T00:00:00.000Z");
    old
      .prepare(
        "INSERT INTO buildings (ref, id, company_ref, name, country, created_at) VALUES (1, ?, 1, 'Lyon', 'FR', ?)",
      )
      .run(BUILDING, "2025-01-01T00:00:00.000Z");
    const gas = factorRow("natural_gas", "GB", 2025, "kWh", { co2e: 0.18296 });
    const grid = factorRow("electricity_grid", "FR", 2024, "kWh");
    const provenance = old.prepare(
      `INSERT INTO emission_provenance (ref, signature, factor_id, factor_source, factor_year,
         factor_unit, factor_value, resolution, gwp_set, market_factor_id, market_basis)
       VALUES (?, ?, ?, ?, ?, 'kWh', ?, ?, 'AR5', ?, ?)`,
    );
    // 7: French gas on the GB row global-defaults.csv designated; 9: French grid, location fallback
    provenance.run(7, "a", gas.id, gas.source, 2025, gas.co2e, "global_default", null, null);
    provenance.run(
      9,
      "b",
      grid.id,
      grid.source,
      2024,
      grid.co2e,
      "country_year",
      grid.id,
      "location_fallback",
    );
    const consumption = old.prepare(
      `INSERT INTO consumptions (id, entity_id, company_ref, building_ref, category_ref, start_date,
         end_date, quantity, unit, created_at, updated_at, co2e, co2e_market, provenance_ref)
       VALUES (?, 'INV', 1, 1, (SELECT ref FROM categories WHERE id = ?), ?, ?, 1000, 'kWh', 1, 1, ?, ?, ?)`,
    );
    const jan = Date.UTC(2025, 0, 1);
    const end = Date.UTC(2025, 0, 31);
    consumption.run(
      "aaaaaaaa-0000-4000-8000-000000000001",
      categoryId("natural_gas"),
      jan,
      end,
      182.96,
      null,
      7,
    );
    consumption.run(
      "aaaaaaaa-0000-4000-8000-000000000002",
      categoryId("electricity"),
      jan,
      end,
      36,
      36,
      9,
    );
    old.close();

    const service = await openLocalService({ path: file });
    try {
      const emissions = (await service.emissions.list({ companyId: COMPANY })).data;
      expect(emissions.map((e) => [e.resolution, e.geography, e.co2e, e.status])).toEqual([
        ["proxy", "GB", 182.96, "calculated"],
        ["country_year", "FR", 36, "calculated"],
      ]);
      expect(emissions[1]).toMatchObject({
        marketStatus: "calculated",
        marketBasis: "location_fallback",
        marketResolution: "country_year",
        marketGeography: "FR",
        marketFactorYear: 2024,
        marketGwpSet: "AR5",
      });
      const summary = await service.emissions.summarize({ companyId: COMPANY, groupBy: [] });
      expect(summary).toMatchObject({ gwpSet: "AR5", totals: { proxy: 1, otherGeography: 1 } });
    } finally {
      await service.close();
    }
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare("SELECT ref FROM emission_provenance ORDER BY ref").pluck().all()).toEqual([
        7, 9,
      ]);
      expect(db.pragma("foreign_key_check")).toEqual([]);
      const meta = db
        .prepare(
          "SELECT key, value FROM meta WHERE key IN ('gwp_set', 'proxy_policy') ORDER BY key",
        )
        .all();
      expect(meta).toEqual([
        { key: "gwp_set", value: "AR5" },
        { key: "proxy_policy", value: "allow" },
      ]);
      // Release 1 (the base library the database held): each row of its global-defaults.csv, a
      // designation for any country; release 2 (open sources): the rows of proxies.csv.
      const designations = db
        .prepare(
          "SELECT release_ref, count(*) FROM factor_release_proxies GROUP BY release_ref ORDER BY release_ref",
        )
        .raw()
        .all();
      expect(designations).toEqual([
        [1, readCsv("global-defaults.csv").length],
        [2, proxies.length],
      ]);
      expect(proxies.length).toBe(readCsv("proxies.csv").length);
      const gas = db
        .prepare(
          "SELECT country, proxy_key, proxy_country FROM factor_release_proxies WHERE release_ref = 1 AND key = 'natural_gas'",
        )
        .raw()
        .all();
      expect(gas).toEqual([["*", "natural_gas", "GB"]]);
      const tables = db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .pluck()
        .all();
      expect(tables).not.toContain("global_defaults");
    } finally {
      db.close();
    }
  });
});
