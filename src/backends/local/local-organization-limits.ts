/** The organization limits part of the local engine: the rules in transactions, and the consolidation. */
import { consolidateSummary } from "../../core/consolidated-summary.js";
import { consolidate, consolidationSources } from "../../core/consolidation.js";
import type { BuildingsPort } from "../../core/ports/buildings.js";
import type { EmissionsPort } from "../../core/ports/emissions.js";
import type { OrganizationLimitsPort } from "../../core/ports/organization-limits.js";
import {
  getOrganizationLimit,
  listOrganizationLimits,
  upsertOrganizationLimit,
} from "../../rules/organization-limits.js";
import type { StoreTransactions } from "../../rules/store.js";

export function localOrganizationLimits(
  rules: StoreTransactions,
  service: { readonly emissions: EmissionsPort; readonly buildings: BuildingsPort },
): OrganizationLimitsPort {
  const get = (companyId: string, limitId: string) =>
    rules.read((t) => getOrganizationLimit(t, companyId, limitId));
  return {
    list: (query) => rules.read((t) => listOrganizationLimits(t, query)),
    get,
    upsert: (input) => rules.write((t) => upsertOrganizationLimit(t, input)),
    consolidate: async (companyId, limitId) =>
      consolidate(consolidationSources(service), await get(companyId, limitId)),
    consolidatedSummary: async (companyId, limitId, query) =>
      consolidateSummary(consolidationSources(service), await get(companyId, limitId), query),
  };
}
