import { Command } from "commander";
import type { RegosAnswerRow } from "../../../core/model/regos-dashboard.js";
import type { Context } from "../../context.js";

export interface DashboardOptions {
  readonly company?: string;
  readonly building?: string;
  readonly cup?: string;
  readonly from?: string;
  readonly to?: string;
}

export function dashboardCommand(
  ctx: Context,
  run: (ctx: Context, opts: DashboardOptions) => Promise<void> = runDashboard,
): Command {
  return new Command("dashboard")
    .description(
      "The regos dashboard: per building and supply point, electricity consumed and covered by certificates, location- and market-based kgCO2e",
    )
    .requiredOption("--company <id|name>", "company id or name")
    .option("--building <id|name>", "one building of the company")
    .option("--cup <cups>", "one supply point (CUPS)")
    .option("--from <date>", "first day, YYYY-MM-DD (bills are shared out by day)")
    .option("--to <date>", "last day, YYYY-MM-DD, included")
    .addHelpText(
      "after",
      [
        "",
        "One row per building and supply point (cup empty: electricity billed to no supply point).",
        "coveredKwh are the kWh certificates cover: zero market-based emissions; the rest keeps the",
        "residual mix (or the company's market factor). coveragePercent = covered / consumed × 100.",
        "Every page of the server's GET /companies/{id}/buildings/regos-dashboard is read.",
        "",
        "Examples:",
        "  $ carbon certificates dashboard --company Acme",
        "  $ carbon certificates dashboard --company Acme --building 'Madrid HQ' --from 2024-01-01 --to 2024-12-31",
        "  $ carbon certificates dashboard --company Acme --cup ES0021000000000001AB --json",
      ].join("\n"),
    )
    .action(async (flags: DashboardOptions) => {
      await run(ctx, flags);
    });
}

export async function runDashboard(ctx: Context, opts: DashboardOptions): Promise<void> {
  const [
    { parsePeriod },
    { idResolver },
    { parseText },
    { renderList },
    { regosColumns },
    pages,
    { usageError },
  ] = await Promise.all([
    import("../emissions/filter-flags.js"),
    import("../../id-resolver.js"),
    import("../../flags.js"),
    import("../../output/format.js"),
    import("./columns.js"),
    import("../../../backends/remote/pages.js"),
    import("../../../core/errors.js"),
  ]);
  const cup = opts.cup === undefined ? undefined : parseText("--cup", opts.cup);
  const period = await parsePeriod(
    opts,
    idResolver(() => ctx.service()),
  );
  const companyId = period.companyId;
  if (companyId === undefined) throw usageError("--company is required");
  const service = await ctx.service();
  const rows: RegosAnswerRow[] = [];
  const query = {
    companyId,
    ...(period.buildingId === undefined ? {} : { buildingId: period.buildingId }),
    ...(cup === undefined ? {} : { cup }),
    ...(period.from === undefined ? {} : { startDate: period.from }),
    ...(period.to === undefined ? {} : { endDate: period.to }),
  };
  for await (const page of pages.allPages(
    (window) => service.certificates.dashboard({ ...query, ...window }),
    500,
  )) {
    rows.push(...page);
  }
  renderList(ctx.io, ctx.format(), rows, regosColumns);
}
