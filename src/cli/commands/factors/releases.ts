import { Command } from "commander";
import type { FactorRelease } from "../../../core/model/factor-release.js";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export const releaseColumns: readonly Column<FactorRelease>[] = [
  { header: "version", value: (r) => r.version },
  { header: "name", value: (r) => r.name },
  { header: "loadedAt", value: (r) => r.loadedAt },
  { header: "factors", value: (r) => r.factors },
  { header: "added", value: (r) => r.added },
  { header: "changed", value: (r) => r.changed },
  { header: "removed", value: (r) => r.removed },
  { header: "current", value: (r) => (r.current ? "yes" : "") },
  { header: "note", value: (r) => r.note },
];

export function releasesCommand(
  ctx: Context,
  run: (ctx: Context) => Promise<void> = runReleases,
): Command {
  return new Command("releases")
    .description("List the factor library releases this database has loaded, oldest first")
    .addHelpText(
      "after",
      "\nEvery release a database loads is kept: the current one prices new and changed\nconsumptions, and `carbon factors diff OLD NEW` compares any two. added, changed and\nremoved count against the release before.\n\nExamples:\n  $ carbon factors releases\n  $ carbon factors releases --json",
    )
    .action(async () => {
      await run(ctx);
    });
}

export async function runReleases(ctx: Context): Promise<void> {
  const { renderList } = await import("../../output/format.js");
  const service = await ctx.service();
  renderList(ctx.io, ctx.format(), await service.factors.releases(), releaseColumns);
}
