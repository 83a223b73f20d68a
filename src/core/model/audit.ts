import { z } from "zod";
import { isoDateTimeSchema, uuidSchema } from "./common.js";

/** What a deletion audit record says was removed; each names one resource. */
export const deletionActions = [
  "consumptions.delete",
  "buildings.delete",
  "factors.custom.delete",
  "suppliers.delete",
  "waste-operators.delete",
  "comments.delete",
  "goals.delete",
  "goals.tasks.delete",
  "glec.delete",
  "invoices.delete",
  "effluents.delete",
  "certificates.delete",
  "vehicles.delete",
  "inputs.custom.delete",
  "organization-limits.delete",
] as const;
export type DeletionAction = (typeof deletionActions)[number];

const counts = {
  consumptions: z.number().int().min(0),
  emissions: z.number().int().min(0),
  awaitingFactor: z.number().int().min(0),
};

/** One building moved from one company to another (`carbon buildings move`). */
export const moveAuditRecordSchema = z.object({
  id: uuidSchema,
  /** The move request this record belongs to (one per moved building). */
  moveId: uuidSchema,
  action: z.literal("buildings.move"),
  /** Locally the OS user name (or `local`); served: the token's user. */
  actor: z.string(),
  at: isoDateTimeSchema,
  buildingId: uuidSchema,
  fromCompanyId: uuidSchema,
  toCompanyId: uuidSchema,
  ...counts,
});
export type MoveAuditRecord = z.infer<typeof moveAuditRecordSchema>;

/** One record deleted, with what it was, so that it can be told (and typed in) again. */
export const deletionAuditRecordSchema = z.object({
  id: uuidSchema,
  action: z.enum(deletionActions),
  actor: z.string(),
  at: isoDateTimeSchema,
  /** The deleted record's id. */
  recordId: uuidSchema,
  /** The company it belonged to. */
  companyId: uuidSchema,
  /** Its building (a consumption's, or the deleted building); null for the other resources. */
  buildingId: uuidSchema.nullable(),
  /** Consumptions removed with it (1 for a consumption; a building's, when deleted with them). */
  ...counts,
  /** The record as it was stored. */
  record: z.record(z.string(), z.unknown()),
});
export type DeletionAuditRecord = z.infer<typeof deletionAuditRecordSchema>;

/** What a user audit record says happened to an account (docs/users.md). */
export const userActions = [
  "users.create",
  "users.update",
  "users.invite",
  "users.accept",
] as const;
export type UserAction = (typeof userActions)[number];

/** One change to an account's access: its state before and after (`record`). */
export const userAuditRecordSchema = z.object({
  id: uuidSchema,
  action: z.enum(userActions),
  actor: z.string(),
  at: isoDateTimeSchema,
  /** The account's id. */
  recordId: uuidSchema,
  /** The first of the account's companies; null when it sees every company. */
  companyId: uuidSchema.nullable(),
  buildingId: z.null(),
  ...counts,
  /** `{email, before: {roles, companies, status} | null, after: {…}}`. */
  record: z.record(z.string(), z.unknown()),
});
export type UserAuditRecord = z.infer<typeof userAuditRecordSchema>;

/** A company's stored emissions recalculated (`carbon emissions recalculate`): totals before and after. */
export const recalculationAuditRecordSchema = z.object({
  id: uuidSchema,
  action: z.literal("emissions.recalculate"),
  actor: z.string(),
  at: isoDateTimeSchema,
  /** The company's id. */
  recordId: uuidSchema,
  companyId: uuidSchema,
  buildingId: z.null(),
  ...counts,
  /** `{factorLibraryVersion, before: {co2e, co2eMarketBased, count, awaitingFactor}, after: {…}}`. */
  record: z.record(z.string(), z.unknown()),
});
export type RecalculationAuditRecord = z.infer<typeof recalculationAuditRecordSchema>;

/** The audit trail: buildings moved, records deleted, accounts changed, emissions recalculated. */
export const auditRecordSchema = z.discriminatedUnion("action", [
  moveAuditRecordSchema,
  deletionAuditRecordSchema,
  userAuditRecordSchema,
  recalculationAuditRecordSchema,
]);
export type AuditRecord = z.infer<typeof auditRecordSchema>;
