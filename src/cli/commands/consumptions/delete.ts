import type { Command } from "commander";
import type { Context } from "../../context.js";
import { type DeleteOptions, type DeleteSpec, deleteVerb, runDeleteVerb } from "../delete-verb.js";

export type { DeleteOptions } from "../delete-verb.js";

const spec: DeleteSpec = {
  resource: "consumption",
  noun: "consumption",
  description: "Delete consumptions and their emissions (all or nothing locally), audited",
  notes: [
    "",
    "Against a server a consumption is removed the service's way: it is fetched, then sent back",
    "with removedAt set. Sending it again without removedAt (an upsert) brings it back.",
    "To replace bills whose dates were corrected in a CSV, import the corrected file with",
    "--replace-overlapping instead.",
  ],
  examples: [
    "carbon consumptions delete 28c623d6-4d0f-5463-81ad-7ffa8cb413f0",
    "carbon consumptions delete 28c623d6-4d0f-5463-81ad-7ffa8cb413f0 d601231e-fac3-58bf-9c2f-42efe2ff1fc4 --yes",
    "carbon consumptions delete 28c623d6-4d0f-5463-81ad-7ffa8cb413f0 --dry-run",
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
