import { Command } from "commander";
import type { Effluent } from "../../../core/model/effluent.js";
import type { Context } from "../../context.js";

export interface SummaryOptions {
  readonly company: string;
  readonly year?: string;
}

export function summaryCommand(
  ctx: Context,
  run: (ctx: Context, opts: SummaryOptions) => Promise<void> = runSummary,
): Command {
  return new Command("summary")
    .description(
      "Per building and parameter: samples, exceedances of the limit, and the worst sample against its limit",
    )
    .requiredOption("--company <id|name>", "company id or name")
    .option("--year <year>", "only the limits and samples of this year (default: every year)")
    .addHelpText(
      "after",
      [
        "",
        "A sample is held against its building's limit for the same parameter and year: it",
        "exceeds it above the limit's value, or below a pH limit's minimum (on the limit is",
        "within it). The worst sample is the one furthest outside its limit (worstExcess =",
        "value − limit, or minimum − value; ≤ 0 is the margin left when none exceeded).",
        "Samples of a year without a limit are counted in withoutLimit, not compared.",
        "",
        "Examples:",
        "  $ carbon effluents summary --company Acme",
        "  $ carbon effluents summary --company Acme --year 2025 --json",
      ].join("\n"),
    )
    .action(async (opts: SummaryOptions) => {
      await run(ctx, opts);
    });
}

export async function runSummary(ctx: Context, opts: SummaryOptions): Promise<void> {
  const [
    { parseYear },
    { idResolver },
    { renderList },
    { summarizeEffluents },
    { effluentSummaryColumns },
  ] = await Promise.all([
    import("../../flags.js"),
    import("../../id-resolver.js"),
    import("../../output/format.js"),
    import("../../../core/effluent-summary.js"),
    import("./columns.js"),
  ]);
  const year = opts.year === undefined ? undefined : parseYear("--year", opts.year);
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const service = await ctx.service();
  // An unknown company is not_found on any server, not an empty summary.
  await service.companies.get(companyId);
  const records: Effluent[] = [];
  const filter = year === undefined ? { companyId } : { companyId, year };
  for await (const page of service.streamList("effluents", filter)) records.push(...page);
  renderList(ctx.io, ctx.format(), summarizeEffluents(records), effluentSummaryColumns);
}
