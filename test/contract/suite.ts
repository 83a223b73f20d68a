/**
 * The contract every CarbonService driver passes: the same assertions, run against the local
 * SQLite engine and against the remote engine talking to a real `carbon serve` over HTTP.
 * Failures are checked by error code, never by message text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CarbonError, type ErrorCode } from "../../src/core/errors.js";
import { categoryId, consumptionId } from "../../src/core/ids.js";
import type { ConsumptionInput } from "../../src/core/model/consumption.js";
import type { Emission } from "../../src/core/model/emission.js";
import type { CarbonService } from "../../src/core/service.js";

export interface Driver {
  readonly service: CarbonService;
  /** Stops whatever the driver started (server, database). */
  dispose(): Promise<void>;
}

const gb = {
  company: "c0000000-0000-4000-8000-000000000001",
  building: "b0000000-0000-4000-8000-000000000001",
};
const es = {
  company: "c0000000-0000-4000-8000-000000000002",
  building: "b0000000-0000-4000-8000-000000000002",
};
const unknownId = "99999999-9999-4999-8999-999999999999";

export async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | "no error"> {
  try {
    await promise;
    return "no error";
  } catch (error) {
    if (error instanceof CarbonError) return error.code;
    throw error;
  }
}

function consumption(
  over: Partial<ConsumptionInput> & Pick<ConsumptionInput, "companyId" | "buildingId">,
): ConsumptionInput {
  const base = {
    entityId: "INV-1",
    categoryId: categoryId("electricity"),
    startDate: "2025-01-01T00:00:00.000Z",
    endDate: "2025-01-31T00:00:00.000Z",
    quantity: 1000,
    unitType: "kWh",
    ...over,
  };
  return { id: over.id ?? consumptionId(base), ...base };
}

