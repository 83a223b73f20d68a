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
    .description("Show one company")
    .argument("<id>", "company id (UUID), or its name when no other company has it")
    .addHelpText(
      "after",
      '\nExamples:\n  $ carbon companies get 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f\n  $ carbon companies get 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --json\n  $ carbon companies get "Acme Offices"',
    )
    .action(async (id: string) => {
      await run(ctx, { id });
    });
}

export async function runGet(ctx: Context, opts: GetOptions): Promise<void> {
  const [{ idResolver }, { renderObject }, { companyColumns }] = await Promise.all([
    import("../../id-resolver.js"),
    import("../../output/format.js"),
    import("./columns.js"),
  ]);
  const id = await idResolver(() => ctx.service()).company("company", opts.id);
  const service = await ctx.service();
  const company = await service.companies.get(id);
  renderObject(ctx.io, ctx.format(), company, companyColumns);
}
