import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { categoryId, uuidV5 } from "../../../src/core/ids.js";
import { carbonError, consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

describe("upsertConsumption", () => {
  it("inserts, then leaves an identical row unchanged, then updates a changed one", async () => {
    const service = await openTemp();
    await seed(service);
    const row = consumption();
    const first = await service.consumptions.upsert(row);
    expect(first.outcome).toBe("inserted");
    expect(first.consumption).toMatchObject({ id: row.id, quantity: 1000, unitType: "kWh" });
    expect(first.emission.id).toBe(uuidV5(`emission:${row.id}`));
    expect(first.emission.consumptionId).toBe(row.id);

    const again = await service.consumptions.upsert(row);
    expect(again.outcome).toBe("unchanged");
    expect(again.consumption.updatedAt).toBe(first.consumption.updatedAt);

    const changed = await service.consumptions.upsert({ ...row, quantity: 2000 });
    expect(changed.outcome).toBe("updated");
    expect(changed.consumption.createdAt).toBe(first.consumption.createdAt);
    expect(changed.emission.co2e).toBe(2000 * 0.177);
    expect((await service.consumptions.list({})).pagination.total).toBe(1);
    expect(await service.consumptions.get(row.id)).toEqual(changed.consumption);
  });

  it("accepts an ISO date and stores it normalized to UTC", async () => {
    const service = await openTemp();
    await seed(service);
    const row = consumption();
    const result = await service.consumptions.upsert({
      ...row,
      startDate: "2025-01-01",
      endDate: "2025-01-31T00:00:00+00:00",
    });
    expect(result.consumption.startDate).toBe("2025-01-01T00:00:00.000Z");
    expect(result.consumption.endDate).toBe("2025-01-31T00:00:00.000Z");
  });

  it("GB electricity 2025: 1,000 kWh x DESNZ 0.177 = 177 kg", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(consumption());
    expect(emission).toMatchObject({
      status: "calculated",
      scope: 2,
      co2e: 177,
      factorValue: 0.177,
      factorYear: 2025,
      factorUnit: "kWh",
      convertedQuantity: 1000,
      resolution: "country_year",
      gwpSet: "AR5",
      companyId: ids.gbCompany,
      buildingId: ids.gbBuilding,
      categoryId: categoryId("electricity"),
    });
    expect(emission.factorSource).toContain("DESNZ");
    expect(emission.co2eMarketBased).toBe(177);
    expect(emission.marketBasis).toBe("location_fallback");
  });

  it("Spanish natural gas 2024 (building country from the company): 1,000 kWh x MITECO 0.182448 = 182.448 kg", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(
      consumption({
        category: "natural_gas",
        companyId: ids.esCompany,
        buildingId: ids.esBuilding,
        startDate: "2024-03-01T00:00:00.000Z",
        endDate: "2024-03-31T00:00:00.000Z",
      }),
    );
    // MITECO V31 natural gas 2024 publishes 0.182 kg/kWh PCS in AR6; the database's AR5 set
    // restates it from its gases: 0.182 kg CO2 + 0.000016 kg CH4 × 28 + 0 N2O = 0.182448 kg/kWh;
    // 1,000 kWh × 0.182448 = 182.448 kg
    expect(emission).toMatchObject({
      status: "calculated",
      scope: 1,
      factorValue: 0.182448,
      factorYear: 2024,
      gwpSet: "AR5",
      resolution: "country_year",
      co2eMarketBased: null,
      marketFactorId: null,
    });
    expect(emission.co2e).toBeCloseTo(182.448, 9);
    expect(emission.factorSource).toContain("MITECO");
  });

  it("Spanish water is priced with the labelled GB proxy", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(
      consumption({
        category: "water_supply",
        unitType: "m3",
        quantity: 90,
        companyId: ids.esCompany,
        buildingId: ids.esBuilding2,
      }),
    );
    // 90 m3 × 0.1913 kg/m3 (DESNZ 2025 'Water supply' row 18, GB) = 17.217 kg
    expect(emission).toMatchObject({
      status: "calculated",
      resolution: "proxy",
      geography: "GB",
      factorYear: 2025,
      gwpSet: "AR5",
    });
    expect(emission.co2e).toBeCloseTo(17.217, 9);
  });

  it("Spanish district heat has no factor: awaiting_factor on both bases, no figures", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(
      consumption({
        category: "district_heat",
        unitType: "kWh",
        quantity: 900,
        companyId: ids.esCompany,
        buildingId: ids.esBuilding2,
      }),
    );
    expect(emission).toMatchObject({
      status: "awaiting_factor",
      marketStatus: "awaiting_factor",
      co2e: null,
      co2: null,
      co2eMarketBased: null,
      factorId: null,
      factorSource: null,
      resolution: null,
      geography: null,
      quantity: 900,
      unit: "kWh",
    });
  });

  it("Spanish electricity of 2021 has a market-based figure and no location-based one", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(
      consumption({
        quantity: 1000,
        companyId: ids.esCompany,
        buildingId: ids.esBuilding2,
        startDate: "2021-05-01T00:00:00.000Z",
        endDate: "2021-05-31T00:00:00.000Z",
      }),
    );
    // no EEA row for ES before 2023; 1,000 kWh × 0.259 (MITECO Mix sin GdO 2021, cell Z538) = 259 kg
    expect(emission).toMatchObject({
      status: "awaiting_factor",
      co2e: null,
      marketStatus: "calculated",
      marketBasis: "residual_mix",
      marketResolution: "country_year",
      marketGeography: "ES",
      marketFactorYear: 2021,
    });
    expect(emission.co2eMarketBased).toBeCloseTo(259, 9);
    const listed = (await service.emissions.list({ companyId: ids.esCompany })).data[0];
    expect(listed).toMatchObject({ status: "awaiting_factor", marketStatus: "calculated" });
    const summary = await service.emissions.summarize({ companyId: ids.esCompany, groupBy: [] });
    // 4 lines await a location-based factor: the direct one and its three scope 3 category 3
    // lines (WTT of generation, T&D losses, WTT of T&D: no Spanish factor, no proxy for grid
    // electricity). Those three have one figure (scope 3), so they add nothing to the
    // market-based total either; the direct line has its market-based figure.
    expect(summary.totals).toMatchObject({ awaitingFactor: 4, marketAwaitingFactor: 3 });
    expect(summary.totals.co2eMarketBased).toBeCloseTo(259, 9);
    expect(summary.gwpSet).toBe("AR5");
  });

  it("stores a bill's kWh per m3 and prices the gas with it", async () => {
    const service = await openTemp();
    await seed(service);
    const bill = consumption({
      category: "natural_gas",
      unitType: "m3",
      quantity: 250,
      kwhPerM3: 11.63,
      companyId: ids.esCompany,
      buildingId: ids.esBuilding2,
      startDate: "2024-02-01T00:00:00.000Z",
      endDate: "2024-02-29T00:00:00.000Z",
    });
    const { consumption: stored, emission } = await service.consumptions.upsert(bill);
    // 250 m3 × 11.63 kWh/m3 (the bill's) = 2,907.5 kWh × 0.182448 (MITECO 2024 PCS, 0.182 kg CO2
    // + 0.000016 kg CH4 × 28 in the database's AR5 set) = 530.46756 kg
    expect(stored.kwhPerM3).toBe(11.63);
    expect(emission.convertedQuantity).toBeCloseTo(2907.5, 9);
    expect(emission.co2e).toBeCloseTo(530.46756, 9);
    expect((await service.consumptions.upsert(bill)).outcome).toBe("unchanged");
    const { kwhPerM3: _factor, ...withoutFactor } = bill;
    const again = await service.consumptions.upsert(withoutFactor);
    // The same bill without its factor is a change: 250 × 11.2899322222 (DESNZ gross CV) ×
    // 0.182448 = 514.956388519 kg
    expect(again.outcome).toBe("updated");
    expect(again.consumption.kwhPerM3).toBeUndefined();
    expect(again.emission.co2e).toBeCloseTo(514.956388519, 6);
  });

  it.each([
    [{ category: "electricity", unitType: "kWh" }, "category electricity is not natural gas"],
    [{ category: "natural_gas", unitType: "kWh" }, "the quantity is in kWh, not a volume"],
  ])("refuses a bill's kWh per m3 on %j", async (fields, message) => {
    const service = await openTemp();
    await seed(service);
    const error = await carbonError(
      service.consumptions.upsert(consumption({ ...fields, kwhPerM3: 11 })),
    );
    expect(error.code).toBe("validation");
    expect(error.message).toContain("kwhPerM3");
    expect(error.message).toContain(message);
  });

  it("converts units to the factor's unit (MWh -> kWh)", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(
      consumption({ quantity: 2, unitType: "MWh" }),
    );
    expect(emission.convertedQuantity).toBe(2000);
    expect(emission.co2e).toBe(2000 * 0.177);
  });

  it.each([
    [
      "an unknown company",
      { companyId: "99999999-9999-4999-8999-999999999999" },
      "companyId",
      "company 99999999-9999-4999-8999-999999999999 does not exist",
    ],
    [
      "an unknown building",
      { buildingId: "99999999-9999-4999-8999-999999999999" },
      "buildingId",
      "building 99999999-9999-4999-8999-999999999999 does not exist",
    ],
    [
      "a building of another company",
      { buildingId: ids.esBuilding },
      "buildingId",
      `building ${ids.esBuilding} belongs to company ${ids.esCompany}, not ${ids.gbCompany}`,
    ],
    [
      "an unknown category",
      { categoryId: "99999999-9999-4999-8999-999999999999" },
      "categoryId",
      "unknown category 99999999-9999-4999-8999-999999999999",
    ],
    [
      "a category that is not a subcategory",
      { category: "stationary_combustion" },
      "categoryId",
      "category stationary_combustion is a category, not a subcategory: consumptions take a subcategory (carbon categories list --level subcategory)",
    ],
    [
      "a vehicle category",
      { category: "LAND_TRANSPORTATION" },
      "categoryId",
      "category LAND_TRANSPORTATION is a category, not a subcategory: consumptions take a subcategory (carbon categories list --level subcategory)",
    ],
    [
      "a unit of the wrong dimension",
      { category: "natural_gas", unitType: "km" },
      "unitType",
      'unit "km" cannot be used for category natural_gas (energy, e.g. kWh)',
    ],
    [
      "an unknown unit",
      { unitType: "bananas" },
      "unitType",
      'unknown unit "bananas" for category electricity (energy, e.g. kWh)',
    ],
  ])("rejects %s as a validation error on %s", async (_what, overrides, field, message) => {
    const service = await openTemp();
    await seed(service);
    const error = await carbonError(service.consumptions.upsert(consumption(overrides)));
    expect(error.code).toBe("validation");
    expect(error.issues).toEqual([{ path: field, message }]);
    expect(error.message).toContain(message);
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });

  it("natural gas may be given as a volume (converted at its calorific value)", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(
      consumption({ category: "natural_gas", unitType: "m3", quantity: 100 }),
    );
    expect(emission.status).toBe("calculated");
    expect(emission.factorUnit).toBe("m3");
  });

  it("rejects schema-invalid input with the zod issues", async () => {
    const service = await openTemp();
    await seed(service);
    const error = await carbonError(
      service.consumptions.upsert({ ...consumption(), quantity: -1, endDate: "2024-01-01" }),
    );
    expect(error.code).toBe("validation");
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(["endDate", "quantity"]);
  });

  it("reports a missing consumption as not_found", async () => {
    const service = await openTemp();
    const error = await carbonError(
      service.consumptions.get("99999999-9999-4999-8999-999999999999"),
    );
    expect(error.code).toBe("not_found");
  });
});

