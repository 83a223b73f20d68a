/**
 * Tasks of reduction goals: upserted by id under a goal of their own company, each keeping its
 * company.
 */
import { notFound } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import { type Task, type TaskInput, taskInputSchema } from "../core/model/goal.js";
import { notInCompany, ownerConflict } from "../core/ownership.js";
import type { TaskFilter } from "../core/resources/tasks.js";
import { parseInput } from "../core/validate.js";
import { companyOf } from "./companies.js";
import type { Owned, StoreTransaction } from "./store.js";

/** The task with this id, with its company's key; an unknown one is not_found. */
export async function findTask(tx: StoreTransaction, id: string): Promise<Owned<Task>> {
  const found = await tx.tasks.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("task", id);
  return found;
}

export async function getTask(tx: StoreTransaction, id: string): Promise<Task> {
  const { companyRef: _, ...task } = await findTask(tx, id);
  return task;
}

/** One company's or goal's page, or every company's; an unknown company or goal is not_found. */
export async function listTasks(
  tx: StoreTransaction,
  query: TaskFilter & PageQuery,
): Promise<Page<Task>> {
  return tx.tasks.list(query);
}

/**
 * Upsert by id, replacing every field but createdAt. The company must exist, the goal must be
 * one of the company's (not_found either way), and a task keeps its company (conflict).
 */
export async function upsertTask(tx: StoreTransaction, input: TaskInput): Promise<Task> {
  const parsed = parseInput(taskInputSchema, input, "task");
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const goal = await tx.goals.find(parsed.goalId.trim().toLowerCase());
  if (goal === undefined || goal.companyRef !== company.ref) {
    throw notInCompany(
      { what: "goal", id: parsed.goalId, field: "goalId" },
      company,
      "a task belongs to a goal of its own company: see carbon goals list --company",
    );
  }
  const before = await tx.tasks.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("task", id, before.companyId, company.id);
  }
  await tx.tasks.save(
    {
      id,
      companyRef: company.ref,
      goalRef: goal.ref,
      title: parsed.title,
      owner: parsed.owner,
      dueDate: parsed.dueDate,
      status: parsed.status,
      expectedReductionKg: parsed.expectedReductionKg,
    },
    new Date().toISOString(),
  );
  return getTask(tx, id);
}
