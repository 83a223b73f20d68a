/**
 * Deleting records on the local engine, inside the caller's write transaction: every id is
 * looked up first (one not_found names all the missing ones), a building that still has
 * consumptions is refused unless they go with it (one conflict names them all), then each record
 * is deleted and gets one audit record holding what it was. Any failure rolls all of it back.
 */
import { randomUUID } from "node:crypto";
import { CarbonError, notFound } from "../../core/errors.js";
import type { DeletionAuditRecord } from "../../core/model/audit.js";
import {
  type DeletableResource,
  type DeletedRecord,
  type DeleteRequest,
  type DeletionResult,
  deletables,
  deletionCompany,
} from "../../core/model/deletion.js";
import type { GlecEntry } from "../../core/model/glec.js";
import { localActor } from "../../runtime/local-actor.js";
import {
  type DeletionParts,
  type Planned,
  planOne,
  refuseReferencedBuildings,
} from "./deletion-plans.js";

export interface DeleteCommand {
  readonly resource: DeletableResource;
  readonly ids: readonly string[];
  /** The records' company: one of another company is not found. */
  readonly companyId: string | undefined;
  readonly withConsumptions: boolean;
  readonly actor: string;
  readonly dryRun: boolean;
}

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

/** The audit record of a deleted GLEC entry (`glec.delete`). */
export function glecDeletion(entry: GlecEntry, actor: string): DeletionAuditRecord {
  return {
    id: randomUUID(),
    action: "glec.delete",
    actor,
    at: new Date().toISOString(),
    recordId: entry.id,
    companyId: entry.companyId,
    buildingId: null,
    consumptions: 0,
    emissions: 0,
    awaitingFactor: 0,
    record: { ...entry },
  };
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim().toLowerCase()))];
}

function missing(resource: DeletableResource, ids: readonly string[]): CarbonError {
  const [only, ...others] = ids;
  if (only !== undefined && others.length === 0) return notFound(deletables[resource].noun, only);
  return new CarbonError("not_found", `${deletables[resource].plural} ${ids.join(", ")} not found`);
}

/** Plans every id (or throws), then deletes and audits each, in request order. */
export function deleteRecords(parts: DeletionParts, command: DeleteCommand): DeletionResult {
  const plan = planOf(parts, command);
  const at = new Date().toISOString();
  const deleted: DeletedRecord[] = [];
  for (const planned of plan) {
    planned.remove();
    const audit: DeletionAuditRecord = {
      id: randomUUID(),
      action: deletables[command.resource].action,
      actor: command.actor,
      at,
      recordId: planned.item.id,
      companyId: planned.item.companyId,
      buildingId: planned.item.buildingId,
      consumptions: planned.item.consumptions,
      emissions: planned.emissions,
      awaitingFactor: planned.item.consumptions - planned.emissions,
      record: planned.item.record,
    };
    parts.audit.appendDeletion(audit);
    deleted.push({ ...planned.item, auditId: command.dryRun ? null : audit.id });
  }
  return { dryRun: command.dryRun, deleted };
}

function planOf(parts: DeletionParts, command: DeleteCommand): Planned[] {
  const ids = unique(command.ids);
  const found: Planned[] = [];
  const absent: string[] = [];
  for (const id of ids) {
    const planned = planOne(parts, command.resource, id);
    // A record of another company than the one named is missing to the request.
    const elsewhere =
      command.companyId !== undefined && planned?.item.companyId !== command.companyId;
    if (planned === undefined || elsewhere) absent.push(id);
    else found.push(planned);
  }
  if (absent.length > 0) throw missing(command.resource, absent);
  if (command.resource === "building") refuseReferencedBuildings(parts.db, found);
  if (command.resource === "building" && !command.withConsumptions) {
    const busy = found.filter((planned) => planned.item.consumptions > 0);
    if (busy.length > 0) {
      const list = busy
        .map((planned) => `${planned.item.id} (${planned.item.consumptions})`)
        .join(", ");
      throw new CarbonError(
        "conflict",
        `${busy.length === 1 ? "building" : "buildings"} ${list} still ${busy.length === 1 ? "has" : "have"} consumptions: nothing was deleted`,
        {
          hint: "delete them too with --with-consumptions, or move the building (carbon buildings move)",
        },
      );
    }
    const sampled = found.filter((planned) => (planned.effluents ?? 0) > 0);
    if (sampled.length > 0) {
      const list = sampled.map((planned) => `${planned.item.id} (${planned.effluents})`).join(", ");
      throw new CarbonError(
        "conflict",
        `${sampled.length === 1 ? "building" : "buildings"} ${list} still ${sampled.length === 1 ? "has" : "have"} effluent records: nothing was deleted`,
        {
          hint: "delete them too with --with-consumptions, or first with carbon effluents delete",
        },
      );
    }
  }
  const refused = found.filter((planned) => planned.refusal !== undefined);
  if (refused.length > 0) {
    throw new CarbonError(
      "conflict",
      `${refused.map((planned) => planned.refusal).join("; ")}: nothing was deleted`,
    );
  }
  return found;
}
