/**
 * The well-to-tank line of a fuel whose subcategory is generated from the library (butane), end to
 * end on real SQLite files: a database of version 30 with a GB butane bill upgraded to the latest
 * (migration 31 adds the WTT subcategories), the bill's WTT line added by
 * `carbon emissions recalculate`, and the derived subcategory refused as a consumption's own.
 * Figures: 1,000 l of butane in January 2025, DESNZ 2025 'Fuels' D24 1.74533 kg/l = 1,745.33 kg
 * (scope 1) and 'WTT- fuels' D23 0.19765 kg/l = 197.65 kg (scope 3 category 3).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localMigrations } from "../../../src/backends/local/plain-resources.js";
import { createTestIo } from "../../../src/cli/io.js";
import { main } from "../../../src/cli/main.js";
import { categoryId } from "../../../src/core/ids.js";
import { libraryCategories, wttCategories } from "../../../src/shipped/categories.js";
import { openDatabase } from "../../../src/store/sqlite/database.js";
import { migrate } from "../../../src/store/sqlite/migrations.js";
import { tempDir } from "../helpers.js";

const COMPANY = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const BUILDING = "0c8e2f51-3d4a-4b6c-9e7f-1a2b3c4d5e6f";
const BILL = "aaaaaaaa-0000-4000-8000-0000000000b1";
/** DESNZ 2025 'Fuels' D24, butane per litre (its id in the open sources release). */
const BUTANE_2025_LITRE = "7926e751-0274-502c-8e80-eac2d1b8e3de";

async function carbon(dbPath: string, ...args: string[]) {
  const io = createTestIo();
  const code = await main(["node", "carbon", "--db", dbPath, ...args], {
    io,
    env: { HOME: path.dirname(dbPath) },
  });
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

/** A database left at version `version`. */
function oldDatabase(version: number): string {
  const file = path.join(tempDir(), `v${version}.db`);
  const db = openDatabase(file);
  migrate(
    db,
    file,
    localMigrations.filter((m) => m.version <= version),
  );
  db.close();
  return file;
}

/**
 * A database of version 30 (the first with butane, a subcategory generated from the library)
 * with a GB butane bill stored as that version stored it: one emission, its direct figure.
 */
function withButaneBill(): string {
  const file = oldDatabase(30);
  const db = openDatabase(file);
  db.exec(`INSERT INTO companies (ref, id, name, country, created_at)
      VALUES (1, '${COMPANY}', 'Acme', 'GB', '2025-01-01T00:00:00.000Z');
    INSERT INTO buildings (ref, id, company_ref, name, country, created_at)
      VALUES (1, '${BUILDING}', 1, 'Depot', 'GB', '2025-01-01T00:00:00.000Z');
    INSERT INTO emission_provenance (ref, signature, factor_id, factor_source, factor_year,
        factor_unit, factor_value, resolution, gwp_set)
      VALUES (1, '["butane"]', '${BUTANE_2025_LITRE}',
        'UK DESNZ GHG Conversion Factors 2025 (full set v1)', 2025, 'litre', 1.74533,
        'country_year', 'AR5');`);
  const butane = db.prepare("SELECT ref FROM categories WHERE code = 'butane'").pluck().get();
  db.prepare(
    `INSERT INTO consumptions (id, entity_id, company_ref, building_ref, category_ref, start_date,
       end_date, quantity, unit, created_at, updated_at, co2e, converted_quantity, provenance_ref)
     VALUES (?, 'GAS-1', 1, 1, ?, ?, ?, 1000, 'litre', 1, 2, 1745.33, 1000, 1)`,
  ).run(
    BILL,
    butane,
    Date.parse("2025-01-01T00:00:00.000Z"),
    Date.parse("2025-01-31T00:00:00.000Z"),
  );
  db.close();
  return file;
}

interface Line {
  readonly line: string;
  readonly categoryId: string;
  readonly scope: number;
  readonly co2e: number | null;
  readonly factorValue: number | null;
}

async function lines(dbPath: string): Promise<Line[]> {
  const listed = await carbon(dbPath, "emissions", "list", "--company", COMPANY, "--json");
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout);
}

