import { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly company?: string;
  readonly building?: string;
  readonly from?: string;
  readonly to?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface ListFlags {
  readonly company?: string;
  readonly building?: string;
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
      .description("List consumptions")
      .option("--company <id>", "only this company's consumptions")
      .option("--building <id>", "only this building's consumptions")
      .option("--from <date>", "periods ending on or after this day, YYYY-MM-DD")
      .option("--to <date>", "periods starting on or before this day, YYYY-MM-DD"),
  )
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ carbon consumptions list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
        "  $ carbon consumptions list --from 2024-01-01 --to 2024-03-31 --all --format csv",
      ].join("\n"),
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, {
        company: flags.company,
        building: flags.building,
        from: flags.from,
        to: flags.to,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [{ parsePaging }, { parsePeriod }, { printList }, { nameBook }, columns] =
    await Promise.all([
      import("../../flags.js"),
      import("../emissions/filter-flags.js"),
      import("../../paging.js"),
      import("../emissions/lookups.js"),
      import("./columns.js"),
    ]);
  const filter = parsePeriod(opts);
  const paging = parsePaging(opts);
  const service = await ctx.service();
  const names = await nameBook(service);
  await printList(ctx, service, paging, {
    list: "consumptions",
    filter,
    page: (query) => service.listConsumptions({ ...filter, ...query }),
    columns: columns.consumptionColumns(names),
    prepare: (rows) => names.add(rows.map((row) => row.buildingId)),
  });
}
