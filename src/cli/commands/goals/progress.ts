import { Command } from "commander";
import type { Context } from "../../context.js";

export interface ProgressOptions {
  readonly id: string;
}

export function progressCommand(
  ctx: Context,
  run: (ctx: Context, opts: ProgressOptions) => Promise<void> = runProgress,
): Command {
  return new Command("progress")
    .description("A goal's progress from the stored emissions: base year, latest year, on track")
    .argument("<id>", "goal id (UUID)")
    .addHelpText(
      "after",
      [
        "",
        "Totals are location-based kgCO2e of the goal's scopes by calendar year. The target is",
        "base × (1 − reduction%); a linear pathway allows base − (base − target) × (latest −",
        "baseYear) / (targetYear − baseYear) in the latest year. On track: latest ≤ the pathway",
        "value, or without a pathway latest ≤ base. A base year without emissions gives no",
        "progress, and says so.",
        "",
        "Examples:",
        "  $ carbon goals progress 7b1e0c2a-1111-4222-8333-444455556666",
        "  $ carbon goals progress 7b1e0c2a-1111-4222-8333-444455556666 --json",
      ].join("\n"),
    )
    .action(async (id: string) => {
      await run(ctx, { id });
    });
}

export async function runProgress(ctx: Context, opts: ProgressOptions): Promise<void> {
  const [{ parseUuid }, { renderObject }, { progressColumns }] = await Promise.all([
    import("../../flags.js"),
    import("../../output/format.js"),
    import("./columns.js"),
  ]);
  const id = parseUuid("goal id", opts.id);
  const service = await ctx.service();
  renderObject(ctx.io, ctx.format(), await service.goals.progress(id), progressColumns);
}
