/**
 * A database's calculation policy (docs/factor-library.md): the GWP set every CO2e is stated in
 * and whether designated proxies may stand in. Changing it recalculates every emission.
 */
import { z } from "zod";
import { uuidSchema } from "./common.js";
import { databaseGwpSetSchema, proxyPolicies } from "./factor.js";

export const calculationPolicySchema = z.object({
  gwpSet: databaseGwpSetSchema,
  proxies: z.enum(proxyPolicies),
});
export type CalculationPolicy = z.infer<typeof calculationPolicySchema>;

/** One company's emissions before and after a policy change, kg (location- and market-based totals). */
export const policyCompanyChangeSchema = z.object({
  companyId: uuidSchema,
  companyName: z.string(),
  emissions: z.number().int(),
  /** Emissions whose figures moved. */
  changed: z.number().int(),
  co2eBefore: z.number(),
  co2eAfter: z.number(),
  co2eMarketBasedBefore: z.number(),
  co2eMarketBasedAfter: z.number(),
  awaitingFactorBefore: z.number().int(),
  awaitingFactorAfter: z.number().int(),
});
export type PolicyCompanyChange = z.infer<typeof policyCompanyChangeSchema>;

export const policyChangeResultSchema = z.object({
  before: calculationPolicySchema,
  after: calculationPolicySchema,
  dryRun: z.boolean(),
  /** Emissions recalculated (every emission of the database when the policy moved). */
  recalculated: z.number().int(),
  /** The GWP-100 per-gas factors are restated with (the library's rows of the set); null: none. */
  gwp: z.object({ ch4: z.number(), n2o: z.number() }).nullable(),
  companies: z.array(policyCompanyChangeSchema),
});
export type PolicyChangeResult = z.infer<typeof policyChangeResultSchema>;

export interface PolicyChange {
  readonly gwpSet?: CalculationPolicy["gwpSet"];
  readonly proxies?: CalculationPolicy["proxies"];
  /** Calculate everything, store nothing. */
  readonly dryRun: boolean;
}
