import { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../paging-options.js";
import type { EmissionRow } from "./columns.js";

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
  /** Ids with their names beside (absent: false). */
  readonly withNames?: boolean;
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
  readonly withNames?: boolean;
}

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return addPagingOptions(
    new Command("list")
      .description("List emissions, one per consumption (kgCO2e)")
      .option("--company <id|name>", "only this company's emissions")
      .option("--building <id|name>", "only this building's emissions")
      .option("--from <date>", "periods ending on or after this day, YYYY-MM-DD")
      .option("--to <date>", "periods starting on or before this day, YYYY-MM-DD")
      .option("--scope <scopes>", "only these scopes, e.g. 1,2")
      .option("--explain", "show how each figure was calculated: quantity, factor, source, year")
      .option(
        "--with-names",
        "building and category as ids with their names beside, plus quantity and unit",
      ),
  )
    .addHelpText(
      "after",
      [
        "",
        "co2e is kgCO2e (location-based for scope 2); co2eMarketBased is given for scope 2.",
        "status is calculated, or awaiting_factor when no emission factor applies yet.",
        "With --from/--to each figure is the share of the record's days inside the window",
        "(column share; --explain adds recordCo2e, the whole record's), so rows add up to",
        "the window's totals in `carbon emissions export` and `dashboard`.",
        "",
        "Examples:",
        "  $ carbon emissions list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --from 2024-01-01 --to 2024-12-31",
        "  $ carbon emissions list --scope 2 --explain",
        "  $ carbon emissions list --from 2025-01-01 --to 2025-12-31 --with-names --format csv",
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
        withNames: flags.withNames === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [
    { parsePaging },
    { parseEmissionFilter },
    { printShapedList },
    { createNameLookup },
    { createRowShaper },
    columns,
    { idResolver },
  ] = await Promise.all([
    import("../../flags.js"),
    import("./filter-flags.js"),
    import("../../paging.js"),
    import("./lookups.js"),
    import("./record-rows.js"),
    import("./columns.js"),
    import("../../id-resolver.js"),
  ]);
  const paging = parsePaging(opts);
  const filter = await parseEmissionFilter(
    opts,
    idResolver(() => ctx.service()),
  );
  const service = await ctx.service();
  const names = await createNameLookup(service);
  const shaper = createRowShaper(filter, opts.withNames === true ? names : undefined);
  await printShapedList(ctx, service, paging, {
    list: "emissions",
    filter,
    page: (query) => service.emissions.list({ ...filter, ...query }),
    columns: opts.explain
      ? columns.explainColumns(names, shaper.shape)
      : columns.emissionColumns(names, shaper.shape),
    shape: async (records) => {
      await names.load(records);
      const rows: EmissionRow[] = [];
      for await (const row of shaper.rows(records)) rows.push(row);
      return rows;
    },
  });
}
