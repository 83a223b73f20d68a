/**
 * The buildings-move contract: the same assertions against the local engine and the
 * remote engine through a real `carbon serve`. Failures are checked by error code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryId, consumptionId } from "../../src/core/ids.js";
import type { ConsumptionInput } from "../../src/core/model/consumption.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const source = "a1000000-0000-4000-8000-000000000001";
const target = "a1000000-0000-4000-8000-000000000002";
const madrid = "b1000000-0000-4000-8000-000000000001";
const sevilla = "b1000000-0000-4000-8000-000000000002";
const london = "b1000000-0000-4000-8000-000000000003";
const unknownId = "99999999-9999-4999-8999-999999999999";
const vehicle = "c1000000-0000-4000-8000-000000000001";
/** The target company's own electricity factor, kgCO2e per kWh. */
const TARGET_FACTOR = 0.25;

function madridConsumption(category: string, quantity: number, unitType: string): ConsumptionInput {
  const base = {
    entityId: `INV-${category}`,
    categoryId: categoryId(category),
    startDate: "2025-01-01T00:00:00.000Z",
    endDate: "2025-01-31T00:00:00.000Z",
    companyId: source,
    buildingId: madrid,
    quantity,
    unitType,
  };
  return { id: consumptionId(base), ...base };
}

