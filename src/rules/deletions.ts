/**
 * Deleting records, inside the caller's write transaction: every id is looked up first (one
 * not_found names all the missing ones), a building that still has consumptions is refused
 * unless they go with it (one conflict names them all), then the records are removed and each
 * gets one audit record holding what it was, in request order. Any failure rolls all of it back;
 * a dry run's caller rolls it back too.
 */
import { randomUUID } from "node:crypto";
import { CarbonError, notFound } from "../core/errors.js";
import type { DeletionAuditRecord } from "../core/model/audit.js";
import {
  type DeletableResource,
  type DeletedRecord,
  type DeletionResult,
  deletables,
} from "../core/model/deletion.js";
import type { GlecEntry } from "../core/model/glec.js";
import { type DeletionDriver, type Planned, planDeletion } from "./deletion-plans.js";
import type { StoreTransaction } from "./store.js";

/** A delete request with its defaults settled (the driver's `deleteCommand`). */
export interface DeleteCommand {
  readonly resource: DeletableResource;
  readonly ids: readonly string[];
  /** The records' company: one of another company is not found. */
  readonly companyId: string | undefined;
  readonly withConsumptions: boolean;
  readonly actor: string;
  readonly dryRun: boolean;
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

/** The request's ids, trimmed and in lower case, each once, in the order first named. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim().toLowerCase()))];
}

/** The not_found of the ids no record of the resource has (all of them named). */
export function missingRecords(resource: DeletableResource, ids: readonly string[]): CarbonError {
  const [only, ...others] = ids;
  if (only !== undefined && others.length === 0) return notFound(deletables[resource].noun, only);
  return new CarbonError("not_found", `${deletables[resource].plural} ${ids.join(", ")} not found`);
}

/** The audit records of the planned records' deletion, in their order, all at `at`. */
export function deletionAudits(
  resource: DeletableResource,
  actor: string,
  at: string,
  planned: readonly Planned[],
): DeletionAuditRecord[] {
  return planned.map((one) => ({
    id: randomUUID(),
    action: deletables[resource].action,
    actor,
    at,
    recordId: one.item.id,
    companyId: one.item.companyId,
    buildingId: one.item.buildingId,
    consumptions: one.item.consumptions,
    emissions: one.emissions,
    awaitingFactor: one.item.consumptions - one.emissions,
    record: one.item.record,
  }));
}

/** Plans every id (or throws), then removes the records and audits each, in request order. */
export async function deleteRecords(
  tx: StoreTransaction,
  command: DeleteCommand,
  driver: DeletionDriver,
): Promise<DeletionResult> {
  const ids = uniqueIds(command.ids);
  const plan = await planDeletion(tx, command.resource, ids, driver);
  const found: Planned[] = [];
  const absent: string[] = [];
  for (const [at, id] of ids.entries()) {
    const planned = plan.found[at];
    // A record of another company than the one named is missing to the request.
    const elsewhere =
      command.companyId !== undefined && planned?.item.companyId !== command.companyId;
    if (planned === undefined || elsewhere) absent.push(id);
    else found.push(planned);
  }
  if (absent.length > 0) throw missingRecords(command.resource, absent);
  if (command.resource === "building") refuseBuildings(found, command.withConsumptions);
  const refused = found.filter((planned) => planned.refusal !== undefined);
  if (refused.length > 0) {
    throw new CarbonError(
      "conflict",
      `${refused.map((planned) => planned.refusal).join("; ")}: nothing was deleted`,
    );
  }
  await plan.remove(found);
  const audits = deletionAudits(command.resource, command.actor, new Date().toISOString(), found);
  await tx.audit.appendDeletions(audits);
  const deleted = found.map(
    (planned, at): DeletedRecord => ({
      ...planned.item,
      auditId: command.dryRun ? null : (audits[at]?.id ?? null),
    }),
  );
  return { dryRun: command.dryRun, deleted };
}

/** "building a (1)" or "buildings a (1), b (2)", and the verb that goes with it. */
function buildingsNamed(named: readonly string[]) {
  const one = named.length === 1;
  return {
    one,
    subject: `${one ? "building" : "buildings"} ${named.join(", ")} still ${one ? "has" : "have"}`,
  };
}

/**
 * Buildings that something still names are refused whole: an invoice names its building, and an
 * organization limit its member buildings (a consolidation by it would find the member gone).
 * Their consumptions and effluent records go with them only when the request says so.
 */
function refuseBuildings(found: readonly Planned[], withConsumptions: boolean): void {
  const refusals = [
    {
      count: (planned: Planned) => planned.building?.invoices ?? 0,
      what: (_one: boolean) => "invoices",
      hint: "delete the invoices first (carbon invoices delete), or move the building",
    },
    {
      count: (planned: Planned) => planned.building?.limits ?? 0,
      what: (one: boolean) => `organization limits that list ${one ? "it" : "them"} as a member`,
      hint: "take the building out of the limits first (carbon organization-limits upsert), or move the building",
    },
  ];
  if (!withConsumptions) {
    refusals.push(
      {
        count: (planned) => planned.item.consumptions,
        what: () => "consumptions",
        hint: "delete them too with --with-consumptions, or move the building (carbon buildings move)",
      },
      {
        count: (planned) => planned.building?.effluents ?? 0,
        what: () => "effluent records",
        hint: "delete them too with --with-consumptions, or first with carbon effluents delete",
      },
    );
  }
  for (const refusal of refusals) {
    const named = found.flatMap((planned) => {
      const count = refusal.count(planned);
      return count === 0 ? [] : [`${planned.item.id} (${count})`];
    });
    if (named.length === 0) continue;
    const { one, subject } = buildingsNamed(named);
    throw new CarbonError("conflict", `${subject} ${refusal.what(one)}: nothing was deleted`, {
      hint: refusal.hint,
    });
  }
}
