import { describe, expect, it } from "vitest";
import { categoryId } from "../../../src/core/ids.js";
import { carbonError, consumption, ids, openTemp, seed } from "./helpers.js";

const factorId = "77777777-7777-4777-8777-777777777777";

function supplierMix(co2e: number) {
  return {
    id: factorId,
    companyId: ids.gbCompany,
    categoryId: categoryId("electricity"),
    basis: "location" as const,
    year: 2025,
    unit: "kWh",
    co2e,
    source: "Supplier disclosure 2025",
  };
}

describe("custom factors", () => {
  it("a new custom factor recalculates the company's emissions of that category", async () => {
    const service = await openTemp();
    await seed(service);
    const electricity = await service.consumptions.upsert(consumption());
    const gas = await service.consumptions.upsert(consumption({ category: "natural_gas" }));
    expect(electricity.emission.co2e).toBe(177);

    const stored = await service.customFactors.upsert(supplierMix(0.1));
    // year 2025: the shorthand for 1 January to 31 December 2025
    expect(stored).toMatchObject({
      id: factorId,
      co2e: 0.1,
      validFrom: "2025-01-01",
      validTo: "2025-12-31",
      basis: "location",
    });

    const after = (await service.emissions.list({ companyId: ids.gbCompany })).data;
    const recalculated = after.find((e) => e.consumptionId === electricity.consumption.id);
    expect(recalculated).toMatchObject({
      co2e: 100,
      factorId,
      factorValue: 0.1,
      factorSource: "Supplier disclosure 2025",
      resolution: "company_custom",
    });
    // Another category keeps its factor.
    const untouched = after.find((e) => e.consumptionId === gas.consumption.id);
    expect(untouched).toEqual(gas.emission);

    // A changed value recalculates again; new consumptions use it too.
    await service.customFactors.upsert(supplierMix(0.2));
    expect((await service.emissions.list({ scopes: [2] })).data[0]?.co2e).toBe(200);
    const next = await service.consumptions.upsert(consumption({ quantity: 10 }));
    expect(next.emission.co2e).toBe(2);
  });

  it("factors.resolve takes the company's custom factors into account", async () => {
    const service = await openTemp();
    await seed(service);
    await service.customFactors.upsert(supplierMix(0.05));
    const plain = await service.factors.resolve({
      category: "electricity",
      country: "GB",
      year: 2025,
    });
    expect(plain.location).toMatchObject({ step: "country_year", co2e: 0.177 });
    const mine = await service.factors.resolve({
      category: "electricity",
      country: "GB",
      year: 2025,
      companyId: ids.gbCompany,
    });
    expect(mine.location).toMatchObject({ step: "company_custom", co2e: 0.05, factorId });
  });

  it("a market-based custom factor feeds the market-based figure", async () => {
    const service = await openTemp();
    await seed(service);
    await service.consumptions.upsert(consumption());
    await service.customFactors.upsert({
      ...supplierMix(0),
      basis: "market",
      source: "Renewable tariff with guarantees of origin",
    });
    const [emission] = (await service.emissions.list({})).data;
    expect(emission).toMatchObject({
      co2e: 177,
      co2eMarketBased: 0,
      marketFactorId: factorId,
      marketBasis: "company_custom",
    });
  });

  it("lists a company's custom factors and validates references", async () => {
    const service = await openTemp();
    await seed(service);
    await service.customFactors.upsert(supplierMix(0.1));
    const page = await service.customFactors.list({ companyId: ids.gbCompany });
    expect(page.data.map((f) => f.id)).toEqual([factorId]);
    expect(
      (await carbonError(service.customFactors.list({ companyId: ids.gbBuilding }))).code,
    ).toBe("not_found");
    const wrongCategory = await carbonError(
      service.customFactors.upsert({ ...supplierMix(0.1), categoryId: categoryId("scope_2") }),
    );
    expect(wrongCategory.code).toBe("validation");
    expect(wrongCategory.issues[0]?.path).toBe("categoryId");
    const wrongUnit = await carbonError(
      service.customFactors.upsert({ ...supplierMix(0.1), unit: "kg" }),
    );
    expect(wrongUnit.issues).toEqual([
      {
        path: "unit",
        message: 'unit "kg" cannot be used for category electricity (energy, e.g. kWh)',
      },
    ]);
    const noCompany = await carbonError(
      service.customFactors.upsert({ ...supplierMix(0.1), companyId: ids.gbBuilding }),
    );
    expect(noCompany.code).toBe("not_found");
  });
});
