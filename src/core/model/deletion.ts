import { z } from "zod";
import type { DeletionAction } from "./audit.js";
import { uuidSchema } from "./common.js";

/**
 * What `delete` commands remove (docs/deleting.md). Companies are not among them: a company
 * holds everything else, and the spec has no way to remove one; GLEC entries have their own
 * `glec.delete`.
 */
export const deletableResources = [
  "consumption",
  "building",
  "customFactor",
  "supplier",
  "certificate",
] as const;
export type DeletableResource = (typeof deletableResources)[number];

/** The audit action each resource's deletion is recorded as. */
export const deletionActionOf: Readonly<Record<DeletableResource, DeletionAction>> = {
  consumption: "consumptions.delete",
  building: "buildings.delete",
  customFactor: "factors.custom.delete",
  supplier: "suppliers.delete",
  certificate: "certificates.delete",
};

/** One record deleted (or, in a dry run, that would be). */
export const deletedRecordSchema = z.object({
  resource: z.enum(deletableResources),
  id: uuidSchema,
  companyId: uuidSchema,
  /** A consumption's building, or the deleted building; null for the other resources. */
  buildingId: uuidSchema.nullable(),
  /** Consumptions removed with it: 1 for a consumption, a building's own with `withConsumptions`. */
  consumptions: z.number().int().min(0),
  /** The audit record written; null in a dry run, or when the server does not say. */
  auditId: uuidSchema.nullable(),
  /** The record as it was stored. */
  record: z.record(z.string(), z.unknown()),
});
export type DeletedRecord = z.infer<typeof deletedRecordSchema>;

export const deletionResultSchema = z.object({
  dryRun: z.boolean(),
  /** In request order. */
  deleted: z.array(deletedRecordSchema),
});
export type DeletionResult = z.infer<typeof deletionResultSchema>;

/** The port's delete request. */
export interface DeleteRequest {
  readonly resource: DeletableResource;
  readonly ids: readonly string[];
  /** Buildings: delete their consumptions too (else a building that has some is a conflict). */
  readonly withConsumptions?: boolean;
  /** Work everything out (and refuse what would be refused), delete nothing. */
  readonly dryRun?: boolean;
  /**
   * Who the audit trail names. The local engine defaults to the OS user name (or `local`); the
   * remote engine does not send it: the server records its token's user.
   */
  readonly actor?: string;
}
