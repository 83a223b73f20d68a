/**
 * Tasks of reduction goals as a plain resource (docs/goals.md). The spec has the listing
 * (`GET /goals/tasks`); the upsert and the get by id are extensions. A task's goal must exist
 * in the task's company (src/rules/tasks.ts).
 */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type Task,
  type TaskInput,
  taskAnswerSchema,
  taskInputSchema,
  taskSchema,
} from "../model/goal.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid } from "./fields.js";

/** Without a company: every company the token sees; with a goal, that goal's tasks. */
export interface TaskFilter {
  readonly companyId?: string;
  readonly goalId?: string;
}

export const tasksResource: ResourceDescriptor<Task, TaskInput, TaskFilter> = {
  name: "tasks",
  singular: "task",
  record: taskSchema,
  answer: taskAnswerSchema,
  input: taskInputSchema,
  schemaNames: { record: "Task", input: "TaskInput" },
  filter: z.strictObject({ companyId: uuidSchema.optional(), goalId: uuidSchema.optional() }),
  filterFields: { companyId: oneUuid.optional(), goalId: oneUuid.optional() },
  listQuery: (filter) => ({ companyId: filter.companyId, goalId: filter.goalId }),
  order: [
    { name: "dueDate", value: (record) => record.dueDate ?? "" },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<Task, TaskInput, TaskFilter>(),
  everything: {},
  writers: ["admin", "member"],
  operations: {
    list: { path: "/goals/tasks", spec: true },
    get: { path: "/goals/tasks/{id}", spec: false },
    upsert: { path: "/goals/tasks", spec: false },
  },
  summaries: {
    list: "List tasks of reduction goals, of one company or goal, or of every company the token sees",
    get: "Get one task",
    upsert: "Create or update a task by its id (member, admin)",
  },
  upsertRefusal: {
    what: "writing tasks",
    instead: "write tasks in the service itself, or against carbon serve",
  },
  upsertNote: "404 when the goal is not the task company's",
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly tasks: {
      readonly record: Task;
      readonly input: TaskInput;
      readonly filter: TaskFilter;
    };
  }
}
