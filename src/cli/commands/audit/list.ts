import { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly company?: string;
  readonly building?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface ListFlags {
  readonly company?: string;
  readonly building?: string;
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
      .description(
        "List the audit trail (buildings moved, records deleted: who, when, what), newest first",
      )
      .option("--company <id|name>", "only records of this company (a move: from or to it)")
      .option("--building <id|name>", "only records of this building"),
  )
    .addHelpText(
      "after",
      "\nAgainst a server the audit trail needs an admin token.\n\nExamples:\n  $ carbon audit list\n  $ carbon audit list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --all --format csv",
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, {
        company: flags.company,
        building: flags.building,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [flags, { printList }, { auditColumns }, { idResolver }] = await Promise.all([
    import("../../flags.js"),
    import("../../paging.js"),
    import("./columns.js"),
    import("../../id-resolver.js"),
  ]);
  const paging = flags.parsePaging(opts);
  const ids = idResolver(() => ctx.service());
  const companyId =
    opts.company === undefined ? undefined : await ids.company("--company", opts.company);
  // A moved building is no longer in its old company: its name is looked up everywhere.
  const buildingId =
    opts.building === undefined ? undefined : await ids.building("--building", opts.building);
  const filter = {
    ...(companyId === undefined ? {} : { companyIds: [companyId] }),
    ...(buildingId === undefined ? {} : { buildingId }),
  };
  const service = await ctx.service();
  await printList(ctx, service, paging, {
    list: "audit",
    filter,
    page: (query) => service.audit.list({ ...filter, ...query }),
    columns: auditColumns,
  });
}
