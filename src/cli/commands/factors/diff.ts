import { Command } from "commander";
import type { FactorChange } from "../../../core/model/factor-release.js";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export interface DiffOptions {
  readonly from: string;
  readonly to: string;
}

export const changeColumns: readonly Column<FactorChange>[] = [
  { header: "change", value: (c) => c.change },
  { header: "key", value: (c) => c.key },
  { header: "country", value: (c) => c.country },
  { header: "year", value: (c) => c.year },
  { header: "unit", value: (c) => c.unit },
  { header: "scope", value: (c) => c.scope },
  { header: "oldCo2e", value: (c) => c.old?.co2e ?? null },
  { header: "newCo2e", value: (c) => c.new?.co2e ?? null },
  { header: "fields", value: (c) => c.fields.join(" ") },
  { header: "source", value: (c) => c.source },
];

export function diffCommand(
  ctx: Context,
  run: (ctx: Context, opts: DiffOptions) => Promise<void> = runDiff,
): Command {
  return new Command("diff")
    .description("List the factors added, changed and removed between two library releases")
    .argument("<old>", "the older release: its version (lib-...) or name")
    .argument("<new>", "the newer release: its version or name")
    .addHelpText(
      "after",
      '\nA changed factor is one id with another value, gas split (co2, ch4, n2o), biogenic CO2,\nGWP set or calorific basis: fields names which; --json prints old and new in full.\nA release this database has not loaded exits 5 (see carbon factors releases).\n\nExamples:\n  $ carbon factors diff lib-0123456789ab lib-b066f5dda961\n  $ carbon factors diff "2025 base library" "2026 open sources" --format csv',
    )
    .action(async (from: string, to: string) => {
      await run(ctx, { from, to });
    });
}

export async function runDiff(ctx: Context, opts: DiffOptions): Promise<void> {
  const [flags, { renderList }] = await Promise.all([
    import("../../flags.js"),
    import("../../output/format.js"),
  ]);
  const from = flags.parseText("OLD", opts.from);
  const to = flags.parseText("NEW", opts.to);
  const service = await ctx.service();
  const changes = await service.factors.diff({ from, to });
  renderList(ctx.io, ctx.format(), changes, changeColumns);
  if (ctx.globals().quiet === true) return;
  const count = (kind: FactorChange["change"]) => changes.filter((c) => c.change === kind).length;
  ctx.io.err(
    `${from} -> ${to}: ${count("added")} added, ${count("changed")} changed, ${count("removed")} removed`,
  );
}
