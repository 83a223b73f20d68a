import type { Command } from "commander";
import type { Context } from "../../context.js";
import { type DeleteOptions, type DeleteSpec, deleteVerb, runDeleteVerb } from "../delete-verb.js";

export type { DeleteOptions } from "../delete-verb.js";

const spec: DeleteSpec = {
  resource: "certificate",
  noun: "certificate",
  description:
    "Delete energy attribute certificates; market-based scope 2 of their buildings is recalculated",
  notes: [],
  examples: [
    "carbon certificates delete 6a1f0c2e-1111-4222-8333-444455556666",
    "carbon certificates delete 6a1f0c2e-1111-4222-8333-444455556666 --yes",
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