export function describeMoveContract(name: string, open: () => Promise<Driver>): void {
  describe(`buildings move contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;
    const electricity = madridConsumption("electricity", 1000, "kWh");
    // No district-heat factor for Spain (and no proxy): it waits for one, before and after the move.
    const water = madridConsumption("district_heat", 50, "kWh");
    let co2eBefore = 0;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: source, name: "Move source", country: "ES" });
      await service.companies.upsert({ id: target, name: "Move target", country: "GB" });
      for (const [id, companyId, name] of [
        [madrid, source, "Madrid"],
        [sevilla, source, "Sevilla"],
        [london, target, "London"],
      ] as const) {
        await service.buildings.upsert({ id, companyId, name, country: "ES" });
      }
      // A vehicle of the source company based at a building about to move.
      await service.vehicles.upsert({
        id: vehicle,
        companyId: source,
        buildingId: madrid,
        name: "Van 1",
        vehicleType: "van",
        vehicleCategory: "LAND_TRANSPORTATION",
        fuelType: "diesel",
        ownership: "owned",
        activeFrom: "2024-01-01",
      });
      const calculated = await service.consumptions.upsert(electricity);
      co2eBefore = calculated.emission?.co2e ?? Number.NaN;
      await service.consumptions.upsert(water);
      await service.customFactors.upsert({
        id: "f1000000-0000-4000-8000-000000000001",
        companyId: target,
        categoryId: categoryId("electricity"),
        basis: "location",
        year: null,
        unit: "kWh",
        co2e: TARGET_FACTOR,
        source: "Target's own grid contract",
      });
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("plans a move without moving anything (dry run)", async () => {
      const plan = await service.buildings.move({
        buildingIds: [madrid, sevilla, london],
        companyId: target,
        dryRun: true,
      });
      expect(plan).toMatchObject({
        companyId: target,
        companyName: "Move target",
        dryRun: true,
        moveId: null,
        totals: { moved: 2, unchanged: 1, consumptions: 2, emissions: 1, awaitingFactor: 1 },
      });
      expect(plan.buildings.map((b) => [b.buildingId, b.fromCompanyId, b.action])).toEqual([
        [madrid, source, "move"],
        [sevilla, source, "move"],
        [london, target, "unchanged"],
      ]);
      expect(plan.buildings[0]).toMatchObject({
        consumptions: 2,
        emissions: 1,
        awaitingFactor: 1,
        co2eBefore,
        co2eAfter: 1000 * TARGET_FACTOR,
      });
      expect(plan.buildings[1]).toMatchObject({ consumptions: 0, co2eBefore: 0, co2eAfter: 0 });
      expect((await service.buildings.get(madrid)).companyId).toBe(source);
      expect((await service.consumptions.get(electricity.id)).companyId).toBe(source);
      expect((await service.audit.list({})).pagination.total).toBe(0);
    });

    it.each([
      ["an unknown building", [madrid, unknownId], target, "not_found"],
      ["an unknown company", [madrid], unknownId, "not_found"],
      ["the same building twice", [madrid, sevilla, madrid], target, "validation"],
      ["no building", [], target, "validation"],
      ["a building id that is not a UUID", ["madrid"], target, "validation"],
    ])("refuses %s, moving nothing", async (_label, buildingIds, companyId, code) => {
      expect(await codeOf(service.buildings.move({ buildingIds, companyId }))).toBe(code);
      expect((await service.buildings.get(madrid)).companyId).toBe(source);
    });

    it("refuses a move planned when a building belonged to another company (moved meanwhile), moving nothing", async () => {
      const refused = service.buildings.move({
        buildingIds: [madrid, sevilla],
        companyId: target,
        expectedCompanyIds: [source, target],
      });
      expect(await codeOf(refused)).toBe("conflict");
      expect((await service.buildings.get(madrid)).companyId).toBe(source);
      expect((await service.buildings.get(sevilla)).companyId).toBe(source);
    });

    it("moves buildings with their consumptions and recalculates with the target's factor", async () => {
      const result = await service.buildings.move({
        buildingIds: [madrid, sevilla, london],
        companyId: target,
      });
      expect(result.dryRun).toBe(false);
      expect(result.moveId).toMatch(/^[0-9a-f-]{36}$/);
      expect(result.totals).toEqual({
        moved: 2,
        unchanged: 1,
        consumptions: 2,
        emissions: 1,
        awaitingFactor: 1,
      });
      expect((await service.buildings.get(madrid)).companyId).toBe(target);
      expect((await service.buildings.get(sevilla)).companyId).toBe(target);
      // A moved consumption keeps its id; it now belongs to the target company.
      const moved = await service.consumptions.get(electricity.id);
      expect(moved.companyId).toBe(target);
      const emissions = await service.emissions.list({ buildingId: madrid });
      // Each consumption's own line (a server without lines answers only those).
      const direct = emissions.data.filter((e) => e.line === "direct");
      const byConsumption = new Map(direct.map((e) => [e.consumptionId, e]));
      // 1,000 kWh x 0.25 kgCO2e/kWh (the target's custom factor) = 250 kgCO2e.
      expect(byConsumption.get(electricity.id)).toMatchObject({
        companyId: target,
        co2e: 250,
        factorId: "f1000000-0000-4000-8000-000000000001",
        status: "calculated",
      });
      expect(byConsumption.get(water.id)).toMatchObject({ status: "awaiting_factor", co2e: null });
      expect((await service.consumptions.list({ companyId: source })).pagination.total).toBe(0);
      // The source's vehicle stays with its company, no longer based at a building it lost.
      expect(await service.vehicles.get(vehicle)).toMatchObject({
        companyId: source,
        buildingId: null,
      });
    });

    it("writes one audit record per moved building, readable by company and building", async () => {
      const all = await service.audit.list({ companyIds: [target] });
      expect(all.pagination.total).toBe(2);
      const [first] = (await service.audit.list({ buildingId: madrid })).data;
      expect(first).toMatchObject({
        action: "buildings.move",
        buildingId: madrid,
        fromCompanyId: source,
        toCompanyId: target,
        consumptions: 2,
        emissions: 1,
        awaitingFactor: 1,
      });
      expect(first?.actor).not.toBe("");
      expect(
        new Set(all.data.map((record) => ("moveId" in record ? record.moveId : null))).size,
      ).toBe(1);
      expect((await service.audit.list({ companyIds: [unknownId] })).data).toEqual([]);
      expect((await service.audit.list({ companyIds: [] })).data).toEqual([]);
    });

    it("reports a building already in the target company as unchanged, not an error", async () => {
      const again = await service.buildings.move({ buildingIds: [madrid], companyId: target });
      expect(again.buildings[0]?.action).toBe("unchanged");
      expect(again.moveId).toBeNull();
      expect((await service.audit.list({})).pagination.total).toBe(2);
    });
  });
}
