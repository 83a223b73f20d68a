import { Command } from "commander";
import type { DeletableResource } from "../../core/model/deletion.js";
import type { Context } from "../context.js";

/**
 * The `delete` verb of consumptions, buildings, custom factors and suppliers: ids, a plan on
 * stderr, a confirmation (or --yes), then the deletion, audited. Only the resource's words and
 * examples differ; the work is in delete-run.ts, loaded when the command runs.
 */

export interface DeleteOptions {
  readonly ids: readonly string[];
  readonly yes: boolean;
  readonly dryRun: boolean;
  /** Buildings only: their consumptions go too. */
  readonly withConsumptions: boolean;
}

interface DeleteFlags {
  readonly yes?: boolean;
  readonly dryRun?: boolean;
  readonly withConsumptions?: boolean;
}

export interface DeleteSpec {
  readonly resource: DeletableResource;
  /** "consumption", "custom factor"... */
  readonly noun: string;
  readonly description: string;
  /** Lines printed under the options, before the examples. */
  readonly notes: readonly string[];
  /** Example command lines, without the `$ `. */
  readonly examples: readonly string[];
}

export function deleteVerb(
  ctx: Context,
  spec: DeleteSpec,
  run: (ctx: Context, opts: DeleteOptions) => Promise<void>,
): Command {
  const command = new Command("delete")
    .description(spec.description)
    .argument("<ids...>", `${spec.noun} ids (UUIDs)`)
    .option("--dry-run", "print what would be deleted and stop")
    .option("--yes", "do not ask for confirmation (needed when stdin is not a terminal)");
  if (spec.resource === "building") {
    command.option("--with-consumptions", "delete the buildings' consumptions (and emissions) too");
  }
  return command
    .addHelpText(
      "after",
      [
        "",
        "What would be deleted is printed on stderr first; on a terminal you are asked to confirm",
        "(declining exits 2). In a script pass --yes: without it, off a terminal, the command",
        "exits 2. Every deleted record is in the audit trail (carbon audit list).",
        ...spec.notes,
        "",
        "Examples:",
        ...spec.examples.map((line) => `  $ ${line}`),
      ].join("\n"),
    )
    .action(async (ids: string[], flags: DeleteFlags) => {
      await run(ctx, {
        ids,
        yes: flags.yes === true,
        dryRun: flags.dryRun === true,
        withConsumptions: flags.withConsumptions === true,
      });
    });
}

export async function runDeleteVerb(
  ctx: Context,
  opts: DeleteOptions,
  spec: DeleteSpec,
): Promise<void> {
  const { executeDelete } = await import("./delete-run.js");
  await executeDelete(ctx, opts, spec);
}
