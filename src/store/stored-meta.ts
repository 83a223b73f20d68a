/**
 * What both stores keep under their meta keys (SQLite's `meta`, PostgreSQL's `carbon_meta`):
 * the library version in use, the one of emissions stored before calculation records, and the
 * calculation policy, decoded alike.
 */
import type { CalculationPolicy } from "../core/model/calculation-policy.js";
import { databaseGwpSets, proxyPolicies } from "../core/model/factor.js";

/** The current release's version (docs/factor-library.md). */
export const LIBRARY_VERSION_KEY = "factor_library_version";
/** The library version of emissions stored without a calculation record. */
export const LEGACY_LIBRARY_VERSION_KEY = "library_version_before_lines";
/** The GWP set every CO2e of the database is stated in. */
export const GWP_SET_KEY = "gwp_set";
/** Whether designated proxies may stand in ("allow") or not ("refuse"). */
export const PROXY_POLICY_KEY = "proxy_policy";

export const DEFAULT_POLICY: CalculationPolicy = { gwpSet: "AR5", proxies: "allow" };

/** The policy of the stored values; a value absent, or one this build does not know, is the default. */
export function policyOf(
  gwpSet: string | undefined | null,
  proxies: string | undefined | null,
): CalculationPolicy {
  return {
    gwpSet: databaseGwpSets.find((set) => set === gwpSet) ?? DEFAULT_POLICY.gwpSet,
    proxies: proxyPolicies.find((policy) => policy === proxies) ?? DEFAULT_POLICY.proxies,
  };
}
