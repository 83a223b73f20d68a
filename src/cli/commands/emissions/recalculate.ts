import { Command } from "commander";
import type { Context } from "../../context.js";
import type { RecalculateOptions } from "./recalculate-run.js";

export function recalculateCommand(
  ctx: Context,
  run: (ctx: Context, opts: RecalculateOptions) => Promise<void> = runRecalculate,
): Command {
  return new Command("recalculate")
    .description(
      "Recalculate stored emissions under the factors in use now; print the change per company, scope and category",
    )
    .option("--company <id|name>", "only this company (default: every company)")
    .option("--dry-run", "print the change, store nothing")
    .option(
      "--max-change <percent>",
      "store nothing and exit 3 when a company's total (location- or market-based) would move by more than this",
    )
    .option(
      "--library <version|name>",
      "price with a library release this database keeps (carbon factors releases) instead of the current one",
    )
    .option("--yes", "do not ask for confirmation (needed when stdin is not a terminal)")
    .addHelpText(
      "after",
      [
        "",
        "Stored emissions keep the factors they were calculated with, so a new factor library,",
        "a changed GWP set or a custom factor added for past years moves nothing until you",
        "recalculate. The change is worked out first (a dry run) and printed: one row per",
        "company, scope and category (before, after, change in kg and %), the companies' totals",
        "on stderr; then, after a confirmation, the same recalculation is stored in one",
        "transaction. --max-change is a gate for CI: beyond it nothing is stored and the",
        "command exits 3. --library prices with an earlier release the database keeps (carbon",
        "factors releases), e.g. to keep a baseline year on the library it was reported with;",
        "later writes use the current release again. --json prints the whole report.",
        "",
        "Examples:",
        "  $ carbon emissions recalculate --dry-run",
        "  $ carbon emissions recalculate --company Acme --yes",
        "  $ carbon emissions recalculate --max-change 5 --yes --json    # fail a CI job on factor drift",
        '  $ carbon emissions recalculate --company Acme --library "2025 base library" --dry-run',
      ].join("\n"),
    )
    .action(
      async (flags: {
        company?: string;
        dryRun?: boolean;
        maxChange?: string;
        library?: string;
        yes?: boolean;
      }) => {
        await run(ctx, {
          ...(flags.company === undefined ? {} : { company: flags.company }),
          ...(flags.maxChange === undefined ? {} : { maxChange: flags.maxChange }),
          ...(flags.library === undefined ? {} : { library: flags.library }),
          dryRun: flags.dryRun === true,
          yes: flags.yes === true,
        });
      },
    );
}

export async function runRecalculate(ctx: Context, opts: RecalculateOptions): Promise<void> {
  const { executeRecalculation } = await import("./recalculate-run.js");
  await executeRecalculation(ctx, opts);
}
