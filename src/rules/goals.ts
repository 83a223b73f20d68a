/**
 * Reduction goals: upserted by id, each keeping its company, and none deleted while it still
 * has tasks (they are actions under it).
 */
import { notFound } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import { type Goal, type GoalInput, goalInputSchema } from "../core/model/goal.js";
import { ownerConflict } from "../core/ownership.js";
import type { GoalFilter } from "../core/resources/goals.js";
import { parseInput } from "../core/validate.js";
import { companyOf } from "./companies.js";
import type { StoredGoal, StoreTransaction } from "./store.js";

/** The goal with this id, with the store's keys; an unknown one is not_found. */
export async function findGoal(tx: StoreTransaction, id: string): Promise<StoredGoal> {
  const found = await tx.goals.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("goal", id);
  return found;
}

export async function getGoal(tx: StoreTransaction, id: string): Promise<Goal> {
  const { ref: _, companyRef: __, ...goal } = await findGoal(tx, id);
  return goal;
}

/** One company's page, or every company's; an unknown company is not_found. */
export async function listGoals(
  tx: StoreTransaction,
  query: GoalFilter & PageQuery,
): Promise<Page<Goal>> {
  return tx.goals.list(query);
}

/** Why a goal with `tasks` tasks cannot be deleted; undefined: it can. */
export function goalRefusal(id: string, tasks: number): string | undefined {
  if (tasks === 0) return undefined;
  return `goal ${id} still has ${tasks} ${tasks === 1 ? "task" : "tasks"}; delete them first (carbon goals tasks delete)`;
}

/** Upsert by id, replacing every field but createdAt; the company must exist and stays. */
export async function upsertGoal(tx: StoreTransaction, input: GoalInput): Promise<Goal> {
  const parsed = parseInput(goalInputSchema, input, "goal");
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const before = await tx.goals.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("goal", id, before.companyId, company.id);
  }
  await tx.goals.save(
    {
      id,
      companyRef: company.ref,
      name: parsed.name,
      baseYear: parsed.baseYear,
      targetYear: parsed.targetYear,
      scopes: parsed.scopes,
      reductionPercent: parsed.reductionPercent,
      pathway: parsed.pathway,
    },
    new Date().toISOString(),
  );
  return getGoal(tx, id);
}
