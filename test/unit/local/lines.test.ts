/**
 * Emission lines on the local engine: the upgrade of stored emissions, the refusal of derived-only
 * categories, the library version each line keeps, pages of lines, and a bill across two calendar
 * years with certificates. Figures are worked out from the DESNZ rows of
 * fixtures/factors/emission-factors.csv: GB grid electricity 2025 0.177 and 2026 0.13096 kg/kWh
 * ('UK electricity'), WTT of generation 2025 0.0459 ('WTT- UK electricity' row 1), T&D losses
 * 2025 0.01853 and 2026 0.01299, WTT of T&D 2025 0.00397 (row 24).
 */
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { localMigrations } from "../../../src/backends/local/plain-resources.js";
import { categoryId } from "../../../src/core/ids.js";
import { emissionIdOf, emissionLineIdOf } from "../../../src/rules/consumption-rows.js";
import { openDatabase } from "../../../src/store/sqlite/database.js";
import { migrate } from "../../../src/store/sqlite/migrations.js";
import { carbonError, consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

/** The subcategories migration 35 adds to a database that lacks them (categories.csv block). */
const ADDED = ["electricity_td_wtt", "gas_oil_wtt", "district_heat_td_losses"];

describe("migration 35 on a database with emissions", () => {
  it("keeps their figures as one direct line each, of the library in use at the upgrade", async () => {
    const file = path.join(tempDir(), "v28.db");
    const old = openDatabase(file);
    migrate(
      old,
      file,
      localMigrations.filter((m) => m.version <= 28),
    );
    // A database made before the block of derived subcategories existed.
    old.exec(`DELETE FROM categories WHERE code IN (${ADDED.map((c) => `'${c}'`).join(", ")})`);
    const had = old.prepare<[], string>("SELECT code FROM categories").pluck().all();
    const version = old
      .prepare("SELECT value FROM meta WHERE key = 'factor_library_version'")
      .pluck()
      .get();
    old.exec(`INSERT INTO companies (ref, id, name, country, created_at)
        VALUES (1, '${ids.gbCompany}', 'Old', 'GB', '2025-01-01T00:00:00.000Z');
      INSERT INTO buildings (ref, id, company_ref, name, country, created_at)
        VALUES (1, '${ids.gbBuilding}', 1, 'HQ', NULL, '2025-01-01T00:00:00.000Z');
      INSERT INTO emission_provenance (ref, signature, factor_id, factor_source, factor_year,
          factor_unit, factor_value, resolution, gwp_set)
        VALUES (7, '["old"]', '11111111-2222-4333-8444-555555555555', 'DESNZ 2025', 2025, 'kWh',
          0.177, 'country_year', 'AR5');`);
    const electricity = old
      .prepare("SELECT ref FROM categories WHERE code = 'electricity'")
      .pluck()
      .get();
    const water = old
      .prepare("SELECT ref FROM categories WHERE code = 'water_supply'")
      .pluck()
      .get();
    const insert = old.prepare(
      `INSERT INTO consumptions (id, entity_id, company_ref, building_ref, category_ref, start_date,
         end_date, quantity, unit, created_at, updated_at, co2e, co2, converted_quantity, provenance_ref)
       VALUES (?, ?, 1, 1, ?, ?, ?, ?, ?, 1, 2, ?, ?, ?, ?)`,
    );
    const bill = "aaaaaaaa-0000-4000-8000-000000000001";
    const awaiting = "aaaaaaaa-0000-4000-8000-000000000002";
    const jan = [Date.parse("2025-01-01T00:00:00.000Z"), Date.parse("2025-01-31T00:00:00.000Z")];
    insert.run(bill, "INV-1", electricity, ...jan, 1000, "kWh", 177, 174.89, 1000, 7);
    insert.run(awaiting, "INV-2", water, ...jan, 90, "m3", null, null, null, null);
    old.close();

    const service = await openLocalService({ path: file });
    try {
      const lines = (await service.emissions.list({})).data;
      expect(lines).toEqual([
        expect.objectContaining({
          id: emissionIdOf(bill),
          consumptionId: bill,
          line: "direct",
          status: "calculated",
          co2e: 177,
          co2: 174.89,
          convertedQuantity: 1000,
          factorValue: 0.177,
          resolution: "country_year",
          factorLibraryVersion: version,
          biogenicCo2: null,
        }),
        expect.objectContaining({
          id: emissionIdOf(awaiting),
          line: "direct",
          status: "awaiting_factor",
          co2e: null,
          factorLibraryVersion: version,
        }),
      ]);
      // The subcategories it lacked are there, in file order, after every one it had (migration
      // 30 adds the categories.csv subcategories a database lacks, before the ones it generates
      // from the library; migration 35 would add them if it still lacked them).
      const codes = (await service.categories.list({})).data.map((c) => c.code);
      const positions = ADDED.map((code) => codes.indexOf(code));
      expect(Math.min(...positions)).toBeGreaterThan(Math.max(...had.map((c) => codes.indexOf(c))));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      // An unchanged re-import does not recalculate; a corrected quantity does, with its lines.
      const row = {
        id: bill,
        entityId: "INV-1",
        categoryId: categoryId("electricity"),
        startDate: "2025-01-01T00:00:00.000Z",
        endDate: "2025-01-31T00:00:00.000Z",
        companyId: ids.gbCompany,
        buildingId: ids.gbBuilding,
        quantity: 1000,
        unitType: "kWh",
      };
      expect((await service.consumptions.upsert(row)).outcome).toBe("unchanged");
      expect((await service.emissions.list({ companyId: ids.gbCompany })).data).toHaveLength(2);
      expect((await service.consumptions.upsert({ ...row, quantity: 2000 })).outcome).toBe(
        "updated",
      );
      const after = await service.emissions.list({ entityIds: ["INV-1"] });
      // 2000 kWh x 0.177, x 0.0459, x 0.01853, x 0.00397.
      expect(after.data.map((e) => [e.line, e.co2e])).toEqual([
        ["direct", 354],
        ["wtt", expect.closeTo(91.8, 9)],
        ["td_losses", expect.closeTo(37.06, 9)],
        ["td_losses_wtt", expect.closeTo(7.94, 9)],
      ]);
    } finally {
      await service.close();
    }
  });
});

describe("derived-only subcategories", () => {
  it("refuse a consumption recorded in them, naming what to record instead", async () => {
    const service = await openTemp();
    await seed(service);
    const error = await carbonError(
      service.consumptions.upsert(consumption({ category: "electricity_td_losses" })),
    );
    expect(error.code).toBe("validation");
    expect(error.issues).toEqual([
      {
        path: "categoryId",
        message:
          "category electricity_td_losses is derived: carbon adds it as a scope 3 category 3 line of each electricity consumption, so record the electricity consumption instead",
      },
    ]);
    const session = await service.consumptions.openImport({ dryRun: false });
    const batch = await carbonError(
      session.write([
        consumption({ category: "lpg_wtt", unitType: "l" }),
        consumption({ category: "natural_gas" }),
      ]),
    );
    expect(batch.issues[0]).toEqual({
      path: "rows.0.categoryId",
      message:
        "category lpg_wtt is derived: carbon adds it as a scope 3 category 3 line of each lpg or vehicle_lpg consumption, so record the lpg or vehicle_lpg consumption instead",
    });
    await session.abort();
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });
});

describe("the library version of each line", () => {
  it("stays what it was calculated with when the library changes", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const first = await openLocalService({ path: file });
    await seed(first);
    const january = consumption();
    await first.consumptions.upsert(january);
    const before = (await first.emissions.list({})).data.map((e) => e.factorLibraryVersion);
    await first.close();
    expect(before).toHaveLength(4);
    expect(new Set(before).size).toBe(1);
    // A new library release (a migration calling loadFactorLibrary) records its own version.
    const db = new Database(file);
    db.prepare(
      "UPDATE meta SET value = 'lib-newer000000' WHERE key = 'factor_library_version'",
    ).run();
    db.close();
    const second = await openLocalService({ path: file });
    try {
      const february = consumption({
        startDate: "2025-02-01T00:00:00.000Z",
        endDate: "2025-02-28T00:00:00.000Z",
      });
      await second.consumptions.upsert(february);
      const lines = (await second.emissions.list({})).data;
      const versionOf = (id: string) =>
        new Set(lines.filter((e) => e.consumptionId === id).map((e) => e.factorLibraryVersion));
      expect(versionOf(january.id)).toEqual(new Set(before));
      expect(versionOf(february.id)).toEqual(new Set(["lib-newer000000"]));
      const summary = await second.emissions.summarize({ groupBy: [] });
      expect(summary.factorLibraryVersion).toBe("lib-newer000000");
    } finally {
      await second.close();
    }
  });
});

