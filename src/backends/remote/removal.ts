/**
 * Deleting over HTTP. The specification has no DELETE for consumptions: the hosted service
 * removes one when it is upserted (`POST /consumptions`) with `removedAt` set, so that is what is
 * sent, with the record as `GET /consumptions/{id}` gave it. That answer is our consumption, or
 * the hosted service's `{id, data: {...}}`; the removal's answer is ours (`{outcome: "removed",
 * deleted: [...]}`, naming the audit record) or the hosted `{status: "ok", ...}`, which names none.
 * The other resources have no deletion in the specification: they use our extension routes
 * (`DELETE /buildings/{id}`... as `deletables` lists them; checked first with `?dryRun=true`),
 * only when the server announces them; otherwise a usage error, nothing sent.
 */
import { z } from "zod";
import { CarbonError, isCarbonError, notFound } from "../../core/errors.js";
import { DRY_RUN_EXTENSION, operationExtension } from "../../core/extensions.js";
import {
  type ConsumptionInput,
  consumptionRecordAnswerSchema,
} from "../../core/model/consumption.js";
import {
  type DeletableResource,
  type DeletedRecord,
  type DeleteRequest,
  type DeletionResult,
  deletables,
  deletionCompany,
  deletionPathValues,
  deletionResultSchema,
  type RoutedDeletable,
} from "../../core/model/deletion.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { runLimited } from "./limiter.js";
import { fillPath } from "./resource-client.js";

/** Our answer (the record itself) or the hosted one (`{id, data}`), as one record. */
export const fetchedConsumptionSchema = consumptionRecordAnswerSchema.transform((record) => ({
  ...record,
  id: record.id.toLowerCase(),
}));
export type FetchedConsumption = z.output<typeof fetchedConsumptionSchema>;

/** What the removal answered: ours names the audit record; anything else is accepted as done. */
const removalAnswerSchema = z.union([
  deletionResultSchema.loose(),
  z.unknown().transform(() => undefined),
]);

function planned(record: FetchedConsumption): DeletedRecord {
  return {
    resource: "consumption",
    id: record.id,
    companyId: record.companyId.toLowerCase(),
    buildingId: record.buildingId.toLowerCase(),
    consumptions: 1,
    auditId: null,
    record,
  };
}

/** The spec's nine fields, as a removal sends them. */
function inputOf(record: FetchedConsumption | ConsumptionInput): ConsumptionInput {
  return {
    id: record.id,
    entityId: record.entityId,
    categoryId: record.categoryId,
    startDate: record.startDate,
    endDate: record.endDate,
    companyId: record.companyId,
    buildingId: record.buildingId,
    quantity: record.quantity,
    unitType: record.unitType,
  };
}

export function fetchConsumption(client: HttpClient, id: string): Promise<FetchedConsumption> {
  return client.request("GET", `/consumptions/${encodeURIComponent(id)}`, {
    schema: fetchedConsumptionSchema,
  });
}

/**
 * Removes one consumption (`POST /consumptions` with `removedAt`). Answers our audit record's id
 * when the server gives one; a not_found answer means it is gone already (a retried request).
 */
export async function removeConsumption(
  client: HttpClient,
  record: FetchedConsumption | ConsumptionInput,
): Promise<string | null> {
  try {
    const answer = await client.request("POST", "/consumptions", {
      body: { ...inputOf(record), removedAt: new Date().toISOString() },
      schema: removalAnswerSchema,
    });
    return answer?.deleted[0]?.auditId ?? null;
  } catch (error) {
    if (isCarbonError(error) && error.code === "not_found") return null;
    throw error;
  }
}

/** The port's `deleteRecords` over HTTP. */
export function remoteDeleteRecords(
  client: HttpClient,
  concurrency: number,
  capabilities: ServerCapabilities,
): (request: DeleteRequest) => Promise<DeletionResult> {
  async function deleteConsumptions(request: DeleteRequest): Promise<DeletionResult> {
    const ids = [...new Set(request.ids.map((id) => id.trim().toLowerCase()))];
    const records = new Map<string, FetchedConsumption>();
    // Every record first: an unknown id stops everything before anything is removed.
    await runLimited(ids, concurrency, async (id) => {
      records.set(id, await fetchConsumption(client, id));
    });
    const plans = ids.flatMap((id) => {
      const record = records.get(id);
      return record === undefined ? [] : [planned(record)];
    });
    refuseElsewhere("consumption", plans, deletionCompany(request));
    if (request.dryRun === true) return { dryRun: true, deleted: plans };
    const auditIds = new Map<string, string | null>();
    try {
      await runLimited(plans, concurrency, async (plan) => {
        const record = records.get(plan.id);
        if (record !== undefined) auditIds.set(plan.id, await removeConsumption(client, record));
      });
    } catch (error) {
      throw partly(error, auditIds.size, plans.length);
    }
    return {
      dryRun: false,
      deleted: plans.map((plan) => ({ ...plan, auditId: auditIds.get(plan.id) ?? null })),
    };
  }

  async function deleteOthers(
    resource: RoutedDeletable,
    request: DeleteRequest,
  ): Promise<DeletionResult> {
    const { route, plural } = deletables[resource];
    const companyId = deletionCompany(request);
    const instead = `delete them in the service itself (its web app)`;
    await capabilities.require(
      operationExtension("DELETE", route),
      `deleting ${plural} (DELETE ${route})`,
      instead,
    );
    // The check pass below is a dry run: a server that would ignore dryRun is never asked.
    await capabilities.require(DRY_RUN_EXTENSION, "dry runs of deletions", instead);
    const ids = [...new Set(request.ids.map((id) => id.trim().toLowerCase()))];
    const send = (id: string, dryRun: boolean) =>
      client.request("DELETE", fillPath(route, deletionPathValues(resource, id, companyId)), {
        schema: deletionResultSchema,
        query: {
          dryRun: dryRun ? "true" : undefined,
          withConsumptions: request.withConsumptions === true ? "true" : undefined,
        },
      });
    // Every record checked first (found, allowed, no consumptions left behind).
    const plans: DeletedRecord[] = [];
    for (const id of ids) plans.push(...(await send(id, true)).deleted);
    refuseElsewhere(resource, plans, companyId);
    if (request.dryRun === true) return { dryRun: true, deleted: plans };
    const deleted: DeletedRecord[] = [];
    try {
      for (const id of ids) deleted.push(...(await send(id, false)).deleted);
    } catch (error) {
      throw partly(error, deleted.length, ids.length);
    }
    return { dryRun: false, deleted };
  }

  return (request) =>
    request.resource === "consumption"
      ? deleteConsumptions(request)
      : deleteOthers(request.resource, request);
}

/** A record of another company than the one named is missing to the request, as locally. */
function refuseElsewhere(
  resource: DeletableResource,
  plans: readonly DeletedRecord[],
  companyId: string | undefined,
): void {
  const elsewhere = plans.filter((plan) => companyId !== undefined && plan.companyId !== companyId);
  if (elsewhere.length === 0) return;
  throw notFound(deletables[resource].noun, elsewhere.map((plan) => plan.id).join(", "));
}

/** A failure part way: the server keeps what it deleted before it. */
function partly(error: unknown, done: number, total: number): unknown {
  if (!isCarbonError(error) || done === 0) return error;
  return new CarbonError(error.code, `${error.message} (${done} of ${total} were deleted before)`, {
    issues: error.issues,
    hint: error.hint ?? "run the same command again without the ids already deleted",
    cause: error,
  });
}
