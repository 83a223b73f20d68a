import { z } from "zod";
import { scopeSchema, uuidSchema } from "./common.js";

/** A reduction goal's progress (docs/goals.md#progress), as carbon serve answers it. */
export const goalProgressSchema = z.object({
  goalId: uuidSchema,
  companyId: uuidSchema,
  baseYear: z.number().int(),
  targetYear: z.number().int(),
  scopes: z.array(scopeSchema),
  reductionPercent: z.number(),
  pathway: z.string().nullable(),
  /** kgCO2e of the base year; null when no emission of the goal's scopes is stored for it. */
  baseYearKg: z.number().nullable(),
  /** The last year from the base year on with emissions of the goal's scopes. */
  latestYear: z.number().int().nullable(),
  latestYearKg: z.number().nullable(),
  /** baseYearKg × (1 − reductionPercent / 100). */
  targetKg: z.number().nullable(),
  /** What the pathway allows in the latest year (the target after the target year); null without one. */
  pathwayKg: z.number().nullable(),
  /** (base − latest) / base × 100; negative when emissions grew. */
  achievedReductionPercent: z.number().nullable(),
  /** latest ≤ pathway value, or without a pathway latest ≤ base; null without base-year emissions. */
  onTrack: z.boolean().nullable(),
  /** Why there is no progress, when there is none. */
  note: z.string().nullable(),
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;
