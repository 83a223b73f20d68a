import { Command } from "commander";
import type { Context } from "../../context.js";

export interface DashboardOptions {
  readonly company?: string;
  readonly building?: string;
  readonly year?: string;
}

export function dashboardCommand(
  ctx: Context,
  run: (ctx: Context, opts: DashboardOptions) => Promise<void> = runDashboard,
): Command {
  return new Command("dashboard")
    .description("Consumption by month and subcategory, with bars and totals")
    .option("--company <id|name>", "only this company's consumptions")
    .option("--building <id|name>", "only this building's consumptions")
    .option("--year <year>", "one calendar year, e.g. 2024 (default: every month with data)")
    .addHelpText(
      "after",
      [
        "",
        "Quantities are in each subcategory's unit; a period spanning several months is shared",
        "out by day. --json prints the summary as data.",
        "",
        "Examples:",
        "  $ carbon consumptions dashboard --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --year 2024",
        "  $ carbon consumptions dashboard --year 2024 --json",
      ].join("\n"),
    )
    .action(async (flags: DashboardOptions) => {
      await run(ctx, { company: flags.company, building: flags.building, year: flags.year });
    });
}

export async function runDashboard(ctx: Context, opts: DashboardOptions): Promise<void> {
  const [{ parseYearPeriod }, { renderConsumptionDashboard }, { idResolver }] = await Promise.all([
    import("../emissions/filter-flags.js"),
    import("./dashboard-output.js"),
    import("../../id-resolver.js"),
  ]);
  const { period, year } = await parseYearPeriod(
    opts,
    idResolver(() => ctx.service()),
  );
  const service = await ctx.service();
  const summary = await service.consumptions.summarize(period);
  renderConsumptionDashboard(ctx, { summary, year, period });
}
