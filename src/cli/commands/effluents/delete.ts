import type { Command } from "commander";
import type { Context } from "../../context.js";
import { type DeleteOptions, type DeleteSpec, deleteVerb, runDeleteVerb } from "../delete-verb.js";

export type { DeleteOptions } from "../delete-verb.js";

const spec: DeleteSpec = {
  resource: "effluent",
  noun: "effluent record",
  description: "Delete effluent limits or samples",
  notes: ["Deleting a limit leaves its samples unflagged until another limit is stored."],
  examples: [
    "carbon effluents delete 8d2e4f6a-1111-4222-8333-444455556666 --dry-run",
    "carbon effluents delete 8d2e4f6a-1111-4222-8333-444455556666 --yes",
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
