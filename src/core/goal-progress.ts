/**
 * A reduction goal's progress from the stored emissions (docs/goals.md#progress): the
 * base-year and latest-year totals of the goal's scopes, location-based, against the target
 * and, for a linear pathway, the value the pathway allows in the latest year.
 */
import { CarbonError } from "./errors.js";
import type { Scope } from "./model/common.js";
import type { Goal } from "./model/goal.js";
import type { GoalProgress } from "./model/goal-progress.js";
import type { EmissionsPort } from "./ports/emissions.js";
import type { PortOf } from "./resource-types.js";

function isScope(value: number | null): value is Scope {
  return value === 1 || value === 2 || value === 3;
}

/** What the arithmetic needs of a goal (a remote answer may lack some: then it has no progress). */
export interface GoalTerms {
  readonly id: string;
  readonly companyId: string;
  readonly baseYear: number;
  readonly targetYear: number;
  readonly scopes: readonly Scope[];
  readonly reductionPercent: number;
  readonly pathway: string | null;
}

/** The arithmetic alone, from the goal and its scopes' kgCO2e by calendar year. */
export function computeGoalProgress(
  goal: GoalTerms,
  kgByYear: ReadonlyMap<number, number>,
): GoalProgress {
  const { baseYear, targetYear, reductionPercent } = goal;
  const fixed = {
    goalId: goal.id,
    companyId: goal.companyId,
    baseYear,
    targetYear,
    scopes: [...goal.scopes],
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

/** The goal's terms; a goal a server answered without them has no progress to compute. */
function termsOf(goal: Goal): GoalTerms {
  const { baseYear, targetYear, reductionPercent } = goal;
  const scopes = goal.scopes.filter(isScope);
  if (
    baseYear === null ||
    targetYear === null ||
    reductionPercent === null ||
    scopes.length === 0
  ) {
    throw new CarbonError(
      "usage",
      `the server does not offer goal ${goal.id}'s baseYear, targetYear, scopes and reductionPercent, so its progress cannot be computed`,
      { hint: "see the goal in the service itself" },
    );
  }
  return { ...goal, baseYear, targetYear, reductionPercent, scopes };
}

/** Reads the goal and its scopes' emissions by year from any engine, then computes. */
export async function goalProgress(
  service: { readonly goals: PortOf<"goals">; readonly emissions: EmissionsPort },
  id: string,
): Promise<GoalProgress> {
  const goal = termsOf(await service.goals.get(id));
  const scopes = goal.scopes;
  const summary = await service.emissions.summarize({
    companyId: goal.companyId,
    scopes,
    groupBy: ["year"],
  });
  const kgByYear = new Map<number, number>();
  for (const group of summary.groups) {
    const year = Number(group.key.year);
    if (Number.isInteger(year) && group.count > 0) kgByYear.set(year, group.co2e);
  }
  return computeGoalProgress(goal, kgByYear);
}
