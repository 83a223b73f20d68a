import { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly company?: string;
  readonly building?: string;
  readonly from?: string;
  readonly to?: string;
  readonly scope?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
  readonly explain: boolean;
}

interface ListFlags {
  readonly company?: string;
  readonly building?: string;
  readonly from?: string;
  readonly to?: string;
  readonly scope?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all?: boolean;
  readonly explain?: boolean;
}

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return addPagingOptions(
    new Command("list")
      .description("List emissions, one per consumption (kgCO2e)")
      .option("--company <id>", "only this company's emissions")
      .option("--building <id>", "only this building's emissions")
      .option("--from <date>", "periods ending on or after this day, YYYY-MM-DD")
      .option("--to <date>", "periods starting on or before this day, YYYY-MM-DD")
      .option("--scope <scopes>", "only these scopes, e.g. 1,2")
      .option("--explain", "show how each figure was calculated: quantity, factor, source, year"),
  )
    .addHelpText(
      "after",
      [
        "",
        "co2e is kgCO2e (location-based for scope 2); co2eMarketBased is given for scope 2.",
        "status is calculated, or awaiting_factor when no emission factor applies yet.",
        "",
        "Examples:",
        "  $ carbon emissions list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --from 2024-01-01 --to 2024-12-31",
        "  $ carbon emissions list --scope 2 --explain",
        "  $ carbon emissions list --all --format csv > emissions.csv",
      ].join("\n"),
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, {
        company: flags.company,
        building: flags.building,
        from: flags.from,
        to: flags.to,
        scope: flags.scope,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
        explain: flags.explain === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [{ parsePaging }, { parseEmissionFilter }, { printList }, { nameBook }, columns] =
    await Promise.all([
      import("../../flags.js"),
      import("./filter-flags.js"),
      import("../../paging.js"),
      import("./lookups.js"),
      import("./columns.js"),
    ]);
  const filter = parseEmissionFilter(opts);
  const paging = parsePaging(opts);
  const service = await ctx.service();
  const names = await nameBook(service);
  await printList(ctx, service, paging, {
    list: "emissions",
    filter,
    page: (query) => service.listEmissions({ ...filter, ...query }),
    columns: opts.explain ? columns.explainColumns(names) : columns.emissionColumns(names),
    prepare: (rows) => names.add(rows.map((row) => row.buildingId)),
  });
}
