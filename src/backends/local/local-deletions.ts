/**
 * Deletions on the local engine: the rule (src/rules/deletions.ts) runs in the port's
 * transactions (local-service.ts); the driver brings the request's defaults.
 */
import { type DeleteRequest, deletionCompany } from "../../core/model/deletion.js";
import type { DeleteCommand } from "../../rules/deletions.js";
import { localActor } from "../../runtime/local-actor.js";

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
