import { describe, expect, it } from "vitest";
import { categoryId, uuidV5 } from "../../../src/core/ids.js";
import { carbonError, consumption, ids, openTemp, seed } from "./helpers.js";

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

  it("Spanish natural gas 2024 (building country from the company): 1,000 kWh x MITECO 0.182 = 182 kg", async () => {
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
    expect(emission).toMatchObject({
      status: "calculated",
      scope: 1,
      co2e: 182,
      factorValue: 0.182,
      factorYear: 2024,
      resolution: "country_year",
      co2eMarketBased: null,
      marketFactorId: null,
    });
    expect(emission.factorSource).toContain("MITECO");
  });

  it("Spanish water has no factor: awaiting_factor, no figures", async () => {
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
    expect(emission).toMatchObject({
      status: "awaiting_factor",
      co2e: null,
      co2: null,
      factorId: null,
      factorSource: null,
      resolution: null,
      quantity: 90,
      unit: "m3",
    });
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
