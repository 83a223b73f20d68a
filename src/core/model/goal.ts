import { z } from "zod";
import {
  isoDateSchema,
  isoDateTimeSchema,
  noControlCharacters,
  scopeSchema,
  uuidSchema,
} from "./common.js";
import {
  answerDateTimeSchema,
  answerIdSchema,
  answerIntegerSchema,
  answerNumberSchema,
} from "./wire.js";

/**
 * Reduction goals and their tasks (docs/goals.md): a goal cuts a company's emissions of some
 * scopes by a percentage between a base year and a target year; a task is an action under it.
 */
export const goalPathways = ["linear"] as const;
export type GoalPathway = (typeof goalPathways)[number];

export const taskStatuses = ["todo", "in_progress", "done", "cancelled"] as const;
export type TaskStatus = (typeof taskStatuses)[number];

const yearSchema = z
  .number({ error: "expected a year such as 2024" })
  .int("expected a whole year")
  .min(1990, "expected a year from 1990 to 2100")
  .max(2100, "expected a year from 1990 to 2100");

/** A non-empty set of scopes, each once, in ascending order; a scope written as text is read. */
export const goalScopesSchema = z
  .array(answerIntegerSchema.pipe(scopeSchema), { error: "expected a list of scopes 1, 2, 3" })
  .min(1, "expected at least one scope of 1, 2, 3")
  .transform((values) => scopeSchema.options.map((o) => o.value).filter((s) => values.includes(s)));

const nameSchema = (what: string) =>
  z.string().trim().check(noControlCharacters).min(1, `expected a non-empty ${what}`).max(200);

export const goalInputSchema = z
  .strictObject({
    id: uuidSchema,
    companyId: uuidSchema,
    name: nameSchema("name"),
    baseYear: yearSchema,
    targetYear: yearSchema,
    scopes: goalScopesSchema,
    reductionPercent: z
      .number({ error: "expected a percentage" })
      .gt(0, "expected a percentage above 0")
      .max(100, "expected a percentage of at most 100"),
    pathway: z
      .enum(goalPathways, { error: "expected linear" })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((goal, ctx) => {
    if (goal.targetYear <= goal.baseYear) {
      ctx.addIssue({
        code: "custom",
        path: ["targetYear"],
        message: `expected a target year after the base year ${goal.baseYear}, got ${goal.targetYear}`,
      });
    }
  });
export type GoalInput = z.input<typeof goalInputSchema>;

/** A goal as carbon serve answers it (and documents it). */
export const goalSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  baseYear: z.number().int(),
  targetYear: z.number().int(),
  scopes: z.array(scopeSchema),
  reductionPercent: z.number(),
  pathway: z.enum(goalPathways).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/** A goal as any server of the interface answers it: id, company and name needed. */
const goalAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  name: z.string(),
  baseYear: answerIntegerSchema.nullable().default(null),
  targetYear: answerIntegerSchema.nullable().default(null),
  scopes: z.array(answerIntegerSchema).default([]),
  reductionPercent: answerNumberSchema.nullable().default(null),
  pathway: z.string().nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const goalAnswerSchema = goalAnswerFields.loose();
export type Goal = z.output<typeof goalAnswerFields>;

export const taskInputSchema = z.strictObject({
  id: uuidSchema,
  companyId: uuidSchema,
  goalId: uuidSchema,
  title: nameSchema("title"),
  owner: nameSchema("owner"),
  dueDate: isoDateSchema,
  status: z.enum(taskStatuses, { error: `expected one of ${taskStatuses.join(", ")}` }),
  expectedReductionKg: z
    .number({ error: "expected kilograms of CO2e" })
    .min(0, "expected kilograms of at least 0")
    .nullish()
    .transform((v) => v ?? null),
});
export type TaskInput = z.input<typeof taskInputSchema>;

/** A task as carbon serve answers it (and documents it). */
export const taskSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  goalId: uuidSchema,
  title: z.string(),
  owner: z.string(),
  dueDate: z.string(),
  status: z.enum(taskStatuses),
  expectedReductionKg: z.number().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/** A task as any server of the interface answers it: id, company and title needed. */
const taskAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  goalId: answerIdSchema.nullable().default(null),
  title: z.string(),
  owner: z.string().nullable().default(null),
  dueDate: z.string().nullable().default(null),
  status: z.string().nullable().default(null),
  expectedReductionKg: answerNumberSchema.nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
export const taskAnswerSchema = taskAnswerFields.loose();
export type Task = z.output<typeof taskAnswerFields>;
