import type { Command } from "commander";
import type { Context } from "../../context.js";
import { type DeleteOptions, type DeleteSpec, deleteVerb, runDeleteVerb } from "../delete-verb.js";

export type { DeleteOptions } from "../delete-verb.js";

const spec: DeleteSpec = {
  resource: "supplier",
  noun: "supplier",
  description: "Delete suppliers or clients",
  notes: [],
  examples: [
    "carbon suppliers delete 5a000000-0000-4000-8000-000000000001",
    "carbon suppliers delete 5a000000-0000-4000-8000-000000000001 --yes",
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
