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
        "List the audit trail (buildings moved: who, when, from, to, counts), newest first",
      )
      .option("--company <id>", "only records moving a building from or to this company")
      .option("--building <id>", "only records of this building"),
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
  const [flags, { printList }, { auditColumns }] = await Promise.all([
    import("../../flags.js"),
    import("../../paging.js"),
    import("./columns.js"),
  ]);
  const paging = flags.parsePaging(opts);
  const filter = {
    ...(opts.company === undefined
      ? {}
      : { companyIds: [flags.parseUuid("--company", opts.company)] }),
    ...(opts.building === undefined
      ? {}
      : { buildingId: flags.parseUuid("--building", opts.building) }),
  };
  const service = await ctx.service();
  await printList(ctx, service, paging, {
    list: "audit",
    filter,
    page: (query) => service.listAudit({ ...filter, ...query }),
    columns: auditColumns,
  });
}
