/**
 * Deletions on the local engine: the rule (src/rules/deletions.ts) runs in the port's
 * transactions (local-service.ts); this is what the driver brings to it that is not on the port
 * yet (the request's defaults, reading consumptions).
 */
import { type DeleteRequest, deletionCompany } from "../../core/model/deletion.js";
import type { FoundConsumption } from "../../rules/deletion-plans.js";
import type { DeleteCommand } from "../../rules/deletions.js";
import { localActor } from "../../runtime/local-actor.js";
import type { ConsumptionQueries } from "./queries.js";

/** The port's request with its defaults: the local actor is the OS user. */
export function deleteCommand(request: DeleteRequest): DeleteCommand {
  return {
    resource: request.resource,
    ids: request.ids,
    companyId: deletionCompany(request),
    withConsumptions: request.withConsumptions === true,
    actor: request.actor ?? localActor(),
    dryRun: request.dryRun === true,
  };
}

/** Each id's consumption, and whether its first emission line is calculated; in the ids' order. */
export function findConsumptions(
  queries: ConsumptionQueries,
  ids: readonly string[],
): (FoundConsumption | undefined)[] {
  return ids.map((id) => {
    const consumption = queries.findConsumption(id);
    if (consumption === undefined) return undefined;
    return { consumption, calculated: queries.emissionOf(id).status === "calculated" };
  });
}
