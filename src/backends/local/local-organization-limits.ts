/** The organization limits part of the local engine: the repository in transactions, and the consolidation. */
import { consolidateSummary } from "../../core/consolidated-summary.js";
import { consolidate, consolidationSources } from "../../core/consolidation.js";
import type { BuildingsPort } from "../../core/ports/buildings.js";
import type { EmissionsPort } from "../../core/ports/emissions.js";
import type { OrganizationLimitsPort } from "../../core/ports/organization-limits.js";
import type { OrganizationLimitRepository } from "./organization-limits.js";

interface Transactions {
  read<T>(fn: () => T): T;
  write<T>(fn: () => T): T;
}

export function localOrganizationLimits(
  limits: OrganizationLimitRepository,
  tx: Transactions,
  service: { readonly emissions: EmissionsPort; readonly buildings: BuildingsPort },
): OrganizationLimitsPort {
  const get = async (companyId: string, limitId: string) =>
    tx.read(() => limits.get(companyId, limitId));
  return {
    list: async (query) => tx.read(() => limits.list(query)),
    get,
    upsert: async (input) => tx.write(() => limits.upsert(input)),
    consolidate: async (companyId, limitId) =>
      consolidate(consolidationSources(service), await get(companyId, limitId)),
    consolidatedSummary: async (companyId, limitId, query) =>
      consolidateSummary(consolidationSources(service), await get(companyId, limitId), query),
  };
}
