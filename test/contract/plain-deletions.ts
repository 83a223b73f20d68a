/**
 * Deleting the records that go alone (waste operators, comments, goals, tasks): the same
 * assertions on the local engine and through a real `carbon serve` (docs/deleting.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryId } from "../../src/core/ids.js";
import type { DeletableResource } from "../../src/core/model/deletion.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const acme = "d7000000-0000-4000-8000-000000000001";
const plant = "d7000000-0000-4000-8000-0000000000b1";
const operator = "d7000000-0000-4000-8000-0000000000e1";
const comment = "d7000000-0000-4000-8000-0000000000c1";
const goal = "d7000000-0000-4000-8000-0000000000f1";
const task = "d7000000-0000-4000-8000-0000000000f2";
const car = "d7000000-0000-4000-8000-0000000000a1";
const unknown = "d7000000-0000-4000-8000-0000000000ff";

export function describePlainDeletionContract(name: string, open: () => Promise<Driver>): void {
  describe(`CarbonService contract, deleting waste operators, comments, goals and tasks: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;
    const remove = (resource: DeletableResource, ids: string[], dryRun = false) =>
      service.deleteRecords({ resource, ids, dryRun });

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: acme, name: "Deleting Acme", country: "ES" });
      await service.buildings.upsert({ id: plant, companyId: acme, name: "Plant", country: "ES" });
      await service.wasteOperators.upsert({
        id: operator,
        companyId: acme,
        name: "Recycla",
        treatments: ["recycling"],
      });
      await service.comments.upsert({
        id: comment,
        companyId: acme,
        entityType: "building",
        entityId: plant,
        text: "Meter replaced in March",
      });
      await service.goals.upsert({
        id: goal,
        companyId: acme,
        name: "Halve scope 2",
        baseYear: 2023,
        targetYear: 2030,
        scopes: [2],
        reductionPercent: 50,
      });
      await service.tasks.upsert({
        id: task,
        companyId: acme,
        goalId: goal,
        title: "Green tariff",
        owner: "Facilities",
        dueDate: "2026-06-30",
        status: "todo",
      });
      await service.vehicles.upsert({
        id: car,
        companyId: acme,
        name: "Pool car",
        vehicleType: "passenger_car",
        vehicleCategory: "LAND_TRANSPORTATION",
        fuelType: "diesel",
        ownership: "owned",
        activeFrom: "2024-01-01",
      });
      await service.consumptions.upsert({
        id: "d7000000-0000-4000-8000-0000000000a2",
        entityId: car,
        categoryId: categoryId("diesel"),
        startDate: "2024-03-01T00:00:00.000Z",
        endDate: "2024-03-31T00:00:00.000Z",
        companyId: acme,
        buildingId: plant,
        quantity: 40,
        unitType: "l",
      });
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("a dry run names the record and deletes nothing", async () => {
      const plan = await remove("wasteOperator", [operator], true);
      expect(plan).toMatchObject({
        dryRun: true,
        deleted: [{ resource: "wasteOperator", id: operator, companyId: acme, auditId: null }],
      });
      expect(plan.deleted[0]?.record).toMatchObject({ name: "Recycla" });
      expect((await service.wasteOperators.get(operator)).name).toBe("Recycla");
    });

    it("a deletion's record is the record as get answers it, no field more", async () => {
      const records: [DeletableResource, string, unknown][] = [
        ["wasteOperator", operator, await service.wasteOperators.get(operator)],
        ["comment", comment, await service.comments.get(comment)],
        ["task", task, await service.tasks.get(task)],
      ];
      for (const [resource, id, record] of records) {
        const plan = await remove(resource, [id], true);
        expect(plan.deleted[0]?.record).toEqual(record);
      }
    });

    it("a goal that still has tasks is a conflict, and nothing is deleted", async () => {
      const refused = remove("goal", [goal]);
      await expect(refused).rejects.toThrow(/still has 1 task/);
      expect(await codeOf(refused)).toBe("conflict");
      expect((await service.goals.get(goal)).id).toBe(goal);
    });

    it("a vehicle that a consumption belongs to is a conflict; without it, it goes", async () => {
      const refused = remove("vehicle", [car]);
      await expect(refused).rejects.toThrow(/still has 1 consumption/);
      expect(await codeOf(refused)).toBe("conflict");
      expect((await service.vehicles.get(car)).name).toBe("Pool car");
      await remove("consumption", ["d7000000-0000-4000-8000-0000000000a2"]);
      expect((await remove("vehicle", [car])).deleted).toMatchObject([{ resource: "vehicle" }]);
      expect(await codeOf(service.vehicles.get(car))).toBe("not_found");
    });

    it("an unknown id is not_found, and the known ids beside it stay", async () => {
      expect(await codeOf(remove("comment", [comment, unknown]))).toBe("not_found");
      expect((await service.comments.get(comment)).text).toBe("Meter replaced in March");
    });

    it("each record goes, audited: the task, then its goal, the comment and the operator", async () => {
      for (const [resource, id] of [
        ["task", task],
        ["goal", goal],
        ["comment", comment],
        ["wasteOperator", operator],
      ] as const) {
        const result = await remove(resource, [id]);
        expect(result.deleted).toMatchObject([{ resource, id, companyId: acme }]);
      }
      for (const read of [
        () => service.tasks.get(task),
        () => service.goals.get(goal),
        () => service.comments.get(comment),
        () => service.wasteOperators.get(operator),
      ]) {
        expect(await codeOf(read())).toBe("not_found");
      }
      const audit = await service.audit.list({ companyIds: [acme], limit: 100 });
      const actions = audit.data.map((record) => record.action).sort();
      expect(
        actions.filter(
          (action) => !action.startsWith("consumptions") && action !== "vehicles.delete",
        ),
      ).toEqual([
        "comments.delete",
        "goals.delete",
        "goals.tasks.delete",
        "waste-operators.delete",
      ]);
    });
  });
}