describe("pages of lines", () => {
  it("count lines, cut a consumption's lines across pages, and add up to the whole list", async () => {
    const service = await openTemp();
    await seed(service);
    for (const month of ["01", "02", "03"]) {
      await service.consumptions.upsert(
        consumption({
          startDate: `2025-${month}-01T00:00:00.000Z`,
          endDate: `2025-${month}-28T00:00:00.000Z`,
        }),
      );
    }
    await service.consumptions.upsert(
      consumption({ category: "water_supply", unitType: "m3", quantity: 90 }),
    );
    const all = await service.emissions.list({ limit: 500 });
    // Three electricity bills of four lines each, and the water bill's one.
    expect(all.pagination.total).toBe(13);
    const pages = [1, 2, 3].map((page) => service.emissions.list({ page, limit: 5 }));
    const read = await Promise.all(pages);
    expect(read.map((page) => page.data.length)).toEqual([5, 5, 3]);
    expect(read.map((page) => page.pagination.total)).toEqual([13, 13, 13]);
    expect(read.flatMap((page) => page.data)).toEqual(all.data);
    expect(new Set(all.data.map((e) => e.id)).size).toBe(13);
    expect((await service.emissions.list({ page: 4, limit: 5 })).data).toEqual([]);
    // Scope 3: the water bill and each bill's three category 3 lines; page 2 of 4 a page.
    const scope3 = await service.emissions.list({ scopes: [3], page: 2, limit: 4 });
    expect(scope3.pagination.total).toBe(10);
    expect(scope3.data.map((e) => e.line)).toEqual(["wtt", "td_losses", "td_losses_wtt", "wtt"]);
    // By category: the T&D losses lines only.
    const td = await service.emissions.list({ categoryIds: [categoryId("electricity_td_losses")] });
    expect(td.pagination.total).toBe(3);
    expect(td.data.map((e) => e.co2e)).toEqual([18.53, 18.53, 18.53]);
  });
});

