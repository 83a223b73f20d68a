import { Command } from "commander";
import type { Context } from "../../context.js";

export interface DashboardOptions {
  readonly company?: string;
  readonly building?: string;
  readonly year?: string;
  readonly by?: string;
  readonly limit?: string;
}

export function dashboardCommand(
  ctx: Context,
  run: (ctx: Context, opts: DashboardOptions) => Promise<void> = runDashboard,
): Command {
  return new Command("dashboard")
    .description("Emissions by month and scope (or category), with totals")
    .option("--company <id|name>", "only this company's emissions")
    .option("--building <id|name>", "only this building's emissions")
    .option("--year <year>", "one calendar year, e.g. 2024 (default: every month with data)")
    .option("--by <dimension>", "columns: scope or category (default scope)")
    .option(
      "--limit <uuid>",
      "consolidate the company's figures by this organization limit (needs --company)",
    )
    .addHelpText(
      "after",
      [
        "",
        "Scope 2 shows the location-based figure and the market-based one beside it. The totals",
        "follow the GHG Protocol's dual reporting: location-based = scope 1 + scope 2",
        "location-based + scope 3; market-based = scope 1 + scope 2 market-based + scope 3",
        "(json: totals.co2e, totals.co2eMarketBased; scope 2 alone: totals.scope2MarketBased).",
        "Category columns are location-based. A period spanning several months is shared out",
        "by day. --json prints the summary as data.",
        "With --limit, the company's figures are consolidated by that organization limit over the",
        "part of its period asked (equity share applied, as `carbon emissions summary` does); the",
        "limit used is printed on stderr and is the json's `limit`.",
        "",
        "Examples:",
        "  $ carbon emissions dashboard --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --year 2024",
        "  $ carbon emissions dashboard --year 2024 --by category",
        "  $ carbon emissions dashboard --year 2024 --json",
        "  $ carbon emissions dashboard --company Acme --year 2024 --limit 5d0c1e2f-1111-4222-8333-444455556666",
      ].join("\n"),
    )
    .action(async (flags: DashboardOptions) => {
      await run(ctx, {
        company: flags.company,
        building: flags.building,
        year: flags.year,
        by: flags.by,
        limit: flags.limit,
      });
    });
}

export async function runDashboard(ctx: Context, opts: DashboardOptions): Promise<void> {
  const [
    { parseChoice },
    { parseYearPeriod },
    { renderEmissionDashboard },
    dashboards,
    ids,
    limits,
  ] = await Promise.all([
    import("../../flags.js"),
    import("./filter-flags.js"),
    import("./dashboard-output.js"),
    import("../../render/emission-dashboard.js"),
    import("../../id-resolver.js"),
    import("./limit-flag.js"),
  ]);
  const by =
    opts.by === undefined ? "scope" : parseChoice("--by", opts.by, dashboards.dashboardDimensions);
  const limitId = limits.parseLimitFlag(opts);
  const { period, year } = await parseYearPeriod(
    opts,
    ids.idResolver(() => ctx.service()),
  );
  const service = await ctx.service();
  const summaries = limits.summarizer(ctx, service, limitId);
  const grid = await summaries.summarize({ ...period, groupBy: ["month", by] });
  const scopes = await summaries.summarize({ ...period, groupBy: ["scope"] });
  const limit = summaries.limit();
  renderEmissionDashboard(ctx, {
    grid,
    scopes,
    by,
    year,
    period,
    ...(limit === undefined ? {} : { limit }),
  });
}
