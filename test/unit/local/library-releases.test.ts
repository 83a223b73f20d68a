/**
 * Library releases in the database (src/backends/local/library-load.ts, library-store.ts): what
 * migration 30 keeps of a database's library, what a later release changes, and resolution
 * under a pinned release.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localMigrations } from "../../../src/backends/local/plain-resources.js";
import { EmissionCalculator } from "../../../src/rules/emission-calculator.js";
import { LineData } from "../../../src/rules/line-data.js";
import { shippedDerivationRules } from "../../../src/shipped/derivation-rules.js";
import { FACTOR_TABLE_COLUMNS } from "../../../src/shipped/factor-rows.js";
import { factorLibrary } from "../../../src/shipped/library-files.js";
import { BASE_RELEASE, OPEN_SOURCES_RELEASE } from "../../../src/shipped/library-releases.js";
import { CategoryCatalog } from "../../../src/store/sqlite/categories.js";
import { CompanyRepository } from "../../../src/store/sqlite/companies.js";
import { CustomFactorRepository } from "../../../src/store/sqlite/custom-factors.js";
import type { Db } from "../../../src/store/sqlite/database.js";
import { openDatabase } from "../../../src/store/sqlite/database.js";
import { loadRelease } from "../../../src/store/sqlite/library-load.js";
import { LibraryStore } from "../../../src/store/sqlite/library-store.js";
import { migrate } from "../../../src/store/sqlite/migrations.js";
import { SqlitePricing } from "../../../src/store/sqlite/pricing.js";
import { tempDir } from "./helpers.js";

function database(upTo?: number) {
  const file = path.join(tempDir(), "carbon.db");
  const db = openDatabase(file, 5000);
  const migrations =
    upTo === undefined ? localMigrations : localMigrations.filter((m) => m.version <= upTo);
  migrate(db, file, migrations);
  return db;
}

/** What pricing reads, on this database. */
function pricingOf(db: Db, catalog: CategoryCatalog): SqlitePricing {
  return new SqlitePricing(db, catalog, new CustomFactorRepository(db, new CompanyRepository(db)));
}

describe("library releases", () => {
  it("an upgraded database keeps the library it had as the first release, then loads the next", () => {
    const db = database(28);
    const before = db.prepare("SELECT id, co2e FROM emission_factors ORDER BY id").all();
    const version = db.prepare("SELECT value FROM meta WHERE key = 'factor_library_version'");
    expect(version.pluck().get()).toBe(factorLibrary(BASE_RELEASE).version);
    migrate(db, "carbon.db", localMigrations);
    const store = new LibraryStore(db);
    // 258 rows of the base file; 6,566 of the open sources release: 6,564 from the base and extra
    // files and gwp-ar5.csv's two AR5 GWP rows (library-build.test.ts)
    expect(store.releases().map((r) => [r.ref, r.version, r.factors])).toEqual([
      [1, factorLibrary(BASE_RELEASE).version, 258],
      [2, factorLibrary(OPEN_SOURCES_RELEASE).version, 6566],
    ]);
    // Release 1 is the rows the database held, unchanged.
    const kept = store.rowsOf(1).map((f) => ({ id: f.id, co2e: f.co2e }));
    expect(kept.sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(before);
    expect(version.pluck().get()).toBe(factorLibrary(OPEN_SOURCES_RELEASE).version);
    db.close();
  });

  it("stores a factor both releases share once, and a changed one twice", () => {
    const db = database();
    const versions = (id: string) =>
      db
        .prepare("SELECT first_release, last_release FROM emission_factors WHERE id = ?")
        .raw()
        .all(id);
    const store = new LibraryStore(db);
    const current = (key: string, country: string, year: number) =>
      store.rowsOfKey(key).find((f) => f.country === country && f.year === year);
    // DESNZ 2025 natural gas per kWh gross CV: the same in both releases
    const gas = current("natural_gas", "GB", 2025);
    expect(versions(gas?.id ?? "")).toEqual([[1, null]]);
    // MITECO natural gas 2024: relabelled AR6, so a second version from release 2
    const spanish = current("natural_gas", "ES", 2024);
    expect(versions(spanish?.id ?? "")).toEqual([
      [1, 1],
      [2, null],
    ]);
    db.close();
  });

  it("resolves under a pinned release as under the current one", () => {
    const db = database();
    const catalog = new CategoryCatalog(db);
    const pricing = pricingOf(db, catalog);
    const calculator = new EmissionCalculator(
      pricing,
      new LineData(pricing, shippedDerivationRules),
    );
    const location = (release?: number) =>
      calculator
        .index(release)
        .rowsOf("electricity_grid")
        .find((f) => f.country === "FR" && f.year === 2024)?.co2e;
    // Release 1: EEA France 2024 = 0.036; current: ADEME 'Electricité 2024' combustion = 0.035
    expect(location(1)).toBe(0.036);
    expect(location()).toBe(0.035);
    expect(location(2)).toBe(0.035);
    db.close();
  });

  it("reads a factor's biogenic CO2 in the release it prices with", () => {
    const db = database();
    const pricing = pricingOf(db, new CategoryCatalog(db));
    const lineData = new LineData(pricing, shippedDerivationRules);
    // DESNZ 2025 wood pellets per tonne: the base release has no biogenic figure; the open
    // sources release folds in its 'Outside of scopes' row (cell D78, 1677.18 kg CO2 per tonne).
    const pellets = new LibraryStore(db)
      .rowsOfKey("wood_pellets")
      .find((f) => f.country === "GB" && f.year === 2025 && f.unit === "t");
    const id = pellets?.id ?? "";
    expect(lineData.biogenicOf(id)).toBe(1677.18);
    expect(lineData.biogenicOf(id, 2)).toBe(1677.18);
    // A recalculation pinned to the base release: none, as that release gave none.
    expect(lineData.biogenicOf(id, 1)).toBeNull();
    db.close();
  });

  it("loading the current release again changes nothing; a new one counts its changes", () => {
    const db = database();
    const store = new LibraryStore(db);
    const open = factorLibrary(OPEN_SOURCES_RELEASE);
    loadRelease(db, OPEN_SOURCES_RELEASE);
    expect(store.releases()).toHaveLength(2);
    // A release that drops the last factor and changes the first one's figure.
    const [first, ...rest] = open.rows;
    const changed = [...(first ?? [])];
    changed[FACTOR_TABLE_COLUMNS.findIndex(([column]) => column === "co2e")] = 999;
    const edited = {
      ...open,
      version: "lib-edited000000",
      rows: [changed, ...rest.slice(0, -1)],
    };
    loadRelease(db, { ...OPEN_SOURCES_RELEASE, name: "edited" }, undefined, edited);
    expect(store.releases().at(-1)).toMatchObject({
      name: "edited",
      added: 0,
      changed: 1,
      removed: 1,
      // the open sources release's 6,566 factors less the one dropped
      factors: 6565,
    });
    db.close();
  });
});
