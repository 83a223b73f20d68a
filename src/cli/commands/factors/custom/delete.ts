import type { Command } from "commander";
import type { Context } from "../../../context.js";
import {
  type DeleteOptions,
  type DeleteSpec,
  deleteVerb,
  runDeleteVerb,
} from "../../delete-verb.js";

export type { DeleteOptions } from "../../delete-verb.js";

const spec: DeleteSpec = {
  resource: "customFactor",
  noun: "custom factor",
  description: "Delete custom emission factors; the emissions they gave are recalculated",
  notes: [
    "",
    "The company's emissions that used a deleted factor are recalculated at once with the next",
    "factor in the resolution order (the library's, or awaiting_factor).",
  ],
  examples: [
    "carbon factors custom delete 2b7d9e1f-3a4c-4b5d-8e6f-7a8b9c0d1e2f",
    "carbon factors custom delete 2b7d9e1f-3a4c-4b5d-8e6f-7a8b9c0d1e2f --yes --json",
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
