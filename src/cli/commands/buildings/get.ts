import { Command } from "commander";
import type { Context } from "../../context.js";

export interface GetOptions {
  readonly id: string;
}

export function getCommand(
  ctx: Context,
  run: (ctx: Context, opts: GetOptions) => Promise<void> = runGet,
): Command {
  return new Command("get")
    .description("Show one building")
    .argument("<id>", "building id (UUID), or its name when no other building has it")
    .addHelpText(
      "after",
      '\nExamples:\n  $ carbon buildings get 8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a\n  $ carbon buildings get 8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a --json\n  $ carbon buildings get "Madrid HQ"',
    )
    .action(async (id: string) => {
      await run(ctx, { id });
    });
}

export async function runGet(ctx: Context, opts: GetOptions): Promise<void> {
  const [{ idResolver }, { renderObject }, { buildingColumns }] = await Promise.all([
    import("../../id-resolver.js"),
    import("../../output/format.js"),
    import("./columns.js"),
  ]);
  const id = await idResolver(() => ctx.service()).building("building", opts.id);
  const service = await ctx.service();
  const building = await service.buildings.get(id);
  renderObject(ctx.io, ctx.format(), building, buildingColumns);
}
