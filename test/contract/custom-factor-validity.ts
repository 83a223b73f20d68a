/**
 * Custom factors valid from a day to a day, the same on both engines: the recalculation a write
 * causes is reported (and a dry run stores nothing), a bill is cut where a validity starts, and
 * the factor keeps its days. Worked out from DESNZ 2025 'UK electricity' (0.177 kg CO2e/kWh).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryId } from "../../src/core/ids.js";
import type { CustomFactorInput } from "../../src/core/model/factor.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const COMPANY = "c0000000-0000-4000-8000-0000000000f1";
const BUILDING = "b0000000-0000-4000-8000-0000000000f1";
const FACTOR = "f0000000-0000-4000-8000-0000000000f1";

const supplier = (fields: Partial<CustomFactorInput> = {}): CustomFactorInput => ({
  id: FACTOR,
  companyId: COMPANY,
  categoryId: categoryId("electricity"),
  basis: "location",
  validFrom: "2025-04-01",
  unit: "kWh",
  co2e: 0.05,
  source: "Supplier contract from April 2025",
  ...fields,
});

export function describeCustomFactorValidityContract(
  name: string,
  open: () => Promise<Driver>,
): void {
  describe(`custom factors by date: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: COMPANY, name: "Validity GB", country: "GB" });
      await service.buildings.upsert({
        id: BUILDING,
        companyId: COMPANY,
        name: "Leeds",
        country: "GB",
      });
      // 3,100 kWh from 15 March to 14 April 2025: 31 days, 100 kWh a day.
      await service.consumptions.upsert({
        id: "e0000000-0000-4000-8000-0000000000f1",
        entityId: "INV-VALIDITY",
        companyId: COMPANY,
        buildingId: BUILDING,
        categoryId: categoryId("electricity"),
        startDate: "2025-03-15T00:00:00.000Z",
        endDate: "2025-04-14T00:00:00.000Z",
        quantity: 3100,
        unitType: "kWh",
      });
    });
    afterAll(async () => {
      await driver.dispose();
    });

    const directLines = async () =>
      (await service.emissions.list({ companyId: COMPANY, scopes: [2] })).data.map((e) => [
        e.startDate.slice(0, 10),
        e.endDate.slice(0, 10),
        e.co2e,
        e.resolution,
      ]);

    it("a dry run reports what would move and stores nothing", async () => {
      const plan = await service.customFactors.change(supplier(), { dryRun: true });
      expect(plan.factor).toMatchObject({ id: FACTOR, validFrom: "2025-04-01", validTo: null });
      expect(plan.recalculation).toMatchObject({ dryRun: true, stored: false, recalculated: 1 });
      // Scope 2: 3,100 x 0.177 = 548.7 kg before; 1,700 x 0.177 + 1,400 x 0.05 = 370.9 kg after.
      const scope2 = plan.recalculation?.changes.find((c) => c.scope === 2);
      expect(scope2?.before.co2e).toBeCloseTo(548.7, 9);
      expect(scope2?.after.co2e).toBeCloseTo(370.9, 9);
      expect((await service.customFactors.list({ companyId: COMPANY })).data).toEqual([]);
      expect(await directLines()).toEqual([
        ["2025-03-15", "2025-04-14", expect.closeTo(548.7, 9), "country_year"],
      ]);
    });

    it("a write cuts the bill on the day the validity starts and keeps the factor's days", async () => {
      const change = await service.customFactors.change(supplier(), { dryRun: false });
      expect(change.recalculation).toMatchObject({ stored: true, recalculated: 1 });
      expect(await directLines()).toEqual([
        ["2025-03-15", "2025-03-31", expect.closeTo(300.9, 9), "country_year"],
        ["2025-04-01", "2025-04-14", expect.closeTo(70, 9), "company_custom"],
      ]);
      const [stored] = (await service.customFactors.list({ companyId: COMPANY })).data;
      expect(stored).toMatchObject({ validFrom: "2025-04-01", validTo: null });
      const got = await service.customFactors.get(FACTOR);
      expect(got).toMatchObject({ validFrom: "2025-04-01", validTo: null });
    });

    it("year is the shorthand of a calendar year; the bill is one part again", async () => {
      const change = await service.customFactors.change(
        supplier({ validFrom: undefined, year: 2025 }),
        {
          dryRun: false,
        },
      );
      expect(change.factor).toMatchObject({ validFrom: "2025-01-01", validTo: "2025-12-31" });
      // 3,100 kWh x 0.05 = 155 kg over the whole bill.
      expect(await directLines()).toEqual([
        ["2025-03-15", "2025-04-14", expect.closeTo(155, 9), "company_custom"],
      ]);
    });

    it("refuses validTo before validFrom as a validation error; nothing changes", async () => {
      const before = await directLines();
      expect(
        await codeOf(
          service.customFactors.change(supplier({ validTo: "2025-03-31" }), { dryRun: false }),
        ),
      ).toBe("validation");
      expect(await codeOf(service.customFactors.upsert(supplier({ validTo: "2025-03-31" })))).toBe(
        "validation",
      );
      expect(await directLines()).toEqual(before);
    });
  });
}