describe("absent emission figures", () => {
  it("are stored as SQL NULL, not as NaN or 0, on insert and on update", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openTemp(file);
    await seed(service);
    // No GB factor is published for 1990: the row awaits one.
    const awaiting = consumption({ startDate: "1990-01-01", endDate: "1990-01-31" });
    const stored = () => {
      const db = new Database(file, { readonly: true });
      try {
        return db
          .prepare<[string], string[]>(
            `SELECT typeof(co2e), typeof(co2), typeof(ch4), typeof(n2o), typeof(co2e_market),
                    typeof(converted_quantity), typeof(input_ref), typeof(kwh_per_m3), typeof(quantity)
               FROM consumptions WHERE id = ?`,
          )
          .raw()
          .get(awaiting.id);
      } finally {
        db.close();
      }
    };
    const nulls = ["null", "null", "null", "null", "null", "null", "null", "null", "real"];
    expect((await service.consumptions.upsert(awaiting)).emission.co2e).toBeNull();
    expect(stored()).toEqual(nulls);
    const calculated = await service.consumptions.upsert({
      ...awaiting,
      startDate: "2025-01-01",
      endDate: "2025-01-31",
    });
    expect(calculated.emission.co2e).toBe(1000 * 0.177);
    expect(stored()?.[0]).toBe("real");
    await service.consumptions.upsert(awaiting);
    expect(stored()).toEqual(nulls);
  });
});
