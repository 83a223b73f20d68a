/**
 * Goals' and tasks' own rules: a task under a goal of its own company, a goal's years and
 * reduction in bounds, scopes kept once in order, a record keeping its company, and the progress
 * on stored emissions. The same assertions against the local engine and a real `carbon serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryId } from "../../src/core/ids.js";
import type { GoalInput, TaskInput } from "../../src/core/model/goal.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const acme = "a4000000-0000-4000-8000-000000000001";
const other = "a4000000-0000-4000-8000-000000000002";
const hq = "a4100000-0000-4000-8000-000000000001";
const goal = "f6000000-0000-4000-8000-000000000001";
const otherGoal = "f6000000-0000-4000-8000-000000000002";
const task = "f7000000-0000-4000-8000-000000000001";
const unknown = "f6000000-0000-4000-8000-0000000000ff";

const goalInput = (change: Partial<GoalInput> = {}): GoalInput => ({
  id: goal,
  companyId: acme,
  name: "Halve scopes 1 and 2",
  baseYear: 2023,
  targetYear: 2030,
  scopes: [1, 2],
  reductionPercent: 50,
  pathway: "linear",
  ...change,
});

const taskInput = (change: Partial<TaskInput> = {}): TaskInput => ({
  id: task,
  companyId: acme,
  goalId: goal,
  title: "Heat pumps",
  owner: "Facilities",
  dueDate: "2026-06-30",
  status: "todo",
  ...change,
});

export function describeGoalContract(name: string, open: () => Promise<Driver>): void {
  describe(`goals contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: acme, name: "Goal Acme", country: "ES" });
      await service.companies.upsert({ id: other, name: "Goal Other", country: "ES" });
      await service.buildings.upsert({ id: hq, companyId: acme, name: "HQ", country: "ES" });
      await service.goals.upsert(goalInput({ scopes: [2, 1, 2] }));
      await service.goals.upsert(goalInput({ id: otherGoal, companyId: other }));
      await service.tasks.upsert(taskInput());
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("keeps the scopes once each, in order", async () => {
      expect((await service.goals.get(goal)).scopes).toEqual([1, 2]);
    });

    it.each([
      ["a target year equal to the base year", { targetYear: 2023 }],
      ["a target year before the base year", { targetYear: 2020 }],
      ["a year out of range", { baseYear: 1900 }],
      ["a reduction of 0", { reductionPercent: 0 }],
      ["a reduction above 100", { reductionPercent: 100.01 }],
      ["no scope", { scopes: [] }],
    ])("refuses a goal with %s, and keeps what was stored", async (_what, change) => {
      const before = await service.goals.get(goal);
      expect(await codeOf(service.goals.upsert(goalInput({ name: "Changed", ...change })))).toBe(
        "validation",
      );
      expect(await service.goals.get(goal)).toEqual(before);
    });

    it("takes a reduction of exactly 100", async () => {
      const stored = await service.goals.upsert(goalInput({ reductionPercent: 100 }));
      expect(stored.reductionPercent).toBe(100);
      await service.goals.upsert(goalInput({ scopes: [1, 2] }));
    });

    it.each([
      ["an unknown goal", unknown],
      ["a goal of another company", otherGoal],
    ])("a task under %s is not found, and nothing is stored", async (_what, goalId) => {
      const before = await service.tasks.get(task);
      expect(await codeOf(service.tasks.upsert(taskInput({ goalId, title: "Moved" })))).toBe(
        "not_found",
      );
      expect(await service.tasks.get(task)).toEqual(before);
    });

    it("a goal keeps its company: writing its id for another is a conflict", async () => {
      expect(await codeOf(service.goals.upsert(goalInput({ companyId: other })))).toBe("conflict");
      expect((await service.goals.get(goal)).companyId).toBe(acme);
    });

    it("lists tasks by goal, and an unknown goal's tasks are not found", async () => {
      const listed = await service.tasks.list({ goalId: goal });
      expect(listed.data.map((t) => t.id)).toEqual([task]);
      expect((await service.tasks.list({ goalId: otherGoal })).data).toEqual([]);
    });

    it("progress on stored emissions of two years", async () => {
      const bill = (id: string, year: number, kWh: number) => ({
        id,
        companyId: acme,
        buildingId: hq,
        entityId: `ELEC-${year}`,
        // EEA ES 2023 for the base year; 2025 takes the nearest earlier year's (2024)
        categoryId: categoryId("electricity"),
        startDate: `${year}-02-01T00:00:00.000Z`,
        endDate: `${year}-02-28T00:00:00.000Z`,
        quantity: kWh,
        unitType: "kWh",
      });
      await service.consumptions.upsert(bill("a4200000-0000-4000-8000-000000000001", 2023, 10000));
      await service.consumptions.upsert(bill("a4200000-0000-4000-8000-000000000002", 2025, 7000));
      const summary = await service.emissions.summarize({
        companyId: acme,
        groupBy: ["year", "scope"],
      });
      // The goal's scopes (1 and 2): the gas bills' well-to-tank lines are scope 3.
      const kg = (year: string) =>
        summary.groups
          .filter((g) => g.key.year === year && g.key.scope !== "3")
          .reduce((sum, g) => sum + g.co2e, 0);
      const base = kg("2023");
      const latest = kg("2025");
      expect(base).toBeGreaterThan(0);
      const progress = await service.goals.progress(goal);
      // target = base × 0.5; pathway 2025 = base − (base − target) × 2/7
      expect(progress).toMatchObject({
        baseYearKg: expect.closeTo(base, 6),
        latestYear: 2025,
        latestYearKg: expect.closeTo(latest, 6),
        targetKg: expect.closeTo(base * 0.5, 6),
        pathwayKg: expect.closeTo(base - (base * 0.5 * 2) / 7, 6),
        onTrack: latest <= base - (base * 0.5 * 2) / 7,
      });
      expect(await codeOf(service.goals.progress(unknown))).toBe("not_found");
    });
  });
}
