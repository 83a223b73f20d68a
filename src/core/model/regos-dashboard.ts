import { z } from "zod";
import { answerIdSchema, answerNumberSchema } from "./wire.js";

/** The specification's route of the dashboard. */
export const REGOS_DASHBOARD_PATH = "/companies/{id}/buildings/regos-dashboard";

/**
 * One row of the regos dashboard (docs/certificates.md#the-dashboard): a building's electricity,
 * or the part of it billed to one supply point (CUPS), in the period asked.
 */
export const regosRowSchema = z.object({
  buildingId: z.uuid(),
  buildingName: z.string(),
  /** The supply point; null for the building's electricity billed to none. */
  cup: z.string().nullable(),
  consumedKwh: z.number(),
  /** kWh that certificates cover (zero market-based emissions). */
  coveredKwh: z.number(),
  /** coveredKwh / consumedKwh × 100; null when nothing was consumed. */
  coveragePercent: z.number().nullable(),
  locationKg: z.number(),
  marketKg: z.number(),
});
export type RegosRow = z.infer<typeof regosRowSchema>;

/** A row as any server answers it: the building needed, missing figures read as none. */
export const regosRowAnswerSchema = z
  .object({
    buildingId: answerIdSchema,
    buildingName: z.string().nullable().default(null),
    cup: z.string().nullable().default(null),
    consumedKwh: answerNumberSchema.nullable().default(null),
    coveredKwh: answerNumberSchema.nullable().default(null),
    coveragePercent: answerNumberSchema.nullable().default(null),
    locationKg: answerNumberSchema.nullable().default(null),
    marketKg: answerNumberSchema.nullable().default(null),
  })
  .loose();
export type RegosAnswerRow = z.output<typeof regosRowAnswerSchema>;

/** What the dashboard is asked for: a company, optionally a building, a supply point, a period. */
export interface RegosQuery {
  readonly companyId: string;
  readonly buildingId?: string;
  readonly cup?: string;
  /** Calendar days `YYYY-MM-DD`, both inclusive. */
  readonly startDate?: string;
  readonly endDate?: string;
  readonly page?: number;
  readonly limit?: number;
}
