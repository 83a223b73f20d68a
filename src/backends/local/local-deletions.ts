/**
 * Deletions on the local engine: the rule (src/rules/deletions.ts) runs in the port's
 * transactions (local-service.ts); this is what the driver brings to it that is not on the port
 * yet (the request's defaults, reading consumptions), and the synchronous removal of
 * consumptions the consumption write path still calls.
 */
import {
  type DeletableResource,
  type DeleteRequest,
  deletionCompany,
} from "../../core/model/deletion.js";
import { consumptionPlanned, type FoundConsumption } from "../../rules/deletion-plans.js";
import {
  type DeleteCommand,
  deletionAudits,
  missingRecords,
  uniqueIds,
} from "../../rules/deletions.js";
import { localActor } from "../../runtime/local-actor.js";
import type { SqliteTables } from "../../store/sqlite/store.js";
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

const CONSUMPTION: DeletableResource = "consumption";

/**
 * Deletes consumptions, audited, in the caller's transaction, as `deleteRecords` does (every id
 * found or one not_found naming the missing ones, then removed, each audited under the local
 * actor); answers how many went. Transitional: the consumption write path (an import session's
 * --replace-overlapping, an invoice's lines that go) calls it synchronously, over the SQLite
 * tables, until that path is on the Store port and can await the rule.
 */
export function removeConsumptionsNow(
  tables: Pick<SqliteTables, "deletions" | "audit">,
  queries: ConsumptionQueries,
  ids: readonly string[],
): number {
  const wanted = uniqueIds(ids);
  const found = findConsumptions(queries, wanted);
  const absent = wanted.filter((_, at) => found[at] === undefined);
  if (absent.length > 0) throw missingRecords(CONSUMPTION, absent);
  const planned = found.flatMap((one) => (one === undefined ? [] : [consumptionPlanned(one)]));
  if (planned.length === 0) return 0;
  tables.deletions.remove(
    CONSUMPTION,
    planned.map((one) => one.item.id),
  );
  const at = new Date().toISOString();
  tables.audit.appendDeletions(deletionAudits(CONSUMPTION, localActor(), at, planned));
  return planned.length;
}
