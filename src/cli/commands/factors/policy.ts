import { Command } from "commander";
import type { Context } from "../../context.js";
import type { PolicyOptions } from "./policy-run.js";

export type { PolicyOptions } from "./policy-run.js";

interface PolicyFlags {
  readonly dryRun?: boolean;
  readonly yes?: boolean;
}

type Run = (ctx: Context, opts: PolicyOptions) => Promise<void>;

const CONFIRMATION = [
  "With a value the database's policy changes and every emission is recalculated under it, in",
  "one transaction: the change per company goes to stdout and a summary to stderr. On a",
  "terminal you are asked to confirm first (answering no exits 2 and changes nothing);",
  "elsewhere give --yes. --dry-run prints the change and stores nothing. Local engine only.",
];

/** One setting of the database's policy: shown without a value, changed with one. */
function policyCommand(
  ctx: Context,
  run: Run,
  setting: PolicyOptions["setting"],
  text: {
    readonly name: string;
    readonly description: string;
    readonly argument: readonly [string, string];
    readonly help: readonly string[];
    readonly examples: readonly string[];
  },
): Command {
  return new Command(text.name)
    .description(text.description)
    .argument(...text.argument)
    .option("--dry-run", "print the change per company and store nothing")
    .option("--yes", "do not ask for confirmation (needed when stdin is not a terminal)")
    .addHelpText(
      "after",
      ["", ...text.help, "", ...CONFIRMATION, "", "Examples:", ...text.examples].join("\n"),
    )
    .action(async (value: string | undefined, flags: PolicyFlags) => {
      await run(ctx, { setting, value, dryRun: flags.dryRun === true, yes: flags.yes === true });
    });
}

/** `carbon factors gwp [AR5|AR6]`: the GWP set every CO2e of the database is stated in. */
export function gwpCommand(ctx: Context, run: Run = runPolicy): Command {
  return policyCommand(ctx, run, "gwp", {
    name: "gwp",
    description: "Show or change the database's GWP set (AR5 or AR6), recalculating every emission",
    argument: ["[set]", "AR5 or AR6"],
    help: [
      "A new database states CO2e in AR5 (the GWPs DESNZ and the EPA publish in). Factors",
      "published in another set are restated from their gases (CO2 + CH4 x GWP + N2O x GWP)",
      "with the library's GWP rows of the set; one that gives no gases keeps its published",
      "total and set, counted as not converted in every summary. Choose AR6 before importing",
      "anything to create the database on AR6 (nothing to recalculate).",
    ],
    examples: [
      "  $ carbon factors gwp",
      "  $ carbon factors gwp AR6 --dry-run",
      "  $ carbon factors gwp AR6 --yes",
      "  $ carbon factors gwp AR5 --yes --json",
    ],
  });
}

/** `carbon factors proxies [allow|refuse]`: whether another geography's factor may stand in. */
export function proxiesCommand(ctx: Context, run: Run = runPolicy): Command {
  return policyCommand(ctx, run, "proxies", {
    name: "proxies",
    description:
      "Show, allow or refuse labelled proxies (another geography's designated factor), recalculating every emission",
    argument: ["[policy]", "allow or refuse"],
    help: [
      "Where a country has no factor of its own (water and waste in Spain, fuels outside the",
      "UK...), fixtures/factors/proxies.csv designates another geography's factor, with a",
      "reason. Allowed (the default), such an emission is calculated and labelled: resolution",
      "proxy, geography of the factor, counted in summaries. Refused, it awaits a factor. The",
      "policy is the database's, so later recalculations keep it; `carbon factors resolve",
      "--no-proxy` shows what refusing would do to one consumption.",
    ],
    examples: [
      "  $ carbon factors proxies",
      "  $ carbon factors proxies refuse --dry-run",
      "  $ carbon factors proxies refuse --yes",
      "  $ carbon factors proxies allow --yes",
    ],
  });
}

export async function runPolicy(ctx: Context, opts: PolicyOptions): Promise<void> {
  const { executePolicy } = await import("./policy-run.js");
  await executePolicy(ctx, opts);
}
