/**
 * Reduction goals as a plain resource (docs/goals.md). The spec has the listing
 * (`GET /goals`); the upsert and the get by id are extensions, the get read from the listing
 * where a server does not offer it.
 */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type Goal,
  type GoalInput,
  goalAnswerSchema,
  goalInputSchema,
  goalSchema,
} from "../model/goal.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid } from "./fields.js";

/** Without a company: every company the token sees. */
export interface GoalFilter {
  readonly companyId?: string;
}

export const goalsResource: ResourceDescriptor<Goal, GoalInput, GoalFilter> = {
  name: "goals",
  singular: "goal",
  record: goalSchema,
  // What a remote answer needs (a server of the spec may answer fewer fields); unknown fields kept.
  answer: goalAnswerSchema,
  input: goalInputSchema,
  schemaNames: { record: "Goal", input: "GoalInput" },
  filter: z.strictObject({ companyId: uuidSchema.optional() }),
  filterFields: { companyId: oneUuid.optional() },
  listQuery: (filter) => ({ companyId: filter.companyId }),
  order: [
    { name: "name", value: (record) => record.name },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<Goal, GoalInput, GoalFilter>(),
  // The spec's listing without a company holds every goal the token sees: a get reads it.
  everything: {},
  writers: ["admin", "member"],
  operations: {
    list: { path: "/goals", spec: true },
    get: { path: "/goals/{id}", spec: false },
    upsert: { path: "/goals", spec: false },
  },
  summaries: {
    list: "List reduction goals, of one company or of every company the token sees",
    get: "Get one reduction goal",
    upsert: "Create or update a reduction goal by its id (member, admin)",
  },
  upsertRefusal: {
    what: "writing goals",
    instead: "write goals in the service itself, or against carbon serve",
  },
  upsertNote: "422 when the target year is not after the base year",
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly goals: {
      readonly record: Goal;
      readonly input: GoalInput;
      readonly filter: GoalFilter;
    };
  }
}
