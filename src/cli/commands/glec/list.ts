import { Command } from "commander";
import type { PageQuery } from "../../../core/model/common.js";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly company?: string;
  readonly from?: string;
  readonly to?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface ListFlags {
  readonly company?: string;
  readonly from?: string;
  readonly to?: string;
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
      .option("--company <id|name>", "only the entries of this company")
      .option("--from <date>", "entries ending on or after this day, YYYY-MM-DD")
      .option("--to <date>", "entries starting on or before this day, YYYY-MM-DD"),
  )
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ carbon glec list",
        "  $ carbon glec list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --all --format csv",
        '  $ carbon glec list --company "Acme Logistics" --from 2025-01-01 --to 2025-03-31',
      ].join("\n"),
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, {
        company: flags.company,
        from: flags.from,
        to: flags.to,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [{ parsePaging }, { parsePeriod }, { printList }, { entryColumns }, { idResolver }] =
    await Promise.all([
      import("../../flags.js"),
      import("../emissions/filter-flags.js"),
      import("../../paging.js"),
      import("./columns.js"),
      import("../../id-resolver.js"),
    ]);
  const paging = parsePaging(opts);
  const filter = await parsePeriod(
    opts,
    idResolver(() => ctx.service()),
  );
  const service = await ctx.service();
  await printList(ctx, service, paging, {
    list: "glecEntries",
    filter,
    page: (query: PageQuery) => service.glec.list({ ...filter, ...query }),
    columns: entryColumns,
  });
}
