import { z } from "zod";
import { CarbonError } from "../errors.js";
import type { DeletionAction } from "./audit.js";
import { uuidSchema } from "./common.js";

/** What a deletable resource is called, how it is audited, and where a server deletes one. */
export interface Deletable {
  /** One record in messages: "custom factor". */
  readonly noun: string;
  /** Several, in messages: "custom emission factors". */
  readonly plural: string;
  /** The audit action its deletion is recorded as. */
  readonly action: DeletionAction;
  /**
   * Our extension route that deletes one (`{id}` unfilled); none for consumptions, which are
   * removed the specification's way (`POST /consumptions` with `removedAt`).
   */
  readonly route?: string;
  /** The roles whose tokens may delete one on carbon serve. */
  readonly deleters: readonly ("admin" | "member")[];
  /**
   * Found under its company, as the interface reads it (organization limits): a request names
   * the company, and the route's `{id}` is the company's, `{limitId}` the record's.
   */
  readonly underCompany?: true;
}

/**
 * What `delete` commands remove (docs/deleting.md), one entry per resource. Companies are not
 * among them: a company holds everything else, and the spec has no way to remove one; GLEC
 * entries have their own `glec.delete`.
 */
export const deletableResources = [
  "consumption",
  "building",
  "customFactor",
  "supplier",
  "wasteOperator",
  "comment",
  "goal",
  "task",
  "invoice",
  "effluent",
  "certificate",
  "vehicle",
  "customInput",
  "organizationLimit",
] as const;
export type DeletableResource = (typeof deletableResources)[number];

/** The resources a server deletes at a route of ours (every one but consumptions). */
export type RoutedDeletable = Exclude<DeletableResource, "consumption">;

/** Every resource but consumptions is deleted at a route of ours. */
type Deletables = {
  readonly [K in DeletableResource]: K extends RoutedDeletable
    ? Deletable & { readonly route: string }
    : Deletable;
};

export const deletables: Deletables = {
  consumption: {
    noun: "consumption",
    plural: "consumptions",
    action: "consumptions.delete",
    deleters: ["admin", "member"],
  },
  building: {
    noun: "building",
    plural: "buildings",
    action: "buildings.delete",
    route: "/buildings/{id}",
    deleters: ["admin", "member"],
  },
  customFactor: {
    noun: "custom factor",
    plural: "custom emission factors",
    action: "factors.custom.delete",
    route: "/emission-factors/custom/{id}",
    deleters: ["admin", "member"],
  },
  supplier: {
    noun: "supplier",
    plural: "suppliers",
    action: "suppliers.delete",
    route: "/suppliers/{id}",
    deleters: ["admin", "member"],
  },
  wasteOperator: {
    noun: "waste operator",
    plural: "waste operators",
    action: "waste-operators.delete",
    route: "/waste-operators/{id}",
    deleters: ["admin", "member"],
  },
  comment: {
    noun: "comment",
    plural: "comments",
    action: "comments.delete",
    route: "/comments/{id}",
    deleters: ["admin", "member"],
  },
  goal: {
    noun: "goal",
    plural: "goals",
    action: "goals.delete",
    route: "/goals/{id}",
    deleters: ["admin", "member"],
  },
  task: {
    noun: "task",
    plural: "tasks",
    action: "goals.tasks.delete",
    route: "/goals/tasks/{id}",
    deleters: ["admin", "member"],
  },
  invoice: {
    noun: "invoice",
    plural: "invoices",
    action: "invoices.delete",
    route: "/invoices/{id}",
    deleters: ["admin", "member"],
  },
  effluent: {
    noun: "effluent record",
    plural: "effluent records",
    action: "effluents.delete",
    route: "/effluents/{id}",
    deleters: ["admin", "member"],
  },
  certificate: {
    noun: "certificate",
    plural: "energy attribute certificates",
    action: "certificates.delete",
    route: "/certificates/{id}",
    deleters: ["admin", "member"],
  },
  vehicle: {
    noun: "vehicle",
    plural: "vehicles",
    action: "vehicles.delete",
    route: "/vehicles/{id}",
    deleters: ["admin", "member"],
  },
  customInput: {
    noun: "custom input",
    plural: "custom inputs",
    action: "inputs.custom.delete",
    route: "/inputs/custom/{id}",
    deleters: ["admin", "member"],
  },
  organizationLimit: {
    noun: "organization limit",
    plural: "organization limits",
    action: "organization-limits.delete",
    route: "/companies/{id}/organization-limits/{limitId}",
    deleters: ["admin", "member"],
    underCompany: true,
  },
};

/**
 * The company a deletion's records must belong to (a record of another is not found), and a
 * usage error when the resource is found under its company and the request names none.
 */
export function deletionCompany(request: DeleteRequest): string | undefined {
  const companyId = request.companyId?.trim().toLowerCase();
  const { underCompany, plural } = deletables[request.resource];
  if (underCompany === true && (companyId === undefined || companyId === "")) {
    throw new CarbonError("usage", `deleting ${plural} needs their company`, {
      hint: "name it: --company ID",
    });
  }
  return companyId;
}

/** A deletion route's path values for one record (`{id}`, and `{limitId}` under a company). */
export function deletionPathValues(
  resource: RoutedDeletable,
  id: string,
  companyId: string | undefined,
): Readonly<Record<string, string>> {
  return deletables[resource].underCompany === true ? { id: companyId ?? "", limitId: id } : { id };
}

/** One record deleted (or, in a dry run, that would be). */
export const deletedRecordSchema = z.object({
  resource: z.enum(deletableResources),
  id: uuidSchema,
  companyId: uuidSchema,
  /** A consumption's, an invoice's or an effluent record's building, or the deleted building; else null. */
  buildingId: uuidSchema.nullable(),
  /** Consumptions removed with it: 1 for a consumption, an invoice's lines', a building's own with `withConsumptions`. */
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
  /**
   * The records' company: one of another company is not found. Required for organization
   * limits, which the interface reads (and carbon serve deletes) under their company.
   */
  readonly companyId?: string;
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