describe("pages deep in a list", () => {
  it("start where earlier pages passed, and again from the rows as they are after a write", async () => {
    const service = await openTemp();
    await seed(service);
    const bill = (month: string) =>
      consumption({
        startDate: `2025-${month}-01T00:00:00.000Z`,
        endDate: `2025-${month}-28T00:00:00.000Z`,
      });
    for (const month of ["03", "04", "05", "06"]) await service.consumptions.upsert(bill(month));
    const pagesOf = async (order: readonly number[]) => {
      const read = new Map<number, unknown>();
      for (const page of order) {
        read.set(page, (await service.emissions.list({ page, limit: 3 })).data);
      }
      return [...read.entries()].sort(([a], [b]) => a - b).flatMap(([, data]) => data as []);
    };
    const whole = async () => (await service.emissions.list({ limit: 500 })).data;
    // Deep pages first, then the ones before them: each starts where another one passed.
    expect(await pagesOf([5, 3, 6, 1, 4, 2])).toEqual(await whole());
    // A bill before all of them moves every line: no page starts where it did before.
    await service.consumptions.upsert(bill("01"));
    expect((await service.emissions.list({ page: 5, limit: 3 })).pagination.total).toBe(20);
    expect(await pagesOf([5, 3, 6, 1, 4, 2, 7])).toEqual(await whole());
  });
});

