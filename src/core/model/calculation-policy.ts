/**
 * A database's calculation policy (docs/factor-library.md): the GWP set every CO2e is stated in
 * and whether designated proxies may stand in. Changing it recalculates every emission.
 */
import { z } from "zod";
import { databaseGwpSetSchema, proxyPolicies } from "./factor.js";
import { recalculationReportSchema } from "./recalculation.js";

export const calculationPolicySchema = z.object({
  gwpSet: databaseGwpSetSchema,
  proxies: z.enum(proxyPolicies),
});
export type CalculationPolicy = z.infer<typeof calculationPolicySchema>;

export const policyChangeResultSchema = z.object({
  before: calculationPolicySchema,
  after: calculationPolicySchema,
  dryRun: z.boolean(),
  /** The GWP-100 per-gas factors are restated with (the library's rows of the set); null: none. */
  gwp: z.object({ ch4: z.number(), n2o: z.number() }).nullable(),
  /** Every emission recalculated under the new policy, as `emissions recalculate` reports it. */
  recalculation: recalculationReportSchema,
});
export type PolicyChangeResult = z.infer<typeof policyChangeResultSchema>;

export interface PolicyChange {
  readonly gwpSet?: CalculationPolicy["gwpSet"];
  readonly proxies?: CalculationPolicy["proxies"];
  /** Calculate everything, store nothing. */
  readonly dryRun: boolean;
}
