import { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly company?: string;
  readonly type?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface ListFlags {
  readonly company?: string;
  readonly type?: string;
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
      .description("List suppliers and clients, ordered by name")
      .option("--company <id|name>", "only those of this company")
      .option("--type <type>", "only suppliers or only clients: suppliers or clients"),
  )
    .addHelpText(
      "after",
      "\nExamples:\n  $ carbon suppliers list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f\n  $ carbon suppliers list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --type clients --all --format csv",
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, {
        company: flags.company,
        type: flags.type,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [flags, { supplierTypes }, { printList }, { supplierColumns }, ids] = await Promise.all([
    import("../../flags.js"),
    import("../../../core/model/supplier.js"),
    import("../../paging.js"),
    import("./columns.js"),
    import("../../id-resolver.js"),
  ]);
  const paging = flags.parsePaging(opts);
  const type =
    opts.type === undefined ? undefined : flags.parseChoice("--type", opts.type, supplierTypes);
  const companyId =
    opts.company === undefined
      ? undefined
      : await ids.idResolver(() => ctx.service()).company("--company", opts.company);
  const filter = {
    ...(companyId === undefined ? {} : { companyId }),
    ...(type === undefined ? {} : { type }),
  };
  const service = await ctx.service();
  await printList(ctx, service, paging, {
    list: "suppliers",
    filter,
    page: (query) => service.suppliers.list({ ...query, ...filter }),
    columns: supplierColumns,
  });
}
