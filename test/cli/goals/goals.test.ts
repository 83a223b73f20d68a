/**
 * `carbon goals` and `carbon goals tasks` through main(), on a local database file and against a
 * real `carbon serve` on port 0: the happy path, the progress on emissions imported from a CSV
 * of two years, and bad input refused with cli.md's exit code and nothing stored.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Goal, Task } from "../../../src/core/model/goal.js";
import type { GoalProgress } from "../../../src/core/model/goal-progress.js";
import { bothEngines, type Engine } from "../engines.js";
import { tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const OTHER_CO = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e70";
const GOAL = "7b1e0c2a-1111-4222-8333-444455556666";
const EMPTY_GOAL = "7b1e0c2a-1111-4222-8333-444455556667";
const TASK = "9c2f1d3b-1111-4222-8333-444455556666";
const OTHER = "9c2f1d3b-1111-4222-8333-444455556667";

/** Natural gas (scope 1) and electricity (scope 2) in 2023 and 2024; 2024 uses less of both. */
const BILLS = [
  "building,category,startDate,endDate,quantity,unit",
  "HQ,natural_gas,2023-03-01,2023-03-31,10000,kWh",
  "HQ,electricity,2023-03-01,2023-03-31,20000,kWh",
  "HQ,natural_gas,2024-03-01,2024-03-31,8000,kWh",
  "HQ,electricity,2024-03-01,2024-03-31,14000,kWh",
].join("\n");

