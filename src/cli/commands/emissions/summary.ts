import { Command } from "commander";
import type { Context } from "../../context.js";

export interface SummaryOptions {
  readonly company: string;
  readonly limit: string;
}

export function summaryCommand(
  ctx: Context,
  run: (ctx: Context, opts: SummaryOptions) => Promise<void> = runSummary,
): Command {
  return new Command("summary")
    .description("A company's emissions consolidated by one of its organization limits")
    .requiredOption("--company <id|name>", "the company whose limit it is")
    .requiredOption("--limit <uuid>", "the organization limit to consolidate by")
    .addHelpText(
      "after",
      [
        "",
        "Over the limit's period, each row is a part of the boundary: the company itself (its",
        "buildings listed as members aside) at 100 %, then each member, with the share the",
        "approach applies (equity_share: the member's share; a control approach: 100 %).",
        "consolidatedKg = co2eKg × appliedPercent / 100, location-based; the market-based figure",
        "beside it. The last row is the total. The limit used (name, approach, period) is printed",
        "on stderr; --json prints {limit, rows, totals}.",
        "",
        "Examples:",
        "  $ carbon emissions summary --company Acme --limit 5d0c1e2f-1111-4222-8333-444455556666",
        "  $ carbon emissions summary --company Acme --limit 5d0c1e2f-1111-4222-8333-444455556666 --json",
      ].join("\n"),
    )
    .action(async (flags: SummaryOptions) => {
      await run(ctx, flags);
    });
}

export async function runSummary(ctx: Context, opts: SummaryOptions): Promise<void> {
  const [{ parseUuid }, { idResolver }, { renderList, jsonText }, columns] = await Promise.all([
    import("../../flags.js"),
    import("../../id-resolver.js"),
    import("../../output/format.js"),
    import("../organization-limits/columns.js"),
  ]);
  const limitId = parseUuid("--limit", opts.limit);
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const service = await ctx.service();
  const result = await service.organizationLimits.consolidate(companyId, limitId);
  const { limit, totals } = result;
  ctx.io.err(
    `organization limit "${limit.name}" (${limit.id}): ${limit.approach}, ${limit.periodFrom} to ${limit.periodTo}`,
  );
  if (totals.awaitingFactor > 0) {
    ctx.io.err(
      `${totals.awaitingFactor} emissions inside the limit are awaiting a factor and count as 0`,
    );
  }
  if (ctx.globals().quiet !== true) {
    const { gwpNote } = await import("./calculation-notes.js");
    ctx.io.err(gwpNote(result.gwpSet));
  }
  const format = ctx.format();
  if (format === "json") {
    ctx.io.out(jsonText(result, true));
    return;
  }
  const total = {
    kind: "total" as const,
    consolidatedCo2e: totals.co2e,
    consolidatedCo2eMarketBased: totals.co2eMarketBased,
  };
  renderList(ctx.io, format, [...result.rows, total], columns.consolidationColumns);
}
