import type { Command } from "commander";
import type { Context } from "../../context.js";
import { type DeleteOptions, type DeleteSpec, deleteVerb, runDeleteVerb } from "../delete-verb.js";

const spec: DeleteSpec = {
  resource: "invoice",
  noun: "invoice",
  description: "Delete invoices with their lines' consumptions and emissions",
  notes: [
    "Against a server that does not announce DELETE /invoices/{id} (only carbon serve does) the",
    "command exits 2 and sends nothing.",
  ],
  examples: [
    "carbon invoices delete 9a000000-0000-4000-8000-000000000001 --dry-run",
    "carbon invoices delete 9a000000-0000-4000-8000-000000000001 --yes",
  ],
};

export function deleteCommand(
  ctx: Context,
  run: (ctx: Context, opts: DeleteOptions) => Promise<void> = runDelete,
): Command {
  return deleteVerb(ctx, spec, run);
}

export async function runDelete(ctx: Context, opts: DeleteOptions): Promise<void> {
  await runDeleteVerb(ctx, opts, spec);
}
