/** What `buildings move` shows: the plan on stderr (for humans), the rows on stdout (data). */
import type { BuildingMoveItem, BuildingMoveResult } from "../../../core/model/building-move.js";
import type { Column } from "../../output/format.js";
import { formatCount, formatKilograms } from "../../render/numbers.js";

/** One building of a plan or of a move, with where it goes. */
export interface MoveRow extends BuildingMoveItem {
  readonly toCompanyId: string;
  readonly dryRun: boolean;
  /** The audit records' move id; null for a dry run or an unchanged building. */
  readonly moveId: string | null;
}

export function moveRows(results: readonly BuildingMoveResult[]): MoveRow[] {
  return results.flatMap((result) =>
    result.buildings.map((item) => ({
      ...item,
      toCompanyId: result.companyId,
      dryRun: result.dryRun,
      moveId: item.action === "move" ? result.moveId : null,
    })),
  );
}

export const moveColumns: readonly Column<MoveRow>[] = [
  { header: "buildingId", value: (row) => row.buildingId },
  { header: "name", value: (row) => row.name },
  { header: "fromCompanyId", value: (row) => row.fromCompanyId },
  { header: "toCompanyId", value: (row) => row.toCompanyId },
  { header: "action", value: (row) => row.action },
  { header: "consumptions", value: (row) => row.consumptions },
  { header: "emissions", value: (row) => row.emissions },
  { header: "awaitingFactor", value: (row) => row.awaitingFactor },
  { header: "co2eBefore", value: (row) => row.co2eBefore },
  { header: "co2eAfter", value: (row) => row.co2eAfter },
  { header: "moveId", value: (row) => row.moveId },
];

function plural(count: number, word: string): string {
  return `${formatCount(count)} ${word}${count === 1 ? "" : "s"}`;
}

/** The footprint before and after the move, or why the after is not known. */
function footprint(item: BuildingMoveItem): string {
  const before = formatKilograms(item.co2eBefore);
  return item.co2eAfter === null
    ? `${before} kgCO2e now; after the move: not calculated (the server offers no dry run)`
    : `${before} -> ${formatKilograms(item.co2eAfter)} kgCO2e`;
}

function itemLine(item: BuildingMoveItem): string {
  const who = `  ${item.name} (${item.buildingId})`;
  if (item.action === "unchanged") return `${who}: already in the target company, unchanged`;
  const waiting =
    item.awaitingFactor === 0 ? "" : `, ${formatCount(item.awaitingFactor)} awaiting a factor`;
  return (
    `${who} from company ${item.fromCompanyId}: ${plural(item.consumptions, "consumption")}` +
    ` (${plural(item.emissions, "emission")}${waiting}),` +
    ` ${footprint(item)}`
  );
}

/** The plan, per target company: each building, what moves with it, its footprint before/after. */
export function planLines(plans: readonly BuildingMoveResult[]): string[] {
  return plans.flatMap((plan) => [
    `Move ${plural(plan.totals.moved, "building")} to ${plan.companyName} (${plan.companyId}):` +
      ` ${plural(plan.totals.consumptions, "consumption")} and their emissions move with them`,
    ...plan.buildings.map(itemLine),
  ]);
}

/** `Moved 2 buildings (4 consumptions) to …; audit move id …`. */
export function doneLines(results: readonly BuildingMoveResult[]): string[] {
  return results.map(
    (result) =>
      `Moved ${plural(result.totals.moved, "building")} (${plural(result.totals.consumptions, "consumption")})` +
      ` to ${result.companyName}` +
      (result.moveId === null ? "" : `; audit move id ${result.moveId}`),
  );
}