describe("a bill across two calendar years", () => {
  const bill = () =>
    consumption({
      id: "00000000-0000-4000-8000-0000000000b1",
      startDate: "2025-12-31T00:00:00.000Z",
      endDate: "2026-12-30T00:00:00.000Z",
      quantity: 36_500,
    });

  it("lists each year's lines with their own days, figures and ids", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(bill());
    const id = bill().id;
    // The upsert answers the first line: the 2025 part's direct line (1 day, 100 kWh x 0.177).
    expect(emission).toMatchObject({
      id: emissionLineIdOf(id, "direct", 2025),
      line: "direct",
      startDate: "2025-12-31T00:00:00.000Z",
      endDate: "2025-12-31T00:00:00.000Z",
      quantity: 100,
      co2e: expect.closeTo(17.7, 9),
    });
    const lines = (await service.emissions.list({})).data;
    expect(lines.map((e) => [e.line, e.startDate.slice(0, 10), e.endDate.slice(0, 10)])).toEqual([
      ["direct", "2025-12-31", "2025-12-31"],
      ["wtt", "2025-12-31", "2025-12-31"],
      ["td_losses", "2025-12-31", "2025-12-31"],
      ["td_losses_wtt", "2025-12-31", "2025-12-31"],
      ["direct", "2026-01-01", "2026-12-30"],
      ["wtt", "2026-01-01", "2026-12-30"],
      ["td_losses", "2026-01-01", "2026-12-30"],
      ["td_losses_wtt", "2026-01-01", "2026-12-30"],
    ]);
    // 2026: 36,400 kWh x 0.13096 = 4766.944 kg; DESNZ has no 2026 WTT rows: the 2025 ones stand
    // in as the nearest earlier year (36,400 x 0.0459 = 1670.76); T&D 2026 36,400 x 0.01299.
    const y2026 = lines.slice(4);
    expect(y2026[0]?.co2e).toBeCloseTo(4766.944, 9);
    expect(y2026[0]).toMatchObject({ factorYear: 2026, resolution: "country_year" });
    expect(y2026[1]).toMatchObject({ factorYear: 2025, resolution: "country_earlier_year" });
    expect(y2026[1]?.co2e).toBeCloseTo(1670.76, 9);
    expect(y2026[2]?.co2e).toBeCloseTo(472.836, 9);
    expect(new Set(lines.map((e) => e.id)).size).toBe(8);
    // A window keeps the lines whose own period overlaps it.
    const only2026 = await service.emissions.list({ from: "2026-03-01", to: "2026-03-31" });
    expect(only2026.pagination.total).toBe(4);
    expect(only2026.data.every((e) => e.startDate.startsWith("2026"))).toBe(true);
    // The summary prices each year with its factor: 17.7 + 4766.944 kg of scope 2.
    const summary = await service.emissions.summarize({ groupBy: ["year"] });
    expect(summary.totals.byScope["2"]).toBeCloseTo(4784.644, 9);
    expect(summary.groups.map((g) => g.key.year)).toEqual(["2025", "2026"]);
  });

  it("shares certificates' covered kWh among its years, the same in lists and the regos dashboard", async () => {
    const service = await openTemp();
    await seed(service);
    await service.consumptions.upsert(bill());
    // 9.125 MWh of the bill's 36.5 MWh: a quarter covered. GB has no residual mix in the
    // library: the market-based factor is the location one (location_fallback).
    await service.certificates.upsert({
      id: "66666666-6666-4666-8666-0000000000b1",
      companyId: ids.gbCompany,
      buildingId: ids.gbBuilding,
      volumeMwh: 9.125,
      periodFrom: "2025-12-01",
      periodTo: "2026-12-31",
      technology: "wind",
      issuingBody: "Ofgem",
      cancellationId: "REGO-2026-0001",
      countryCode: "GB",
    });
    const direct = (await service.emissions.list({ scopes: [2] })).data;
    // 17.7 x 0.75 = 13.275 and 4766.944 x 0.75 = 3575.208 kg market-based.
    expect(direct.map((e) => e.co2eMarketBased)).toEqual([
      expect.closeTo(13.275, 9),
      expect.closeTo(3575.208, 9),
    ]);
    const summary = await service.emissions.summarize({ groupBy: [] });
    expect(summary.totals.scope2MarketBased).toBeCloseTo(3588.483, 9);
    const [row] = (await service.certificates.dashboard({ companyId: ids.gbCompany })).data;
    expect(row).toMatchObject({ consumedKwh: 36_500, coveredKwh: 9125, coveragePercent: 25 });
    expect(row?.locationKg).toBeCloseTo(4784.644, 9);
    expect(row?.marketKg).toBeCloseTo(3588.483, 9);
    // A window of 2026 alone: the 2026 part, 364 of its days.
    const [y2026] = (
      await service.certificates.dashboard({
        companyId: ids.gbCompany,
        startDate: "2026-01-01",
        endDate: "2026-12-31",
      })
    ).data;
    expect(y2026?.consumedKwh).toBeCloseTo(36_400, 9);
    expect(y2026?.marketKg).toBeCloseTo(3575.208, 9);
  });
});

