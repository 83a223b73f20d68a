import { Command } from "commander";
import type { Context } from "../../context.js";

export interface GetOptions {
  readonly id: string;
  readonly company: string;
}

export function getCommand(
  ctx: Context,
  run: (ctx: Context, opts: GetOptions) => Promise<void> = runGet,
): Command {
  return new Command("get")
    .description("Get one organization limit of a company")
    .argument("<id>", "limit id (UUID)")
    .requiredOption("--company <id|name>", "the company the limit belongs to")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ carbon organization-limits get 5d0c1e2f-1111-4222-8333-444455556666 --company Acme",
        "  $ carbon organization-limits get 5d0c1e2f-1111-4222-8333-444455556666 --company Acme --json",
      ].join("\n"),
    )
    .action(async (id: string, flags: { company: string }) => {
      await run(ctx, { id, company: flags.company });
    });
}

export async function runGet(ctx: Context, opts: GetOptions): Promise<void> {
  const [{ parseUuid }, { idResolver }, { renderObject }, { limitColumns }] = await Promise.all([
    import("../../flags.js"),
    import("../../id-resolver.js"),
    import("../../output/format.js"),
    import("./columns.js"),
  ]);
  const id = parseUuid("limit id", opts.id);
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const service = await ctx.service();
  const limit = await service.organizationLimits.get(companyId, id);
  renderObject(ctx.io, ctx.format(), limit, limitColumns);
}