describe("the WTT line of a fuel generated from the library, on an upgraded database", () => {
  it("comes with the recalculation, priced by the subcategory migration 31 adds", async () => {
    const dbPath = withButaneBill();
    // Upgraded by the first command: the bill is one direct line, as stored.
    const before = await lines(dbPath);
    expect(before.map((l) => [l.line, l.co2e])).toEqual([["direct", 1745.33]]);

    const recalculated = await carbon(dbPath, "emissions", "recalculate", "--yes", "--json");
    expect(recalculated.code, recalculated.stderr).toBe(0);
    const report = JSON.parse(recalculated.stdout);
    expect(report).toMatchObject({ stored: true, recalculated: 1 });
    // 1,000 l x 0.19765 = 197.65 kg of scope 3 category 3 appear; the direct line stays.
    const category3 = report.changes.find(
      (row: { category: string }) => row.category === "s3_03_fuel_energy_related",
    );
    expect(category3.before.co2e).toBe(0);
    expect(category3.after.co2e).toBeCloseTo(197.65, 9);

    const after = await lines(dbPath);
    expect(after.map((l) => [l.line, l.categoryId, l.scope, l.factorValue])).toEqual([
      ["direct", categoryId("butane"), 1, 1.74533],
      ["wtt", categoryId("butane_wtt"), 3, 0.19765],
    ]);
    expect(after[0]?.co2e).toBeCloseTo(1745.33, 9);
    expect(after[1]?.co2e).toBeCloseTo(197.65, 9);
  });

  it("a database of version 28 gets every WTT subcategory after those generated from the library", async () => {
    const dbPath = oldDatabase(28);
    const listed = await carbon(dbPath, "categories", "list", "--level", "subcategory", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const codes: string[] = JSON.parse(listed.stdout).map((c: { code: string }) => c.code);
    const generated = wttCategories().map((c) => c.code);
    const lastLibrary = codes.indexOf(libraryCategories().at(-1)?.code ?? "");
    expect(codes.slice(lastLibrary + 1)).toEqual(generated);
  });

  it("refuses a consumption recorded in a derived WTT subcategory, and takes an upstream-only one", async () => {
    const dbPath = withButaneBill();
    const record = (category: string, unit: string, building = "Depot") =>
      carbon(
        dbPath,
        "consumptions",
        "upsert",
        "--company",
        COMPANY,
        "--building",
        building,
        "--category",
        category,
        "--start",
        "2025-02-01",
        "--end",
        "2025-02-28",
        "--quantity",
        "1000",
        "--unit",
        unit,
      );
    const refused = await record("butane_wtt", "litre");
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      "category butane_wtt is derived: carbon adds it as a scope 3 category 3 line of each butane consumption, so record the butane consumption instead",
    );
    // ADEME publishes only the upstream of rapeseed biodiesel (element 34450): no fuel derives it,
    // so it is recorded as it is, in France (1,000 l x 1.23 = 1,230 kg).
    const lyon = ["--company", COMPANY, "--name", "Lyon", "--country", "FR"];
    expect((await carbon(dbPath, "buildings", "create", ...lyon)).code).toBe(0);
    const upstream = await record("biodiesel_rapeseed_sector_wtt", "litre", "Lyon");
    expect(upstream.code, upstream.stderr).toBe(0);
    const rapeseed = (await lines(dbPath)).filter(
      (l) => l.categoryId === categoryId("biodiesel_rapeseed_sector_wtt"),
    );
    expect(rapeseed.map((l) => [l.line, l.scope])).toEqual([["direct", 3]]);
    expect(rapeseed[0]?.co2e).toBeCloseTo(1230, 9);
  });
});
