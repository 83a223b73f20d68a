/**
 * Deleting invoices over HTTP. `DELETE /invoices/{id}` is the hosted service's, not the
 * specification's: where a server announces it with dry runs (carbon serve) it is used as the
 * other deletions are; on any other server each invoice is found first (`get`, which reads the
 * listing where the server has no get by id), a dry run stops there, and a 404 or 405 to the
 * DELETE means the server does not offer it: a usage error (exit 2) naming the server.
 */

import { z } from "zod";
import { isCarbonError } from "../../core/errors.js";
import { DRY_RUN_EXTENSION, operationExtension } from "../../core/extensions.js";
import type { DeletedRecord, DeleteRequest, DeletionResult } from "../../core/model/deletion.js";
import { deletionResultSchema } from "../../core/model/deletion.js";
import { invoicesResource } from "../../core/resources/invoices.js";
import { notOffered, type ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { remoteResource } from "./resource-client.js";

export const INVOICE_DELETE_PATH = "/invoices/{id}";

/** Ours names the audit record; the hosted service's answer is accepted as done. */
const answerSchema = z.union([
  deletionResultSchema.loose(),
  z.unknown().transform(() => undefined),
]);

/** Whether the server announces the route and dry runs: then deletions.ts's way applies. */
export async function announcesInvoiceDelete(capabilities: ServerCapabilities): Promise<boolean> {
  return (
    (await capabilities.offers(operationExtension("DELETE", INVOICE_DELETE_PATH))) &&
    (await capabilities.offers(DRY_RUN_EXTENSION))
  );
}

/** Deletes invoices on a server that does not announce the route (the hosted service). */
export async function deleteUnannouncedInvoices(
  client: HttpClient,
  capabilities: ServerCapabilities,
  request: DeleteRequest,
): Promise<DeletionResult> {
  const invoices = remoteResource(client, capabilities, invoicesResource);
  const ids = [...new Set(request.ids.map((id) => id.trim().toLowerCase()))];
  const plans: DeletedRecord[] = [];
  // Every invoice first: an unknown id stops everything before anything is sent.
  for (const id of ids) {
    const invoice = await invoices.get(id);
    plans.push({
      resource: "invoice",
      id,
      companyId: invoice.companyId.toLowerCase(),
      buildingId: invoice.buildingId?.toLowerCase() ?? null,
      consumptions: invoice.lines.filter((line) => line.emissionEntityId !== null).length,
      auditId: null,
      record: { ...invoice },
    });
  }
  if (request.dryRun === true) return { dryRun: true, deleted: plans };
  const deleted: DeletedRecord[] = [];
  for (const plan of plans) {
    try {
      const answer = await client.request("DELETE", `/invoices/${encodeURIComponent(plan.id)}`, {
        schema: answerSchema,
      });
      deleted.push({ ...plan, auditId: answer?.deleted[0]?.auditId ?? null });
    } catch (error) {
      // The invoice was just found: a 404 or 405 here is the route the server lacks.
      if (isCarbonError(error) && (error.code === "not_found" || error.code === "usage")) {
        throw notOffered(
          client.api.href,
          `deleting invoices (DELETE ${INVOICE_DELETE_PATH} answered: ${error.message})${deleted.length === 0 ? "" : ` (${deleted.length} of ${plans.length} were deleted before)`}`,
          "delete the invoice in the service itself (its web app)",
        );
      }
      throw error;
    }
  }
  return { dryRun: false, deleted };
}
