import { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly company: string;
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
      .description("List a company's organization limits, by period start and name")
      .requiredOption("--company <id|name>", "the company whose limits to list"),
  )
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ carbon organization-limits list --company Acme",
        "  $ carbon organization-limits list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --json",
      ].join("\n"),
    )
    .action(async (flags: ListOptions) => {
      await run(ctx, flags);
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [{ parsePaging }, { idResolver }, { printList }, { limitColumns }] = await Promise.all([
    import("../../flags.js"),
    import("../../id-resolver.js"),
    import("../../paging.js"),
    import("./columns.js"),
  ]);
  const paging = parsePaging(opts);
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const service = await ctx.service();
  await printList(ctx, service, paging, {
    list: "organizationLimits",
    filter: { companyId },
    columns: limitColumns,
    page: (window) => service.organizationLimits.list({ companyId, ...window }),
  });
}
