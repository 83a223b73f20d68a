import { Command } from "commander";
import type { Context } from "../../context.js";

export interface DeleteOptions {
  readonly id: string;
  readonly yes: boolean;
}

export function deleteCommand(
  ctx: Context,
  run: (ctx: Context, opts: DeleteOptions) => Promise<void> = runDelete,
): Command {
  return new Command("delete")
    .description("Delete one GLEC entry and its calculation")
    .argument("<id>", "entry id (UUID)")
    .option("--yes", "do not ask for confirmation (needed when stdin is not a terminal)")
    .addHelpText(
      "after",
      "\nOn a terminal it asks first (answering no exits 2); in a script, pass --yes (without it the command exits 2).\n\nExamples:\n  $ carbon glec delete 6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b\n  $ carbon glec delete 6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b --yes",
    )
    .action(async (id: string, flags: { readonly yes?: boolean }) => {
      await run(ctx, { id, yes: flags.yes === true });
    });
}

export async function runDelete(ctx: Context, opts: DeleteOptions): Promise<void> {
  const [
    { parseUuid },
    { CarbonError },
    { renderObject },
    { receiptColumns },
    { confirmOrCancel },
  ] = await Promise.all([
    import("../../flags.js"),
    import("../../../core/errors.js"),
    import("../../output/format.js"),
    import("./columns.js"),
    import("../../user-input.js"),
  ]);
  const id = parseUuid("entry id", opts.id);
  if (!opts.yes && !ctx.io.stdinIsTty) {
    throw new CarbonError(
      "usage",
      `refusing to delete GLEC entry ${id} without confirmation: stdin is not a terminal`,
      { hint: "add --yes to delete without asking" },
    );
  }
  const service = await ctx.service();
  if (!opts.yes) {
    const entry = await service.glec.get(id);
    const label = entry.externalId === "" ? "" : ` (${entry.externalId})`;
    await confirmOrCancel(
      ctx.input,
      `Delete GLEC entry ${entry.id}${label} of company ${entry.companyId}, ${entry.actions.length} legs? [y/N] `,
      "nothing was deleted",
    );
  }
  const receipt = await service.glec.delete(id);
  renderObject(ctx.io, ctx.format(), receipt, receiptColumns);
}
