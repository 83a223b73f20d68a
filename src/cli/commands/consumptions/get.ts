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
    .description("Show one consumption")
    .argument("<id>", "consumption id (UUID)")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ carbon consumptions get 0b6f0c1e-2f4d-5a8b-9c7e-1d2e3f4a5b6c",
        "  $ carbon consumptions get 0b6f0c1e-2f4d-5a8b-9c7e-1d2e3f4a5b6c --json",
      ].join("\n"),
    )
    .action(async (id: string) => {
      await run(ctx, { id });
    });
}

export async function runGet(ctx: Context, opts: GetOptions): Promise<void> {
  const [{ parseUuid }, { renderObject }, { loadNames }, { consumptionDetailColumns }] =
    await Promise.all([
      import("../../flags.js"),
      import("../../output/format.js"),
      import("../emissions/lookups.js"),
      import("./columns.js"),
    ]);
  const id = parseUuid("consumption id", opts.id);
  const service = await ctx.service();
  const consumption = await service.consumptions.get(id);
  const names = await loadNames(service, [consumption]);
  renderObject(ctx.io, ctx.format(), consumption, consumptionDetailColumns(names));
}
