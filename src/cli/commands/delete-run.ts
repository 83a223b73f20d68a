/** `… delete`: the plan, the confirmation, the deletion (see delete-verb.ts). */
import { CarbonError } from "../../core/errors.js";
import type {
  DeletableResource,
  DeletedRecord,
  DeletionResult,
} from "../../core/model/deletion.js";
import type { Context } from "../context.js";
import { parseUuid } from "../flags.js";
import { idResolver } from "../id-resolver.js";
import { type Column, renderList } from "../output/format.js";
import { confirmOrCancel } from "../user-input.js";
import { day, loadNames, type Names } from "./emissions/lookups.js";

export interface DeleteOptions {
  readonly ids: readonly string[];
  readonly yes: boolean;
  readonly dryRun: boolean;
  /** Buildings only: their consumptions go too. */
  readonly withConsumptions: boolean;
  /** The records' company, as typed (an id or a name); required where `underCompany`. */
  readonly company?: string;
}

export interface DeleteSpec {
  readonly resource: DeletableResource;
  /** "consumption", "custom factor"... */
  readonly noun: string;
  readonly description: string;
  /** Lines printed under the options, before the examples. */
  readonly notes: readonly string[];
  /** Example command lines, without the `$ `. */
  readonly examples: readonly string[];
  /** The records are found under their company (organization limits): `--company` is required. */
  readonly underCompany?: boolean;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A field of a deleted record, as text ("" when absent). */
function field(record: Readonly<Record<string, unknown>>, key: string): string {
  const value = record[key];
  return value === null || value === undefined ? "" : String(value);
}

/** The start of a long text, on one line. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= 60 ? line : `${line.slice(0, 59)}…`;
}

/** One line saying what the record is, in the words of its resource. */
function describe(item: DeletedRecord, names: Names): string {
  const r = item.record;
  switch (item.resource) {
    case "consumption":
      return `${names.category(field(r, "categoryId"))} ${day(field(r, "startDate"))} to ${day(field(r, "endDate"))}, ${field(r, "quantity")} ${field(r, "unitType")}, entity ${field(r, "entityId") || "(none)"}, building ${names.building(field(r, "buildingId"))}`;
    case "building":
      return `${field(r, "name")}, ${plural(item.consumptions, "consumption")}`;
    case "customFactor":
      return `${names.category(field(r, "categoryId"))} ${field(r, "basis")}-based, ${field(r, "co2e")} kgCO2e/${field(r, "unit")}, ${field(r, "year") || "any year"} (${field(r, "source")})`;
    case "supplier":
      return `${field(r, "name")} (${field(r, "type")})`;
    case "wasteOperator":
    case "goal":
      return field(r, "name");
    case "vehicle":
      return `${field(r, "name")} (${field(r, "vehicleType")}, ${field(r, "fuelType")}${field(r, "licensePlate") === "" ? "" : `, ${field(r, "licensePlate")}`})`;
    case "task":
      return `${field(r, "title")}, due ${field(r, "dueDate")}`;
    case "comment":
      return `on ${field(r, "entityType")} ${field(r, "entityId")} by ${field(r, "author")}: ${excerpt(field(r, "text"))}`;
    case "invoice":
      return `${field(r, "type")} ${field(r, "startDate")} to ${field(r, "endDate")}, ${field(r, "totalCost")} ${field(r, "currency")}, ${plural(item.consumptions, "consumption")}, building ${names.building(field(r, "buildingId"))}`;
    case "effluent":
      return `${field(r, "type")} ${field(r, "parameter")} ${field(r, "value")} ${field(r, "unit")}, ${field(r, "sampledAt") || field(r, "year")}, building ${names.building(field(r, "buildingId"))}`;
    case "customInput":
      return `${field(r, "name")} (${field(r, "type")}, ${field(r, "unit")})`;
    case "organizationLimit":
      return `${field(r, "name")} (${field(r, "approach")}, ${field(r, "periodFrom")} to ${field(r, "periodTo")}, ${plural(Array.isArray(r.members) ? r.members.length : 0, "member")})`;
    case "certificate":
      return `${field(r, "volumeMwh")} MWh ${field(r, "technology")}, ${field(r, "periodFrom")} to ${field(r, "periodTo")}, ${field(r, "issuingBody")} ${field(r, "cancellationId")}`;
  }
}

function columns(names: Names): readonly Column<DeletedRecord>[] {
  return [
    { header: "resource", value: (item) => item.resource },
    { header: "id", value: (item) => item.id },
    { header: "what", value: (item) => describe(item, names) },
    { header: "companyId", value: (item) => item.companyId },
    { header: "buildingId", value: (item) => item.buildingId ?? "" },
    { header: "consumptions", value: (item) => item.consumptions },
    { header: "auditId", value: (item) => item.auditId ?? "" },
  ];
}

async function confirmed(ctx: Context, opts: DeleteOptions, question: string): Promise<void> {
  if (opts.yes) return;
  if (!ctx.io.stdinIsTty) {
    throw new CarbonError("usage", "deleting needs a confirmation, and stdin is not a terminal", {
      hint: "add --yes to delete without asking, or --dry-run to see what would be deleted",
    });
  }
  await confirmOrCancel(ctx.input, question, "nothing was deleted");
}

export async function executeDelete(
  ctx: Context,
  opts: DeleteOptions,
  spec: DeleteSpec,
): Promise<void> {
  const resolver = idResolver(() => ctx.service());
  // A building may be named; the other records have no name to go by.
  const ids =
    spec.resource === "building"
      ? await Promise.all(opts.ids.map((id) => resolver.building(`${spec.noun} id`, id)))
      : opts.ids.map((id) => parseUuid(`${spec.noun} id`, id));
  const company =
    opts.company === undefined
      ? {}
      : { companyId: await resolver.company("--company", opts.company) };
  const request = {
    resource: spec.resource,
    ids,
    withConsumptions: opts.withConsumptions,
    ...company,
  };
  const service = await ctx.service();
  // The plan first: an unknown id or a refusal stops everything before anything is deleted.
  const plan: DeletionResult = await service.deleteRecords({ ...request, dryRun: true });
  const names = await loadNames(
    service,
    // A consumption or a custom factor is described by its category's code.
    plan.deleted.map(({ companyId, buildingId, record }) => {
      const categoryId = field(record, "categoryId");
      return { companyId, buildingId, ...(categoryId === "" ? {} : { categoryId }) };
    }),
  );
  const quiet = ctx.globals().quiet === true;
  const what = plural(plan.deleted.length, spec.noun);
  if (!quiet) {
    ctx.io.err(`${opts.dryRun ? "Would delete" : "To delete"}: ${what}`);
    for (const item of plan.deleted) ctx.io.err(`  ${item.id}  ${describe(item, names)}`);
  }
  if (opts.dryRun) {
    renderList(ctx.io, ctx.format(), plan.deleted, columns(names));
    if (!quiet) ctx.io.err("dry run: nothing was deleted");
    return;
  }
  await confirmed(ctx, opts, `Delete ${what}? [y/N] `);
  const result = await service.deleteRecords(request);
  renderList(ctx.io, ctx.format(), result.deleted, columns(names));
  if (!quiet) ctx.io.err(`deleted ${what}; the audit trail has them (carbon audit list)`);
}
