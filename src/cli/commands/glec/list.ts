import { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly company?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface ListFlags {
  readonly company?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all?: boolean;
}

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return addPagingOptions(
    new Command("list")
      .description("List GLEC entries with their totals (tonne-km, TTW, WTT, WTW, g CO2e/tkm)")
      .option("--company <id>", "only the entries of this company"),
  )
    .addHelpText(
      "after",
      "\nExamples:\n  $ carbon glec list\n  $ carbon glec list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --all --format csv",
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, {
        company: flags.company,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [flags, { fetchRows }, { renderList }, { entryColumns }] = await Promise.all([
    import("../../flags.js"),
    import("../../paging.js"),
    import("../../output/format.js"),
    import("./columns.js"),
  ]);
  const paging = flags.parsePaging(opts);
  const companyId =
    opts.company === undefined ? undefined : flags.parseUuid("--company", opts.company);
  const service = await ctx.service();
  const rows = await fetchRows(ctx, paging, (query) =>
    service.listGlecEntries(companyId === undefined ? query : { ...query, companyId }),
  );
  renderList(ctx.io, ctx.format(), rows, entryColumns);
}
