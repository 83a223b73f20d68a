/** The progress arithmetic of a reduction goal, each case worked out by hand. */
import { describe, expect, it } from "vitest";
import { computeGoalProgress, type GoalTerms } from "../../../src/core/goal-progress.js";

const goal = (change: Partial<GoalTerms>): GoalTerms => ({
  id: "7b1e0c2a-1111-4222-8333-444455556666",
  companyId: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
  baseYear: 2020,
  targetYear: 2030,
  scopes: [1, 2],
  reductionPercent: 50,
  pathway: "linear",
  ...change,
});

describe("computeGoalProgress", () => {
  it.each([
    {
      what: "linear, below the pathway: on track",
      // target = 1000 × (1 − 0.5) = 500; pathway 2024 = 1000 − (1000 − 500) × 4/10 = 800
      goal: goal({}),
      years: [
        [2020, 1000],
        [2022, 900],
        [2024, 750],
      ],
      expected: {
        latestYear: 2024,
        latestYearKg: 750,
        targetKg: 500,
        pathwayKg: 800,
        achievedReductionPercent: 25,
        onTrack: true,
      },
    },
    {
      what: "linear, above the pathway: off track",
      // pathway 2024 = 800 as above; 850 > 800
      goal: goal({}),
      years: [
        [2020, 1000],
        [2024, 850],
      ],
      expected: {
        latestYear: 2024,
        latestYearKg: 850,
        targetKg: 500,
        pathwayKg: 800,
        achievedReductionPercent: 15,
        onTrack: false,
      },
    },
    {
      what: "linear, exactly on the pathway: on track",
      // target = 2000 × (1 − 0.42) = 1160; pathway 2023 = 2000 − 840 × 3/7 = 1640
      goal: goal({ baseYear: 2020, targetYear: 2027, reductionPercent: 42 }),
      years: [
        [2020, 2000],
        [2023, 1640],
      ],
      expected: { targetKg: 1160, pathwayKg: 1640, achievedReductionPercent: 18, onTrack: true },
    },
    {
      what: "linear, past the target year: the pathway stays at the target",
      // target = 1000 × 0.5 = 500; 2032 is after 2030, so the pathway allows 500; 520 > 500
      goal: goal({}),
      years: [
        [2020, 1000],
        [2032, 520],
      ],
      expected: { latestYear: 2032, pathwayKg: 500, achievedReductionPercent: 48, onTrack: false },
    },
    {
      what: "no pathway: on track while below the base",
      // target = 1000 × (1 − 0.3) = 700; no pathway, so 990 ≤ 1000 is on track
      goal: goal({ pathway: null, reductionPercent: 30 }),
      years: [
        [2020, 1000],
        [2021, 990],
      ],
      expected: { targetKg: 700, pathwayKg: null, achievedReductionPercent: 1, onTrack: true },
    },
    {
      what: "no pathway, emissions grew: off track, a negative reduction",
      // (1000 − 1100) / 1000 × 100 = −10
      goal: goal({ pathway: null }),
      years: [
        [2020, 1000],
        [2021, 1100],
      ],
      expected: { achievedReductionPercent: -10, onTrack: false },
    },
    {
      what: "only the base year: latest is the base, on track",
      // pathway 2020 = 1000 − 500 × 0/10 = 1000; 1000 ≤ 1000
      goal: goal({}),
      years: [
        [2019, 5000],
        [2020, 1000],
      ],
      expected: {
        latestYear: 2020,
        latestYearKg: 1000,
        pathwayKg: 1000,
        achievedReductionPercent: 0,
        onTrack: true,
      },
    },
  ])("$what", ({ goal: g, years, expected }) => {
    const progress = computeGoalProgress(g, new Map(years.map(([y, kg]) => [y ?? 0, kg ?? 0])));
    expect(progress.baseYearKg).not.toBeNull();
    expect(progress.note).toBeNull();
    const close = Object.entries(expected).map(([key, value]) => [
      key,
      typeof value === "number" ? expect.closeTo(value, 9) : value,
    ]);
    expect(progress).toMatchObject(Object.fromEntries(close));
  });

  it("a base year without emissions is stated, not a zero", () => {
    const progress = computeGoalProgress(goal({}), new Map([[2021, 900]]));
    expect(progress).toMatchObject({
      baseYearKg: null,
      latestYear: null,
      targetKg: null,
      pathwayKg: null,
      onTrack: null,
    });
    expect(progress.note).toBe("no emissions of scopes 1, 2 stored for the base year 2020");
  });
});