describe("biogenic CO2 on the local engine", () => {
  it("is each line's own figure and a total of its own, outside every scope", async () => {
    const file = path.join(tempDir(), "carbon.db");
    // The DESNZ 2025 wood pellets row per tonne with the biogenic CO2 of its 'Outside of scopes'
    // row (cell D78: 1677.18 kg CO2 per tonne) folded in: the current release (the open sources
    // one) has it; the base release's version of the row has none.
    const first = await openLocalService({ path: file });
    await first.close();
    const db = new Database(file);
    const pelletRows = db
      .prepare(
        `SELECT biogenic_co2, last_release FROM emission_factors
          WHERE key = 'wood_pellets' AND country = 'GB' AND year = 2025 AND unit = 't'
          ORDER BY first_release`,
      )
      .raw()
      .all();
    db.close();
    expect(pelletRows).toEqual([
      [null, 1],
      [1677.18, null],
    ]);
    const service = await openLocalService({ path: file });
    try {
      await seed(service);
      await service.consumptions.upsert(
        consumption({ category: "wood_pellets", unitType: "kg", quantity: 2000 }),
      );
      const [pellets] = (await service.emissions.list({})).data;
      // 2,000 kg = 2 t: 2 x 55.19389 = 110.38778 kg CO2e (CH4 and N2O); 2 x 1677.18 = 3354.36 kg
      // of biogenic CO2.
      expect(pellets).toMatchObject({ line: "direct", scope: 1, convertedQuantity: 2 });
      expect(pellets?.co2e).toBeCloseTo(110.38778, 9);
      expect(pellets?.biogenicCo2).toBeCloseTo(3354.36, 9);
      const summary = await service.emissions.summarize({ groupBy: ["scope"] });
      expect(summary.totals.biogenicCo2).toBeCloseTo(3354.36, 9);
      // Scope 1 the pellets; scope 3 their well-to-tank, DESNZ 2025 'WTT- bioenergy' D66, 177 kg
      // CO2e per tonne: 2 x 177 = 354 kg, with no biogenic CO2 of its own. 110.38778 + 354 =
      // 464.38778 kg in all; the biogenic CO2 in none of them.
      expect(summary.totals.co2e).toBeCloseTo(464.38778, 9);
      expect(
        summary.groups.map((group) => [group.key.scope, group.co2e, group.awaitingFactor]),
      ).toEqual([
        ["1", expect.closeTo(110.38778, 9), 0],
        ["3", expect.closeTo(354, 9), 0],
      ]);
      // Half of January: half of everything, the biogenic figure too.
      const half = await service.emissions.summarize({
        groupBy: [],
        from: "2025-01-01",
        to: "2025-01-16",
      });
      expect(half.totals.biogenicCo2).toBeCloseTo((3354.36 * 16) / 31, 9);
    } finally {
      await service.close();
    }
  });
});
