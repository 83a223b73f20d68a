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
  readonly withNames?: boolean;
  readonly limit?: string;
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
    .option(
      "--limit <uuid>",
      "totals consolidated by this organization limit (needs --company and --group-by)",
    )
    .option("--output <file>", "write to this file (replaced only once the export is complete)")
    .option(
      "--with-names",
      "records: building name and category code beside their ids, quantity and unit",
    )
    .addHelpText(
      "after",
      [
        "",
        "The format is --format (or --json), else the --output file's extension (.json, .ndjson or",
        ".jsonl, .csv, .tsv), else csv. Figures are kgCO2e and never rounded; a period spanning",
        "several months is shared out by day when grouping by month or year. json carries the",
        "totals, the filters and the factor library version.",
        "With --from/--to every figure of a record is the share of its days inside the window",
        "(column share; recordCo2e keeps the whole record's co2e), so the rows of adjacent",
        "windows never count a bill twice and add up to the totals.",
        "With --limit and --group-by, the company's totals are consolidated by that organization",
        "limit over the part of its period asked (equity share applied, as `carbon emissions",
        "summary` does); the limit used is printed on stderr and is the json's `limit`.",
        "",
        "Examples:",
        "  $ carbon emissions export --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --from 2024-01-01 --to 2024-12-31 --output emissions-2024.csv",
        "  $ carbon emissions export --group-by month,scope --format json",
        "  $ carbon emissions export --group-by month,scope --output totals.json",
        "  $ carbon emissions export --scope 3 --format ndjson | jq .co2e",
        "  $ carbon emissions export --from 2025-01-01 --to 2025-12-31 --with-names --output emissions-2025.csv",
        "  $ carbon emissions export --company Acme --limit 5d0c1e2f-1111-4222-8333-444455556666 --group-by month,scope --output consolidated.csv",
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
        withNames: flags.withNames === true,
        limit: flags.limit,
      });
    });
}

export async function runExport(ctx: Context, opts: ExportOptions): Promise<void> {
  const [
    { parseEmissionFilter, parseGroupBy },
    { exportFormat, writeExport },
    { checkOutputPaths },
    { idResolver },
    { parseLimitFlag },
  ] = await Promise.all([
    import("./filter-flags.js"),
    import("./export-writer.js"),
    import("../../output-paths.js"),
    import("../../id-resolver.js"),
    import("./limit-flag.js"),
  ]);
  const groupBy = opts.groupBy === undefined ? undefined : parseGroupBy(opts.groupBy);
  const limitId = parseLimitFlag(opts, { totalsOnly: groupBy === undefined });
  const format = exportFormat(ctx.globals(), opts.output);
  if (opts.output !== undefined) {
    await checkOutputPaths(ctx, [{ flag: "--output", file: opts.output }], []);
  }
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
    withNames: opts.withNames === true,
    ...(limitId === undefined ? {} : { limitId }),
  });
  if (opts.output !== undefined && ctx.io.stderrIsTty && ctx.globals().quiet !== true) {
    ctx.io.err(`wrote ${rows} ${rows === 1 ? "row" : "rows"} to ${opts.output}`);
  }
}
