import { Command } from "commander";
import type { EmissionFactor } from "../../../core/model/factor.js";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";
import { addPagingOptions } from "../paging-options.js";

export interface ListOptions {
  readonly key?: string;
  readonly country?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface ListFlags {
  readonly key?: string;
  readonly country?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all?: boolean;
}

export const factorColumns: readonly Column<EmissionFactor>[] = [
  { header: "key", value: (factor) => factor.key },
  { header: "country", value: (factor) => factor.country },
  { header: "year", value: (factor) => factor.year },
  { header: "unit", value: (factor) => factor.unit },
  { header: "co2e", value: (factor) => factor.co2e },
  { header: "basis", value: (factor) => factor.basis },
  { header: "source", value: (factor) => factor.source },
];

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return addPagingOptions(
    new Command("list")
      .description("List the default emission-factor library (kgCO2e per activity unit)")
      .option("--key <key>", "only factors with this key, e.g. electricity_grid")
      .option("--country <cc>", "only factors of this country or grid region, e.g. ES or US-CAMX"),
  )
    .addHelpText(
      "after",
      "\nExamples:\n  $ carbon factors list --country ES\n  $ carbon factors list --key natural_gas --all --format csv",
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, {
        key: flags.key,
        country: flags.country,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [flags, { printList }] = await Promise.all([
    import("../../flags.js"),
    import("../../paging.js"),
  ]);
  const paging = flags.parsePaging(opts);
  const key = opts.key === undefined ? undefined : flags.parseText("--key", opts.key);
  const country =
    opts.country === undefined ? undefined : flags.parseCountry("--country", opts.country);
  const filter = {
    ...(key === undefined ? {} : { key }),
    ...(country === undefined ? {} : { country }),
  };
  const service = await ctx.service();
  await printList(ctx, service, paging, {
    list: "factors",
    filter,
    page: (query) => service.factors.list({ ...filter, ...query }),
    columns: factorColumns,
  });
}
