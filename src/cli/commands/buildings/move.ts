import { Command } from "commander";
import type { Context } from "../../context.js";
import type { MoveOptions } from "./move-run.js";

export type { MoveOptions } from "./move-run.js";

interface MoveFlags {
  readonly to?: string;
  readonly fromCsv?: string;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly dryRun?: boolean;
  readonly yes?: boolean;
}

export function moveCommand(
  ctx: Context,
  run: (ctx: Context, opts: MoveOptions) => Promise<void> = runMove,
): Command {
  return new Command("move")
    .description(
      "Move buildings, with their consumptions and emissions, to another company (all or nothing)",
    )
    .argument("[buildingIds...]", "building ids (UUIDs) or names")
    .option(
      "--to <company>",
      "the target company, id or name (default for rows of --from-csv without one)",
    )
    .option(
      "--from-csv <file>",
      "read building ids from a CSV: column buildingId (or id), optional target column companyId (or to)",
    )
    .option(
      "--delimiter <char>",
      "--from-csv field delimiter, one character such as ; or tab (default: detected from the header)",
    )
    .option(
      "--encoding <name>",
      '--from-csv text encoding: utf-8 (default, checked), windows-1252 (a spreadsheet\'s plain "CSV"), utf-16le',
    )
    .option("--dry-run", "print the plan (what moves, footprint before and after) and stop")
    .option("--yes", "do not ask for confirmation (needed when stdin is not a terminal)")
    .addHelpText(
      "after",
      [
        "",
        "The plan is printed on stderr first; on a terminal you are asked to confirm (answering",
        "no exits 2 and moves nothing).",
        "Moved emissions are recalculated with the target company's custom factors.",
        "",
        "Examples:",
        "  $ carbon buildings move 8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a --to 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --dry-run",
        "  $ carbon buildings move 8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a --to 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --yes",
        "  $ carbon buildings move --from-csv moves.csv --to 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --yes --json",
        "  $ carbon buildings move --from-csv traslados.csv --encoding windows-1252 --dry-run",
        '  $ carbon buildings move "Madrid HQ" "Bilbao plant" --to "Acme Iberia" --dry-run',
      ].join("\n"),
    )
    .action(async (buildingIds: string[], flags: MoveFlags) => {
      await run(ctx, {
        buildingIds,
        to: flags.to,
        fromCsv: flags.fromCsv,
        delimiter: flags.delimiter,
        encoding: flags.encoding,
        dryRun: flags.dryRun === true,
        yes: flags.yes === true,
      });
    });
}

export async function runMove(ctx: Context, opts: MoveOptions): Promise<void> {
  const { executeMove } = await import("./move-run.js");
  await executeMove(ctx, opts);
}
