import { type CustomFactor, customFactorSchema } from "./factor.js";
import { type RecalculationReport, recalculationReportSchema } from "./recalculation.js";

/** What `factors custom create` did: the factor, and what its recalculation moved. */
export interface CustomFactorChange {
  readonly factor: CustomFactor;
  /** Per company, scope and category; null when the server does not report it. */
  readonly recalculation: RecalculationReport | null;
}

/**
 * carbon serve's answer to `POST /emission-factors/custom` (our extension): the factor as stored
 * (or as it would be, `?dryRun=true`) and the recalculation it caused.
 */
export const customFactorChangeSchema = customFactorSchema.extend({
  recalculation: recalculationReportSchema,
});

/** A server's recalculation beside the factor, read tolerantly: anything else is none. */
export const answeredRecalculationSchema = recalculationReportSchema.nullable().catch(null);
