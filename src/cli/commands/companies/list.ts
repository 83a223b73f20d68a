import { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface ListFlags {
  readonly page?: string;
  readonly limit?: string;
  readonly all?: boolean;
}

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return addPagingOptions(new Command("list").description("List companies"))
    .addHelpText(
      "after",
      "\nExamples:\n  $ carbon companies list\n  $ carbon companies list --all --json\n  $ carbon companies list --page 2 --limit 100",
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, { page: flags.page, limit: flags.limit, all: flags.all === true });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [{ parsePaging }, { printList }, { companyColumns }] = await Promise.all([
    import("../../flags.js"),
    import("../../paging.js"),
    import("./columns.js"),
  ]);
  const paging = parsePaging(opts);
  const service = await ctx.service();
  await printList(ctx, service, paging, {
    list: "companies",
    filter: {},
    page: (query) => service.companies.list(query),
    columns: companyColumns,
  });
}
