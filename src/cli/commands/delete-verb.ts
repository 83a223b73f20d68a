import { Command } from "commander";
import type { Context } from "../context.js";
import type { DeleteOptions, DeleteSpec } from "./delete-run.js";

export type { DeleteOptions, DeleteSpec } from "./delete-run.js";

/**
 * The `delete` verb of consumptions, buildings, custom factors and suppliers: ids, a plan on
 * stderr, a confirmation (or --yes), then the deletion, audited. Only the resource's words and
 * examples differ; the work is in delete-run.ts, loaded when the command runs.
 */

interface DeleteFlags {
  readonly yes?: boolean;
  readonly dryRun?: boolean;
  readonly withConsumptions?: boolean;
  readonly company?: string;
}

export function deleteVerb(
  ctx: Context,
  spec: DeleteSpec,
  run: (ctx: Context, opts: DeleteOptions) => Promise<void>,
): Command {
  const command = new Command("delete")
    .description(spec.description)
    .argument(
      "<ids...>",
      spec.resource === "building" ? "building ids or names" : `${spec.noun} ids (UUIDs)`,
    );
  if (spec.underCompany === true) {
    command.requiredOption("--company <id|name>", `the company the ${spec.noun}s belong to`);
  }
  command
    .option("--dry-run", "print what would be deleted and stop")
    .option("--yes", "do not ask for confirmation (needed when stdin is not a terminal)");
  if (spec.resource === "building") {
    command.option(
      "--with-consumptions",
      "delete the buildings' consumptions (and emissions) and effluent records too",
    );
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
        ...(flags.company === undefined ? {} : { company: flags.company }),
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
