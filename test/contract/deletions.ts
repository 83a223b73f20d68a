/**
 * The deletions part of the CarbonService contract (docs/deleting.md), run by local.test.ts and
 * remote.test.ts: the same assertions on the local engine and on the remote engine through a
 * real `carbon serve` (where a consumption is removed by an upsert with `removedAt`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryId, consumptionId } from "../../src/core/ids.js";
import type { ConsumptionInput } from "../../src/core/model/consumption.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const company = "de000000-0000-4000-8000-000000000001";
const madrid = "de000000-0000-4000-8000-0000000000b1";
const sevilla = "de000000-0000-4000-8000-0000000000b2";
const empty = "de000000-0000-4000-8000-0000000000b3";
const unknownId = "99999999-9999-4999-8999-999999999999";

function bill(buildingId: string, entityId: string, endDate: string): ConsumptionInput {
  const base = {
    entityId,
    categoryId: categoryId("electricity"),
    startDate: "2024-01-01T00:00:00.000Z",
    endDate,
    companyId: company,
    buildingId,
    quantity: 1000,
    unitType: "kWh",
  };
  return { id: consumptionId(base), ...base };
}

export function describeDeletionContract(name: string, open: () => Promise<Driver>): void {
  describe(`CarbonService contract, deletions: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;
    const january = bill(madrid, "INV-1", "2024-01-31T00:00:00.000Z");
    const sevillaBill = bill(sevilla, "INV-2", "2024-01-31T00:00:00.000Z");
    const consumptionIds = async (): Promise<string[]> =>
      (await service.consumptions.list({ companyId: company, limit: 500 })).data.map((c) => c.id);

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: company, name: "Deletions", country: "ES" });
      for (const [id, buildingName] of [
        [madrid, "Madrid"],
        [sevilla, "Sevilla"],
        [empty, "Empty"],
      ] as const) {
        await service.buildings.upsert({
          id,
          companyId: company,
          name: buildingName,
          country: "ES",
        });
      }
      await service.consumptions.upsert(january);
      await service.consumptions.upsert(sevillaBill);
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("a dry run answers what would go and deletes nothing", async () => {
      const plan = await service.deleteRecords({
        resource: "consumption",
        ids: [january.id],
        dryRun: true,
      });
      expect(plan).toMatchObject({
        dryRun: true,
        deleted: [
          { resource: "consumption", id: january.id, companyId: company, buildingId: madrid },
        ],
      });
      expect(plan.deleted[0]?.auditId).toBeNull();
      expect(plan.deleted[0]?.record).toMatchObject({ entityId: "INV-1", quantity: 1000 });
      expect(await consumptionIds()).toContain(january.id);
    });

    it("an unknown id among known ones is not_found and deletes none of them", async () => {
      const request = { resource: "consumption" as const, ids: [january.id, unknownId] };
      expect(await codeOf(service.deleteRecords(request))).toBe("not_found");
      expect(await consumptionIds()).toContain(january.id);
    });

    it("deletes a consumption with its emission, audited with what it was", async () => {
      const result = await service.deleteRecords({ resource: "consumption", ids: [january.id] });
      expect(result.dryRun).toBe(false);
      expect(result.deleted.map((d) => d.id)).toEqual([january.id]);
      expect(await codeOf(service.consumptions.get(january.id))).toBe("not_found");
      const emissions = await service.emissions.list({ companyId: company, limit: 500 });
      expect(emissions.data.map((e) => e.consumptionId)).not.toContain(january.id);
      const audit = await service.audit.list({ companyIds: [company] });
      const record = audit.data[0];
      expect(record).toMatchObject({
        action: "consumptions.delete",
        recordId: january.id,
        companyId: company,
        buildingId: madrid,
        consumptions: 1,
        emissions: 1,
        awaitingFactor: 0,
        record: { id: january.id, entityId: "INV-1", quantity: 1000, unitType: "kWh" },
      });
      expect(record?.id).toBe(result.deleted[0]?.auditId);
      expect(record?.actor).not.toBe("");
      expect((await service.audit.list({ buildingId: madrid })).data.map((r) => r.id)).toContain(
        record?.id,
      );
    });

    it("a deleted consumption upserted again comes back", async () => {
      const again = await service.consumptions.upsert(january);
      expect(again.outcome).toBe("inserted");
      expect(again.emission?.status).toBe("calculated");
      expect(await consumptionIds()).toContain(january.id);
    });

    it("refuses a building that still has consumptions, unless they go with it", async () => {
      const refused = service.deleteRecords({ resource: "building", ids: [sevilla, empty] });
      expect(await codeOf(refused)).toBe("conflict");
      expect((await service.buildings.get(empty)).id).toBe(empty);
      const result = await service.deleteRecords({
        resource: "building",
        ids: [sevilla, empty],
        withConsumptions: true,
      });
      expect(result.deleted.map((d) => [d.id, d.consumptions])).toEqual([
        [sevilla, 1],
        [empty, 0],
      ]);
      expect(await codeOf(service.buildings.get(sevilla))).toBe("not_found");
      expect(await codeOf(service.consumptions.get(sevillaBill.id))).toBe("not_found");
      const audit = await service.audit.list({ buildingId: sevilla });
      expect(audit.data[0]).toMatchObject({
        action: "buildings.delete",
        recordId: sevilla,
        consumptions: 1,
        record: { name: "Sevilla" },
      });
    });

    it("deleting a custom factor recalculates its company's emissions with the library's", async () => {
      const library = (await service.consumptions.upsert(january)).emission?.co2e;
      const factorId = "de000000-0000-4000-8000-0000000000f1";
      await service.customFactors.upsert({
        id: factorId,
        companyId: company,
        categoryId: categoryId("electricity"),
        basis: "location",
        year: null,
        unit: "kWh",
        co2e: 0.5,
        source: "Own contract",
      });
      const custom = await service.emissions.list({ companyId: company });
      expect(custom.data.find((e) => e.consumptionId === january.id)?.co2e).toBeCloseTo(500, 9);
      const result = await service.deleteRecords({ resource: "customFactor", ids: [factorId] });
      expect(result.deleted[0]).toMatchObject({ resource: "customFactor", companyId: company });
      expect((await service.customFactors.list({ companyId: company })).data).toEqual([]);
      const after = await service.emissions.list({ companyId: company });
      expect(after.data.find((e) => e.consumptionId === january.id)?.co2e).toBe(library);
    });

    it("deletes a supplier, audited", async () => {
      const { id } = await service.suppliers.upsert({
        companyId: company,
        type: "suppliers",
        name: "Iberdrola",
        externalId: "PRV-1",
      });
      await service.deleteRecords({ resource: "supplier", ids: [id] });
      expect((await service.suppliers.list({ companyId: company })).data).toEqual([]);
      const audit = await service.audit.list({ companyIds: [company] });
      expect(audit.data[0]).toMatchObject({
        action: "suppliers.delete",
        recordId: id,
        buildingId: null,
        record: { name: "Iberdrola" },
      });
      expect(await codeOf(service.deleteRecords({ resource: "supplier", ids: [id] }))).toBe(
        "not_found",
      );
    });
  });
}
