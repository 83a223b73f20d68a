import type { Command } from "commander";
import type { Context } from "../../context.js";
import { type DeleteOptions, type DeleteSpec, deleteVerb, runDeleteVerb } from "../delete-verb.js";

export type { DeleteOptions } from "../delete-verb.js";

const spec: DeleteSpec = {
  resource: "building",
  noun: "building",
  description:
    "Delete buildings (refused while they have consumptions, unless --with-consumptions)",
  notes: [
    "",
    "A building that still has consumptions is refused (exit 6) and nothing is deleted, unless",
    "--with-consumptions deletes them with it. To keep them under another company, use",
    "carbon buildings move instead. Against a server this needs its DELETE /buildings/{id}.",
  ],
  examples: [
    "carbon buildings delete 8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a",
    "carbon buildings delete 8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a --with-consumptions --yes",
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
