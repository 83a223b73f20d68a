import { Command } from "commander";
import type { Context } from "../../context.js";

export interface GetOptions {
  readonly id: string;
}

export function getCommand(
  ctx: Context,
  run: (ctx: Context, opts: GetOptions) => Promise<void> = runGet,
): Command {
  return new Command("get")
    .description("Show one GLEC entry's calculation, leg by leg (json: the whole entry)")
    .argument("<id>", "entry id (UUID)")
    .addHelpText(
      "after",
      "\nTable, tsv and csv print one row per leg (method, tonne-km, energy, TTW/WTT/WTW kg CO2e,\nfactor and source) and the totals on stderr; json and ndjson print the stored entry.\n\nExamples:\n  $ carbon glec get 6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b\n  $ carbon glec get 6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b --json",
    )
    .action(async (id: string) => {
      await run(ctx, { id });
    });
}

export async function runGet(ctx: Context, opts: GetOptions): Promise<void> {
  const [{ parseUuid }, { renderList, renderObject }, columns] = await Promise.all([
    import("../../flags.js"),
    import("../../output/format.js"),
    import("./columns.js"),
  ]);
  const id = parseUuid("entry id", opts.id);
  const service = await ctx.service();
  const entry = await service.glec.get(id);
  const format = ctx.format();
  const calculation = entry.calculation;
  if (format === "json" || format === "ndjson" || calculation === undefined) {
    // A server that calculates otherwise (the hosted service) sends no calculation of ours.
    renderObject(ctx.io, format, entry, columns.entryColumns);
    return;
  }
  renderList(ctx.io, format, columns.legRows(entry.id, calculation), columns.entryLegColumns);
  if (ctx.globals().quiet !== true) ctx.io.err(columns.totalsLine(entry.id, calculation));
}
