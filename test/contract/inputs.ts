/**
 * Recommended inputs on both engines: drawn from the factor library, so every item must resolve
 * to the factor it names (a test that fails when an item is recommended that the library cannot
 * price), paged like every list, and the Spanish 2024 rows where the library has them
 * (fixtures/factors/emission-factors.csv line 131, MITECO V31: natural gas, an AR6 row of 0.182
 * kg CO2 and 0.000016 kg CH4 per kWh, restated in the database's AR5 set as 0.182 + 0.000016 × 28
 * = 0.182448 kgCO2e/kWh).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recommendedInputTypes } from "../../src/core/model/recommended-input.js";
import type { CarbonService } from "../../src/core/service.js";
import type { Driver } from "./suite.js";

const countries = ["ES", "GB", "US", "FR", "DE"] as const;

export function describeInputsContract(name: string, open: () => Promise<Driver>): void {
  describe(`recommended inputs contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it.each(countries)(
      "every input recommended in %s resolves to the factor it names",
      async (country) => {
        // Every page (France alone has 872 heat networks): pages follow the total.
        const first = await service.inputs.recommended({ country, limit: 500 });
        const items = [...first.data];
        for (let page = 2; items.length < first.pagination.total; page += 1) {
          const next = await service.inputs.recommended({ country, limit: 500, page });
          expect(next.data.length).toBeGreaterThan(0);
          items.push(...next.data);
        }
        expect(items.length).toBe(first.pagination.total);
        expect(items.length).toBeGreaterThan(0);
        const year = new Date().getUTCFullYear();
        for (const item of items) {
          const resolved = await service.factors.resolve({
            category: item.code ?? "",
            country,
            year,
          });
          expect(resolved.location, `${country} ${item.code}`).not.toBeNull();
          expect(item.factor).toMatchObject({
            key: resolved.location?.key,
            co2e: resolved.location?.co2e,
            unit: resolved.location?.unit,
          });
          expect(recommendedInputTypes).toContain(item.type);
        }
      },
    );

    it("Spain: grid electricity as the provider, natural gas among the fuels at 0.182448 kg/kWh (AR5)", async () => {
      const providers = await service.inputs.recommended({ country: "ES", types: ["provider"] });
      expect(providers.data.map((item) => item.code)).toEqual(["electricity"]);
      expect(providers.data[0]?.factor?.key).toBe("electricity_grid");
      const fuels = await service.inputs.recommended({
        country: "ES",
        types: ["fuel"],
        limit: 500,
      });
      const gas = fuels.data.find((item) => item.code === "natural_gas");
      expect(gas).toMatchObject({
        id: "fuel:natural_gas",
        units: ["kWh"],
        // 0.182 + 0.000016 × 28 = 0.182448 (MITECO ES 2024 restated in AR5)
        factor: { key: "natural_gas", country: "ES", year: 2024, co2e: 0.182448 },
      });
      // Distances driven are not fuels.
      expect(fuels.data.some((item) => item.units.includes("km"))).toBe(false);
    });

    it("waste inputs name their route; pages follow the total", async () => {
      const waste = await service.inputs.recommended({
        country: "GB",
        types: ["waste"],
        limit: 500,
      });
      expect(waste.data.length).toBeGreaterThan(1);
      for (const item of waste.data) {
        expect(item.code?.startsWith(`waste_${item.route}_`), String(item.code)).toBe(true);
      }
      const first = await service.inputs.recommended({ country: "GB", types: ["waste"], limit: 1 });
      const second = await service.inputs.recommended({
        country: "GB",
        types: ["waste"],
        page: 2,
        limit: 1,
      });
      expect(first.pagination.total).toBe(waste.data.length);
      expect([first.data[0]?.id, second.data[0]?.id]).toEqual(
        waste.data.slice(0, 2).map((i) => i.id),
      );
    });
  });
}
