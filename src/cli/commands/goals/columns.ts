import type { Goal, Task } from "../../../core/model/goal.js";
import type { GoalProgress } from "../../../core/model/goal-progress.js";
import type { Column } from "../../output/format.js";

export const goalColumns: readonly Column<Goal>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "name", value: (record) => record.name },
  { header: "baseYear", value: (record) => record.baseYear },
  { header: "targetYear", value: (record) => record.targetYear },
  { header: "scopes", value: (record) => record.scopes.join(",") },
  { header: "reductionPercent", value: (record) => record.reductionPercent, align: "right" },
  { header: "pathway", value: (record) => record.pathway },
  { header: "createdAt", value: (record) => record.createdAt },
  { header: "updatedAt", value: (record) => record.updatedAt },
];

export const taskColumns: readonly Column<Task>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "goalId", value: (record) => record.goalId },
  { header: "title", value: (record) => record.title },
  { header: "owner", value: (record) => record.owner },
  { header: "dueDate", value: (record) => record.dueDate },
  { header: "status", value: (record) => record.status },
  { header: "expectedReductionKg", value: (record) => record.expectedReductionKg, align: "right" },
  { header: "createdAt", value: (record) => record.createdAt },
  { header: "updatedAt", value: (record) => record.updatedAt },
];

export const progressColumns: readonly Column<GoalProgress>[] = [
  { header: "goalId", value: (p) => p.goalId },
  { header: "scopes", value: (p) => p.scopes.join(",") },
  { header: "baseYear", value: (p) => p.baseYear },
  { header: "baseYearKg", value: (p) => p.baseYearKg, align: "right" },
  { header: "latestYear", value: (p) => p.latestYear },
  { header: "latestYearKg", value: (p) => p.latestYearKg, align: "right" },
  { header: "targetYear", value: (p) => p.targetYear },
  { header: "targetKg", value: (p) => p.targetKg, align: "right" },
  { header: "pathway", value: (p) => p.pathway },
  { header: "pathwayKg", value: (p) => p.pathwayKg, align: "right" },
  { header: "achievedReductionPercent", value: (p) => p.achievedReductionPercent, align: "right" },
  { header: "onTrack", value: (p) => (p.onTrack === null ? null : p.onTrack ? "yes" : "no") },
  { header: "note", value: (p) => p.note },
];