export function describeContract(name: string, open: () => Promise<Driver>): void {
  describe(`CarbonService contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: gb.company, name: "Contract GB", country: "GB" });
      await service.companies.upsert({ id: es.company, name: "Contract ES", country: "ES" });
      await service.buildings.upsert({
        id: gb.building,
        companyId: gb.company,
        name: "London",
        country: "GB",
      });
      await service.buildings.upsert({
        id: es.building,
        companyId: es.company,
        name: "Madrid",
        country: "ES",
      });
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("reads companies and buildings back, paginated in the spec's envelope", async () => {
      expect(await service.companies.get(gb.company)).toMatchObject({
        id: gb.company,
        name: "Contract GB",
        country: "GB",
      });
      const page = await service.companies.list({ page: 1, limit: 1 });
      expect(page.pagination).toEqual({ page: 1, limit: 1, total: 2 });
      expect(page.data).toHaveLength(1);
      const buildings = await service.buildings.list({ companyId: es.company });
      expect(buildings.data.map((b) => b.id)).toEqual([es.building]);
      expect(await service.buildings.get(gb.building)).toMatchObject({
        companyId: gb.company,
        name: "London",
      });
    });

    it("upserts a company by id: the same id twice is one company", async () => {
      await service.companies.upsert({ id: gb.company, name: "Contract GB", country: "GB" });
      const page = await service.companies.list({});
      expect(page.pagination.total).toBe(2);
    });

    it("lists categories with stable ids, filtered by level", async () => {
      const subs = await service.categories.list({ level: "subcategory" });
      const electricity = subs.data.find((c) => c.code === "electricity");
      expect(electricity).toMatchObject({
        id: categoryId("electricity"),
        level: "subcategory",
        scope: 2,
        defaultUnit: "kWh",
      });
      expect(subs.data.every((c) => c.level === "subcategory")).toBe(true);
    });

    it("resolves factors the same way: GB grid 2025 location-based, ES residual mix market-based", async () => {
      const gbElectricity = await service.factors.resolve({
        category: "electricity",
        country: "GB",
        year: 2025,
      });
      expect(gbElectricity.location).toMatchObject({
        step: "country_year",
        co2e: 0.177,
        unit: "kWh",
      });
      expect(gbElectricity.marketBasis).toBe("location_fallback");
      const esElectricity = await service.factors.resolve({
        category: "electricity",
        country: "ES",
        year: 2024,
      });
      expect(esElectricity.market).toMatchObject({ co2e: 0.283 });
      expect(esElectricity.marketBasis).toBe("residual_mix");
    });

    it("upserts a consumption idempotently and calculates its emission", async () => {
      // 1,000 kWh × 0.177 kg/kWh (DESNZ 2025 UK electricity, GB 2025) = 177 kg
      const input = consumption({ companyId: gb.company, buildingId: gb.building });
      const first = await service.consumptions.upsert(input);
      expect(first.outcome).toBe("inserted");
      expect(first.emission).toMatchObject({
        status: "calculated",
        scope: 2,
        resolution: "country_year",
      });
      expect(first.emission?.co2e).toBeCloseTo(177, 9);
      const again = await service.consumptions.upsert(input);
      expect(again.outcome).toBe("unchanged");
      expect(again.consumption).toEqual(first.consumption);
      const changed = await service.consumptions.upsert({ ...input, quantity: 2000 });
      expect(changed.outcome).toBe("updated");
      expect(changed.emission?.co2e).toBeCloseTo(354, 9);
      const list = await service.consumptions.list({ companyId: gb.company });
      expect(list.pagination.total).toBe(1);
      expect(await service.consumptions.get(input.id)).toMatchObject({
        id: input.id,
        quantity: 2000,
      });
    });

    it("marks a consumption without any factor as awaiting_factor, never zero", async () => {
      // No district-heat factor for Spain in the library, and heat networks have no proxy.
      const result = await service.consumptions.upsert(
        consumption({
          companyId: es.company,
          buildingId: es.building,
          categoryId: categoryId("district_heat"),
          unitType: "kWh",
          quantity: 50,
        }),
      );
      expect(result.emission).toMatchObject({ status: "awaiting_factor", co2e: null });
    });

    it("lists, streams and summarises emissions consistently", async () => {
      await service.consumptions.upsert(
        consumption({
          companyId: es.company,
          buildingId: es.building,
          entityId: "INV-ES-1",
          startDate: "2024-01-15T00:00:00.000Z",
          endDate: "2024-02-14T00:00:00.000Z",
          quantity: 3100,
        }),
      );
      const listed = await service.emissions.list({ companyId: es.company });
      const streamed: Emission[] = [];
      for await (const emission of service.emissions.stream({ companyId: es.company }))
        streamed.push(emission);
      expect(streamed).toEqual(listed.data);
      const summary = await service.emissions.summarize({
        companyId: es.company,
        groupBy: ["month"],
      });
      // 3,100 kWh × 0.125 kg/kWh (EEA ES 2024) = 387.5 kg over 31 days: 17 in January, 14 in February.
      const byMonth = Object.fromEntries(summary.groups.map((g) => [g.key.month, g.co2e]));
      expect(byMonth["2024-01"]).toBeCloseTo((387.5 * 17) / 31, 9);
      expect(byMonth["2024-02"]).toBeCloseTo((387.5 * 14) / 31, 9);
      // Lines awaiting a factor, which add nothing to the months: the district heat stored
      // before, its direct line and its three category 3 lines (heat's wtt, td_losses and
      // td_losses_wtt: derived-lines.csv; no Spanish heat factor of any kind and no proxy), and
      // this bill's three category 3 lines (no Spanish electricity WTT or T&D factor, and
      // electricity's upstream has no proxy): 4 + 3 = 7.
      expect(summary.totals.awaitingFactor).toBe(7);
      const scope2 = await service.emissions.list({ companyId: es.company, scopes: [2] });
      expect(scope2.data.every((e) => e.scope === 2)).toBe(true);
      const dashboard = await service.consumptions.summarize({
        companyId: es.company,
        from: "2024-01-01",
        to: "2024-12-31",
      });
      expect(dashboard.groups.map((g) => g.month)).toEqual(["2024-01", "2024-02"]);
    });

    it("keeps custom factors per company and uses them first", async () => {
      await service.customFactors.upsert({
        id: "f0000000-0000-4000-8000-000000000001",
        companyId: gb.company,
        categoryId: categoryId("electricity"),
        basis: "market",
        year: null,
        unit: "kWh",
        co2e: 0.05,
        source: "Supplier green tariff disclosure 2025",
      });
      const factors = await service.customFactors.list({ companyId: gb.company });
      expect(factors.data).toHaveLength(1);
      const resolved = await service.factors.resolve({
        category: "electricity",
        country: "GB",
        year: 2025,
        companyId: gb.company,
      });
      expect(resolved.marketBasis).toBe("company_custom");
    });

    it.each([
      ["an unknown company", () => service.companies.get(unknownId), "not_found"],
      ["an unknown building", () => service.buildings.get(unknownId), "not_found"],
      ["an unknown consumption", () => service.consumptions.get(unknownId), "not_found"],
      [
        "a building of an unknown company",
        () => service.buildings.upsert({ id: unknownId, companyId: unknownId, name: "X" }),
        "not_found",
      ],
      ["a limit above 500", () => service.companies.list({ limit: 501 }), "usage"],
      ["a page below 1", () => service.consumptions.list({ page: 0 }), "usage"],
      [
        "a consumption whose building belongs to another company",
        () =>
          service.consumptions.upsert(
            consumption({ companyId: gb.company, buildingId: es.building }),
          ),
        "validation",
      ],
      [
        "a consumption in a unit that does not fit the category",
        () =>
          service.consumptions.upsert(
            consumption({ companyId: gb.company, buildingId: gb.building, unitType: "km" }),
          ),
        "validation",
      ],
      [
        "a consumption against a category that is not a subcategory",
        () =>
          service.consumptions.upsert(
            consumption({
              companyId: gb.company,
              buildingId: gb.building,
              categoryId: categoryId("stationary_combustion"),
            }),
          ),
        "validation",
      ],
    ] as const)("fails the same way for %s", async (_what, call, code) => {
      expect(await codeOf(call())).toBe(code);
    });

    it("imports through a session: counts by outcome, dry runs store nothing", async () => {
      const rows = [1, 2, 3].map((n) =>
        consumption({
          companyId: gb.company,
          buildingId: gb.building,
          entityId: `IMP-${n}`,
          categoryId: categoryId("natural_gas"),
          quantity: 100 * n,
        }),
      );
      const dry = await service.consumptions.openImport({ dryRun: true });
      const dryCounts = await dry.write(rows);
      await dry.commit();
      expect(dryCounts.inserted).toBe(3);
      expect((await service.consumptions.list({ companyId: gb.company })).pagination.total).toBe(1);

      const session = await service.consumptions.openImport({ dryRun: false });
      const counts = await session.write(rows);
      await session.commit();
      expect(counts).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, awaitingFactor: 0 });
      // 600 kWh × 0.18296 kg/kWh (DESNZ 2025 natural gas, gross CV) = 109.776 kg, scope 1.
      expect(counts.co2eByScope["1"]).toBeCloseTo(109.776, 9);
      expect((await service.consumptions.list({ companyId: gb.company })).pagination.total).toBe(4);
    });
  });
}