describe.each(bothEngines)("carbon goals on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    for (const [id, name] of [
      [ACME, "Acme"],
      [OTHER_CO, "Other"],
    ] as const) {
      const company = await engine.carbon(
        "companies",
        "create",
        "--id",
        id,
        "--name",
        name,
        "--country",
        "ES",
      );
      expect(company.code, company.stderr).toBe(0);
    }
    const building = await engine.carbon(
      "buildings",
      "create",
      "--company",
      "Acme",
      "--name",
      "HQ",
      "--country",
      "ES",
    );
    expect(building.code, building.stderr).toBe(0);
    const csv = path.join(tempDir(), "bills.csv");
    fs.writeFileSync(csv, `${BILLS}\n`);
    const imported = await engine.carbon("consumptions", "import", csv, "--company", ACME);
    expect(imported.code, imported.stderr).toBe(0);
    const created = await engine.carbon(
      "goals",
      "create",
      "--id",
      GOAL,
      "--company",
      "Acme",
      "--name",
      "Scope 1+2 -42% by 2030",
      "--base-year",
      "2023",
      "--target-year",
      "2030",
      "--scope",
      "2,1",
      "--reduction",
      "42",
      "--pathway",
      "linear",
      "--json",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const task = await engine.carbon(
      "goals",
      "tasks",
      "create",
      "--id",
      TASK,
      "--company",
      "Acme",
      "--goal",
      GOAL,
      "--title",
      "LED retrofit",
      "--owner",
      "Facilities",
      "--due",
      "2026-06-30",
      "--status",
      "todo",
      "--expected-reduction",
      "12000",
      "--json",
    );
    expect(task.stderr).toBe("");
    expect(task.code).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function goals(): Promise<Goal[]> {
    const listed = await engine.carbon("goals", "list", "--company", ACME, "--json");
    expect(listed.code).toBe(0);
    return JSON.parse(listed.stdout);
  }

  async function tasks(): Promise<Task[]> {
    const listed = await engine.carbon("goals", "tasks", "list", "--company", ACME, "--json");
    expect(listed.code).toBe(0);
    return JSON.parse(listed.stdout);
  }

  it("upsert stores every field of a goal and a task; get and list show them", async () => {
    const got = await engine.carbon("goals", "get", GOAL, "--json");
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      id: GOAL,
      companyId: ACME,
      baseYear: 2023,
      targetYear: 2030,
      scopes: [1, 2],
      reductionPercent: 42,
      pathway: "linear",
    });
    const task = await engine.carbon("goals", "tasks", "get", TASK, "--json");
    expect(JSON.parse(task.stdout)).toMatchObject({
      id: TASK,
      goalId: GOAL,
      title: "LED retrofit",
      owner: "Facilities",
      dueDate: "2026-06-30",
      status: "todo",
      expectedReductionKg: 12000,
    });
    const byGoal = await engine.carbon("goals", "tasks", "list", "--goal", GOAL, "--json");
    expect(JSON.parse(byGoal.stdout).map((t: Task) => t.id)).toEqual([TASK]);
  });

  it("progress: the base year's and the latest year's totals, the target, the pathway, on track", async () => {
    const emissions = await engine.carbon(
      "emissions",
      "list",
      "--company",
      ACME,
      "--all",
      "--json",
    );
    expect(emissions.code, emissions.stderr).toBe(0);
    const rows: { startDate: string; co2e: number; scope: number }[] = JSON.parse(emissions.stdout);
    // The goal's scopes, 1 and 2: the bills' category 3 lines (scope 3) are not in it.
    const total = (year: string) =>
      rows
        .filter((r) => r.startDate.startsWith(year) && r.scope !== 3)
        .reduce((sum, r) => sum + r.co2e, 0);
    const base = total("2023");
    const latest = total("2024");
    expect(base).toBeGreaterThan(0);
    const outcome = await engine.carbon("goals", "progress", GOAL, "--json");
    expect(outcome.stderr).toBe("");
    const progress: GoalProgress = JSON.parse(outcome.stdout);
    expect(progress.baseYearKg).toBeCloseTo(base, 6);
    expect(progress.latestYear).toBe(2024);
    expect(progress.latestYearKg).toBeCloseTo(latest, 6);
    // target = base × (1 − 0.42); pathway in 2024 = base − (base − target) × (2024 − 2023) / (2030 − 2023)
    const target = base * 0.58;
    expect(progress.targetKg).toBeCloseTo(target, 6);
    expect(progress.pathwayKg).toBeCloseTo(base - (base - target) / 7, 6);
    expect(progress.achievedReductionPercent).toBeCloseTo(((base - latest) / base) * 100, 6);
    expect(progress.onTrack).toBe(latest <= base - (base - target) / 7);
    const table = await engine.carbon("goals", "progress", GOAL);
    expect(table.stdout).toContain("onTrack");
  });

  it("progress of a goal whose base year has no emissions says so (no figures, exit 0)", async () => {
    const created = await engine.carbon(
      "goals",
      "create",
      "--id",
      EMPTY_GOAL,
      "--company",
      ACME,
      "--name",
      "From 2020",
      "--base-year",
      "2020",
      "--target-year",
      "2030",
      "--scope",
      "3",
      "--reduction",
      "30",
    );
    expect(created.code, created.stderr).toBe(0);
    const progress: GoalProgress = JSON.parse(
      (await engine.carbon("goals", "progress", EMPTY_GOAL, "--json")).stdout,
    );
    expect(progress).toMatchObject({ baseYearKg: null, latestYear: null, onTrack: null });
    expect(progress.note).toContain("2020");
  });

  it.each([
    [
      "a target year not after the base year",
      3,
      ["--base-year", "2030", "--target-year", "2030", "--scope", "1", "--reduction", "10"],
      "targetYear",
    ],
    [
      "a reduction of 0",
      3,
      ["--base-year", "2020", "--target-year", "2030", "--scope", "1", "--reduction", "0"],
      "reductionPercent",
    ],
    [
      "a reduction above 100",
      3,
      ["--base-year", "2020", "--target-year", "2030", "--scope", "1", "--reduction", "101"],
      "reductionPercent",
    ],
    [
      "scope 4",
      2,
      ["--base-year", "2020", "--target-year", "2030", "--scope", "1,4", "--reduction", "10"],
      "--scope",
    ],
    [
      "a year that is no year",
      2,
      ["--base-year", "20x0", "--target-year", "2030", "--scope", "1", "--reduction", "10"],
      "--base-year",
    ],
    [
      "a pathway we do not know",
      2,
      [
        "--base-year",
        "2020",
        "--target-year",
        "2030",
        "--scope",
        "1",
        "--reduction",
        "10",
        "--pathway",
        "curved",
      ],
      "--pathway",
    ],
  ] as const)(
    "a goal with %s: exit %d, named, nothing stored",
    async (_what, code, args, named) => {
      const before = await goals();
      const outcome = await engine.carbon(
        "goals",
        "upsert",
        "--company",
        ACME,
        "--id",
        OTHER,
        "--name",
        "Bad",
        ...args,
      );
      expect(outcome.stderr).toContain(named);
      expect(outcome.code).toBe(code);
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
      expect(await goals()).toEqual(before);
    },
  );

  it.each([
    ["an unknown goal", 5, ["--goal", OTHER, "--due", "2026-01-01", "--status", "todo"], OTHER],
    [
      "a goal of another company",
      5,
      ["--goal", GOAL, "--due", "2026-01-01", "--status", "todo", "--company", OTHER_CO],
      GOAL,
    ],
    [
      "a date that is no date",
      3,
      ["--goal", GOAL, "--due", "2026-02-30", "--status", "todo"],
      "dueDate",
    ],
    [
      "a status we do not know",
      2,
      ["--goal", GOAL, "--due", "2026-01-01", "--status", "started"],
      "--status",
    ],
    [
      "a negative expected reduction",
      2,
      ["--goal", GOAL, "--due", "2026-01-01", "--status", "todo", "--expected-reduction", "-5"],
      "--expected-reduction",
    ],
  ] as const)(
    "a task with %s: exit %d, named, nothing stored",
    async (_what, code, args, named) => {
      const before = await tasks();
      const outcome = await engine.carbon(
        "goals",
        "tasks",
        "upsert",
        "--id",
        OTHER,
        "--company",
        ACME,
        "--title",
        "Bad",
        "--owner",
        "Me",
        ...args,
      );
      expect(outcome.stderr).toContain(named);
      expect(outcome.code).toBe(code);
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
      expect(await tasks()).toEqual(before);
    },
  );

  it("an unknown goal is not found (exit 5) for get and progress", async () => {
    expect((await engine.carbon("goals", "get", OTHER)).code).toBe(5);
    expect((await engine.carbon("goals", "progress", OTHER)).code).toBe(5);
    expect((await engine.carbon("goals", "progress", "nope")).code).toBe(2);
  });
});
