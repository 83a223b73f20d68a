/**
 * A reduction goal's progress from the stored emissions (docs/goals.md#progress): the
 * base-year and latest-year totals of the goal's scopes, location-based, against the target
 * and, for a linear pathway, the value the pathway allows in the latest year.
 */
import type { Scope } from "./model/common.js";
import type { Goal } from "./model/goal.js";
import type { GoalProgress } from "./model/goal-progress.js";
import type { EmissionsPort } from "./ports/emissions.js";
import type { PortOf } from "./resource-types.js";

function isScope(value: number | null): value is Scope {
  return value === 1 || value === 2 || value === 3;
}

/** The arithmetic alone, from the goal and its scopes' kgCO2e by calendar year. */
export function computeGoalProgress(
  goal: Goal,
  kgByYear: ReadonlyMap<number, number>,
): GoalProgress {
  const baseYear = goal.baseYear ?? 0;
  const targetYear = goal.targetYear ?? 0;
  const reductionPercent = goal.reductionPercent ?? 0;
  const fixed = {
    goalId: goal.id,
    companyId: goal.companyId,
    baseYear,
    targetYear,
    scopes: goal.scopes.filter(isScope),
    reductionPercent,
    pathway: goal.pathway,
  };
  const baseYearKg = kgByYear.get(baseYear);
  if (baseYearKg === undefined) {
    return {
      ...fixed,
      baseYearKg: null,
      latestYear: null,
      latestYearKg: null,
      targetKg: null,
      pathwayKg: null,
      achievedReductionPercent: null,
      onTrack: null,
      note: `no emissions of scopes ${fixed.scopes.join(", ")} stored for the base year ${baseYear}`,
    };
  }
  const latestYear = Math.max(...[...kgByYear.keys()].filter((year) => year >= baseYear));
  const latestYearKg = kgByYear.get(latestYear) ?? baseYearKg;
  const targetKg = baseYearKg * (1 - reductionPercent / 100);
  const elapsed = Math.min(1, (latestYear - baseYear) / (targetYear - baseYear));
  const pathwayKg =
    goal.pathway === "linear" ? baseYearKg - (baseYearKg - targetKg) * elapsed : null;
  return {
    ...fixed,
    baseYearKg,
    latestYear,
    latestYearKg,
    targetKg,
    pathwayKg,
    achievedReductionPercent:
      baseYearKg === 0 ? null : ((baseYearKg - latestYearKg) / baseYearKg) * 100,
    onTrack: latestYearKg <= (pathwayKg ?? baseYearKg),
    note: null,
  };
}

/** Reads the goal and its scopes' emissions by year from any engine, then computes. */
export async function goalProgress(
  service: { readonly goals: PortOf<"goals">; readonly emissions: EmissionsPort },
  id: string,
): Promise<GoalProgress> {
  const goal = await service.goals.get(id);
  const scopes = goal.scopes.filter(isScope);
  const summary = await service.emissions.summarize({
    companyId: goal.companyId,
    ...(scopes.length > 0 ? { scopes } : {}),
    groupBy: ["year"],
  });
  const kgByYear = new Map<number, number>();
  for (const group of summary.groups) {
    const year = Number(group.key.year);
    if (Number.isInteger(year) && group.count > 0) kgByYear.set(year, group.co2e);
  }
  return computeGoalProgress(goal, kgByYear);
}
