import { Command } from "commander";
import type { Context } from "../../context.js";

export interface ExportOptions {
  readonly company?: string;
  readonly building?: string;
  readonly from?: string;
  readonly to?: string;
  readonly scope?: string;
  readonly groupBy?: string;
  readonly output?: string;
}

export function exportCommand(
  ctx: Context,
  run: (ctx: Context, opts: ExportOptions) => Promise<void> = runExport,
): Command {
  return new Command("export")
    .description("Export emissions (every record, or totals grouped) as csv, json or ndjson")
    .option("--company <id|name>", "only this company's emissions")
    .option("--building <id|name>", "only this building's emissions")
    .option("--from <date>", "periods ending on or after this day, YYYY-MM-DD")
    .option("--to <date>", "periods starting on or before this day, YYYY-MM-DD")
    .option("--scope <scopes>", "only these scopes, e.g. 1,2")
    .option(
      "--group-by <keys>",
      "totals by scope, category, subcategory, building, month or year (comma-separated)",
    )
    .option("--output <file>", "write to this file (replaced only once the export is complete)")
    .addHelpText(
      "after",
      [
        "",
        "The format is csv unless --format json|ndjson|tsv (or --json) says otherwise. Figures are",
        "kgCO2e and never rounded; a period spanning several months is shared out by day when",
        "grouping by month or year. json carries the totals, the filters and the factor library version.",
        "",
        "Examples:",
        "  $ carbon emissions export --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --from 2024-01-01 --to 2024-12-31 --output emissions-2024.csv",
        "  $ carbon emissions export --group-by month,scope --format json",
        "  $ carbon emissions export --scope 3 --format ndjson | jq .co2e",
      ].join("\n"),
    )
    .action(async (flags: ExportOptions) => {
      await run(ctx, {
        company: flags.company,
        building: flags.building,
        from: flags.from,
        to: flags.to,
        scope: flags.scope,
        groupBy: flags.groupBy,
        output: flags.output,
      });
    });
}

export async function runExport(ctx: Context, opts: ExportOptions): Promise<void> {
  const [{ parseEmissionFilter, parseGroupBy }, { exportFormat, writeExport }, { idResolver }] =
    await Promise.all([
      import("./filter-flags.js"),
      import("./export-writer.js"),
      import("../../id-resolver.js"),
    ]);
  const groupBy = opts.groupBy === undefined ? undefined : parseGroupBy(opts.groupBy);
  const format = exportFormat(ctx.globals());
  const filter = await parseEmissionFilter(
    opts,
    idResolver(() => ctx.service()),
  );
  const service = await ctx.service();
  const rows = await writeExport(ctx, service, {
    filter,
    groupBy,
    format,
    ...(opts.output === undefined ? {} : { output: opts.output }),
  });
  if (opts.output !== undefined && ctx.io.stderrIsTty && ctx.globals().quiet !== true) {
    ctx.io.err(`wrote ${rows} ${rows === 1 ? "row" : "rows"} to ${opts.output}`);
  }
}
