import { Command } from "commander";
import type { PageQuery } from "../../../core/model/common.js";
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
  /** Ids with their names beside (absent: false). */
  readonly withNames?: boolean;
}

interface ListFlags {
  readonly company?: string;
  readonly building?: string;
  readonly from?: string;
  readonly to?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all?: boolean;
  readonly withNames?: boolean;
}

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return addPagingOptions(
    new Command("list")
      .description("List consumptions")
      .option("--company <id|name>", "only this company's consumptions")
      .option("--building <id|name>", "only this building's consumptions")
      .option("--from <date>", "periods ending on or after this day, YYYY-MM-DD")
      .option("--to <date>", "periods starting on or before this day, YYYY-MM-DD")
      .option("--with-names", "building and category as ids with their names beside"),
  )
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ carbon consumptions list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
        '  $ carbon consumptions list --company "Acme Offices" --building "Madrid HQ"',
        "  $ carbon consumptions list --from 2024-01-01 --to 2024-03-31 --all --format csv",
        "  $ carbon consumptions list --all --with-names --format csv > consumptions.csv",
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
        withNames: flags.withNames === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [
    { parsePaging },
    { parsePeriod },
    { printList, printShapedList },
    lookups,
    columns,
    { idResolver },
  ] = await Promise.all([
    import("../../flags.js"),
    import("../emissions/filter-flags.js"),
    import("../../paging.js"),
    import("../emissions/lookups.js"),
    import("./columns.js"),
    import("../../id-resolver.js"),
  ]);
  const paging = parsePaging(opts);
  const filter = await parsePeriod(
    opts,
    idResolver(() => ctx.service()),
  );
  const service = await ctx.service();
  const names = await lookups.createNameLookup(service);
  const spec = {
    list: "consumptions",
    filter,
    page: (query: PageQuery) => service.consumptions.list({ ...filter, ...query }),
  } as const;
  if (opts.withNames === true) {
    await printShapedList(ctx, service, paging, {
      ...spec,
      columns: columns.namedConsumptionColumns,
      shape: async (rows) => {
        await names.load(rows);
        return rows.map((row) => lookups.withNames(row, names));
      },
    });
    return;
  }
  await printList(ctx, service, paging, {
    ...spec,
    columns: columns.consumptionColumns(names),
    prepare: (rows) => names.load(rows),
  });
}
