/** `buildings move`: requests from the flags, the plan, the confirmation, the move. */
import { CarbonError, usageError } from "../../../core/errors.js";
import type { BuildingMoveResult } from "../../../core/model/building-move.js";
import { csvOptions } from "../../../import/csv-source.js";
import type { Context } from "../../context.js";
import { type IdResolver, idResolver } from "../../id-resolver.js";
import { renderList } from "../../output/format.js";
import { confirmOrCancel } from "../../user-input.js";
import { readMoveCsv } from "./move-csv.js";
import { doneLines, moveColumns, moveRows, planLines } from "./move-output.js";

export interface MoveOptions {
  readonly buildingIds: readonly string[];
  readonly to?: string;
  readonly fromCsv?: string;
  /** `--from-csv`'s delimiter and encoding as typed; else detected, as for every CSV. */
  readonly delimiter?: string | undefined;
  readonly encoding?: string | undefined;
  readonly dryRun: boolean;
  readonly yes: boolean;
}

interface MoveGroup {
  readonly companyId: string;
  readonly buildingIds: string[];
}

/** One request per target company, in the order targets first appear. */
async function groupsOf(opts: MoveOptions, ids: IdResolver): Promise<MoveGroup[]> {
  if (opts.fromCsv !== undefined && opts.buildingIds.length > 0) {
    throw usageError("give building ids or --from-csv, not both");
  }
  if (opts.fromCsv === undefined) {
    if (opts.buildingIds.length === 0) {
      throw usageError("name the buildings to move", "give building ids, or --from-csv FILE");
    }
    if (opts.to === undefined) {
      throw usageError("missing --to: the company to move the buildings to");
    }
    const companyId = await ids.company("--to", opts.to);
    const buildingIds: string[] = [];
    for (const text of opts.buildingIds) buildingIds.push(await ids.building("building", text));
    return [{ companyId, buildingIds }];
  }
  const to = opts.to === undefined ? undefined : await ids.company("--to", opts.to);
  const groups = new Map<string, MoveGroup>();
  for (const line of await readMoveCsv(opts.fromCsv, to, csvOptions(opts))) {
    const group = groups.get(line.companyId) ?? { companyId: line.companyId, buildingIds: [] };
    group.buildingIds.push(line.buildingId);
    groups.set(line.companyId, group);
  }
  return [...groups.values()];
}

function buildingsMoving(plans: readonly BuildingMoveResult[]): number {
  return plans.reduce((total, plan) => total + plan.totals.moved, 0);
}

/** --yes, or the user's yes on a terminal; a no cancels (exit 2). */
async function confirm(ctx: Context, opts: MoveOptions, moving: number): Promise<void> {
  if (opts.yes) return;
  if (!ctx.io.stdinIsTty) {
    throw new CarbonError(
      "usage",
      "moving buildings needs a confirmation, and stdin is not a terminal",
      {
        hint: "add --yes to move without asking, or --dry-run to print the plan only",
      },
    );
  }
  const prompt = `Move ${moving} building${moving === 1 ? "" : "s"}? [y/N] `;
  await confirmOrCancel(ctx.input, prompt, "nothing was moved");
}

export async function executeMove(ctx: Context, opts: MoveOptions): Promise<void> {
  const groups = await groupsOf(
    opts,
    idResolver(() => ctx.service()),
  );
  const service = await ctx.service();
  // Every plan first: an unknown id or a refused token stops everything before anything moves.
  const plans: BuildingMoveResult[] = [];
  for (const group of groups) plans.push(await service.buildings.move({ ...group, dryRun: true }));
  const quiet = ctx.globals().quiet === true;
  if (!quiet) for (const line of planLines(plans)) ctx.io.err(line);
  const moving = buildingsMoving(plans);
  if (opts.dryRun || moving === 0) {
    renderList(ctx.io, ctx.format(), moveRows(plans), moveColumns);
    if (!quiet) ctx.io.err(opts.dryRun ? "dry run: nothing was stored" : "Nothing to move.");
    return;
  }
  await confirm(ctx, opts, moving);
  const results: BuildingMoveResult[] = [];
  try {
    // Each building must still be where the plan found it: a move made meanwhile is a conflict.
    for (const [at, group] of groups.entries()) {
      const planned = new Map(
        (plans[at]?.buildings ?? []).map((item) => [item.buildingId, item.fromCompanyId]),
      );
      const expectedCompanyIds = group.buildingIds.map((id) => planned.get(id.toLowerCase()) ?? "");
      results.push(await service.buildings.move({ ...group, expectedCompanyIds }));
    }
  } finally {
    // One request per target: when a later one fails, say what the earlier ones moved.
    if (results.length < groups.length && results.length > 0) {
      ctx.io.err(
        `${results.length} of ${groups.length} target companies were done before the failure (each all or nothing); running the same command again is safe: moved buildings show as unchanged`,
      );
    }
    if (results.length > 0) renderList(ctx.io, ctx.format(), moveRows(results), moveColumns);
    if (!quiet) for (const line of doneLines(results)) ctx.io.err(line);
  }
}
