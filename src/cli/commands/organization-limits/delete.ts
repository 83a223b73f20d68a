import type { Command } from "commander";
import type { Context } from "../../context.js";
import { type DeleteSpec, deleteVerb, runDeleteVerb } from "../delete-verb.js";

const spec: DeleteSpec = {
  resource: "organizationLimit",
  noun: "organization limit",
  description: "Delete organization limits of a company",
  underCompany: true,
  notes: [
    "",
    "A limit is found under its company, as get reads it: one of another company is not found",
    "(exit 5). Nothing refers to a limit (a consolidation is worked out when asked), so no",
    "deletion is refused. Against a server this needs its",
    "DELETE /companies/{id}/organization-limits/{limitId}.",
  ],
  examples: [
    "carbon organization-limits delete 5d0c1e2f-1111-4222-8333-444455556666 --company Acme --dry-run",
    "carbon organization-limits delete 5d0c1e2f-1111-4222-8333-444455556666 --company Acme --yes --json",
  ],
};

/** The `delete` verb, built as a plain resource's is (resource-verbs.ts). */
export function deleteCommand(ctx: Context): Command {
  return deleteVerb(ctx, spec, (ctx, opts) => runDeleteVerb(ctx, opts, spec));
}
