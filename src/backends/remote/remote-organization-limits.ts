/**
 * The organization limits part of the remote engine: the interface's get always; the list and
 * the upsert only where the server announces them. The consolidation is computed here from the
 * server's emission dashboards (as goal progress is), so it works against any server.
 */
import { z } from "zod";
import { consolidateSummary } from "../../core/consolidated-summary.js";
import { consolidate, consolidationSources } from "../../core/consolidation.js";
import { operationExtension } from "../../core/extensions.js";
import { organizationLimitAnswerSchema } from "../../core/model/organization-limit.js";
import { answerPageSchema, unwrapRecord } from "../../core/model/wire.js";
import { organizationLimitPaths as paths } from "../../core/organization-limit-paths.js";
import type { BuildingsPort } from "../../core/ports/buildings.js";
import type { EmissionsPort } from "../../core/ports/emissions.js";
import type { OrganizationLimitsPort } from "../../core/ports/organization-limits.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { fillPath, presentFields } from "./resource-client.js";

const answer = z.preprocess(unwrapRecord, organizationLimitAnswerSchema);
const page = answerPageSchema(organizationLimitAnswerSchema);

export function remoteOrganizationLimits(
  client: HttpClient,
  capabilities: ServerCapabilities,
  parts: { readonly emissions: EmissionsPort; readonly buildings: BuildingsPort },
): OrganizationLimitsPort {
  const get = (companyId: string, limitId: string) =>
    client.request("GET", fillPath(paths.get, { id: companyId, limitId }), { schema: answer });
  return {
    async list(query) {
      await capabilities.require(
        operationExtension("GET", paths.list),
        "listing organization limits",
        "read one limit by id: carbon organization-limits get LIMIT_ID --company COMPANY",
      );
      return client.request("GET", fillPath(paths.list, { id: query.companyId }), {
        schema: page,
        query: { page: query.page, limit: query.limit },
      });
    },
    get,
    async upsert(input) {
      await capabilities.require(
        operationExtension("POST", paths.upsert),
        "writing organization limits",
        "write limits in the service itself, or against carbon serve",
      );
      return client.request("POST", fillPath(paths.upsert, { id: input.companyId }), {
        schema: answer,
        body: presentFields(input),
      });
    },
    consolidate: async (companyId, limitId) =>
      consolidate(consolidationSources(parts), await get(companyId, limitId)),
    consolidatedSummary: async (companyId, limitId, query) =>
      consolidateSummary(consolidationSources(parts), await get(companyId, limitId), query),
  };
}
