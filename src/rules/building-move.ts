/**
 * `carbon buildings move`. Runs in one write transaction: the buildings change company, their
 * consumptions follow (their invoices and effluent records too), the moved emissions are
 * recalculated under the target company (its custom factors; its country for buildings without
 * one), and one audit record per moved building is written. Any failure rolls all of it back.
 *
 * A moved consumption keeps its id, although ids derived from a natural key include the company:
 * the id is the record's identity, and re-deriving it would break every reference to it.
 *
 * Every building is checked before any is moved, each against the target's buildings and the
 * buildings moved before it; the first refused one refuses the move.
 */
import { randomUUID } from "node:crypto";
import { CarbonError, notFound } from "../core/errors.js";
import type { MoveAuditRecord } from "../core/model/audit.js";
import {
  type BuildingMoveItem,
  type BuildingMoveResult,
  buildingMoveInputSchema,
} from "../core/model/building-move.js";
import { nameKey } from "../core/names.js";
import type { BuildingMoveRequest } from "../core/ports/buildings.js";
import { parseInput } from "../core/validate.js";
import { buildingNameTaken } from "./buildings.js";
import { companyOf } from "./companies.js";
import type { Awaitable, StoredBuilding, StoreTransaction } from "./store.js";

export interface MoveCommand {
  readonly buildingIds: readonly string[];
  readonly companyId: string;
  /** Each building's company when the move was planned (buildingIds' order), if given. */
  readonly expectedCompanyIds?: readonly string[];
  readonly actor: string;
  readonly dryRun: boolean;
}

/** What the move asks of the driver's code that is not on the port yet. */
export interface BuildingMoveDriver {
  /**
   * Redoes, in the rule's transaction, the stored emissions of the buildings' consumptions,
   * now the company's.
   */
  recalculate(
    tx: StoreTransaction,
    scope: {
      readonly companyRef: number;
      readonly buildingRefs: readonly number[];
    },
  ): Awaitable<unknown>;
}

/**
 * The request, validated (a usage error names each field at fault); `actor` names who moves
 * when the request does not.
 */
export function moveCommand(request: BuildingMoveRequest, actor: () => string): MoveCommand {
  const input = parseInput(
    buildingMoveInputSchema,
    { buildingIds: request.buildingIds, companyId: request.companyId },
    "building move",
  );
  const expected =
    request.expectedCompanyIds === undefined
      ? {}
      : { expectedCompanyIds: request.expectedCompanyIds.map((id) => id.toLowerCase()) };
  return {
    ...input,
    ...expected,
    dryRun: request.dryRun === true,
    actor: request.actor ?? actor(),
  };
}

/** Every named building, in the request's order, or one not_found listing all the missing ids. */
async function buildingsOf(
  tx: StoreTransaction,
  ids: readonly string[],
): Promise<StoredBuilding[]> {
  const stored = new Map(
    (await tx.buildings.findMany(ids)).map((building) => [building.id, building]),
  );
  const found: StoredBuilding[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const building = stored.get(id.toLowerCase());
    if (building === undefined) missing.push(id);
    else found.push(building);
  }
  const [only, ...others] = missing;
  if (only === undefined) return found;
  if (others.length === 0) throw notFound("building", only);
  throw new CarbonError("not_found", `buildings ${missing.join(", ")} not found`);
}

/** A building that another move took elsewhere since the caller planned this one. */
function movedMeanwhile(building: StoredBuilding, expected: string): CarbonError {
  return new CarbonError(
    "conflict",
    `building ${building.id} belongs to company ${building.companyId} now, not ${expected} as planned (another move got there first); nothing was moved`,
    { hint: "plan the move again (--dry-run) to see where the buildings are now" },
  );
}

/** A custom input is its company's own: consumptions naming one cannot follow their building. */
function namingInputsConflict(building: StoredBuilding, naming: number): CarbonError {
  return new CarbonError(
    "conflict",
    `building ${building.id} has ${naming} consumption${naming === 1 ? "" : "s"} naming custom inputs of company ${building.companyId}, which stay with that company`,
    {
      hint: "upsert those consumptions without provider/fuelType, move, then name the target company's inputs",
    },
  );
}

export async function moveBuildings(
  tx: StoreTransaction,
  command: MoveCommand,
  driver: BuildingMoveDriver,
): Promise<BuildingMoveResult> {
  const target = await companyOf(tx, command.companyId);
  const buildings = await buildingsOf(tx, command.buildingIds);
  buildings.forEach((building, at) => {
    const expected = command.expectedCompanyIds?.[at];
    if (expected !== undefined && building.companyId !== expected)
      throw movedMeanwhile(building, expected);
  });
  const moving = buildings.filter((building) => building.companyRef !== target.ref);
  const keys = moving.map((building) => nameKey(building.name));
  const [footprints, holders] = await Promise.all([
    tx.buildings.footprints(buildings.map((building) => building.ref)),
    keys.length === 0 ? [] : tx.buildings.findByNames(target.ref, keys),
  ]);
  // The target's building of each name: the stored ones, then each moved one as it is checked.
  const named = new Map<string, StoredBuilding>();
  keys.forEach((key, at) => {
    const holder = holders[at];
    if (holder !== undefined) named.set(key, holder);
  });
  const items = buildings.map((building, at): BuildingMoveItem => {
    const before = footprints[at];
    if (before === undefined)
      throw new Error(`building ${building.id}: its footprint was not read`);
    const unchanged = building.companyRef === target.ref;
    if (!unchanged) {
      if (before.namingInputs > 0) throw namingInputsConflict(building, before.namingInputs);
      // Checked after the buildings moved before it, so two of the same name conflict too.
      const key = nameKey(building.name);
      const other = named.get(key);
      if (other !== undefined && other.id !== building.id) {
        throw buildingNameTaken(
          target,
          other,
          "rename one of the two first (an upsert of the building by its id with another name), then move",
        );
      }
      named.set(key, building);
    }
    return {
      buildingId: building.id,
      name: building.name,
      fromCompanyId: building.companyId,
      action: unchanged ? "unchanged" : "move",
      consumptions: before.consumptions,
      emissions: before.emissions,
      awaitingFactor: before.consumptions - before.emissions,
      co2eBefore: before.co2e,
      co2eAfter: before.co2e,
    };
  });
  const moveId = randomUUID();
  const at = new Date().toISOString();
  const moved = items.filter((item) => item.action === "move");
  if (moving.length > 0) {
    const refs = moving.map((building) => building.ref);
    await tx.buildings.move(moving, target);
    await driver.recalculate(tx, { companyRef: target.ref, buildingRefs: refs });
    const after = await tx.buildings.footprints(refs);
    const records = moved.map((item, index): MoveAuditRecord => {
      const footprint = after[index];
      if (footprint === undefined) throw new Error(`building ${item.buildingId}: not read again`);
      item.co2eAfter = footprint.co2e;
      return {
        id: randomUUID(),
        moveId,
        action: "buildings.move",
        actor: command.actor,
        at,
        buildingId: item.buildingId,
        fromCompanyId: item.fromCompanyId,
        toCompanyId: target.id,
        consumptions: item.consumptions,
        emissions: item.emissions,
        awaitingFactor: item.awaitingFactor,
      };
    });
    await tx.audit.appendMoves(records);
  }
  const sum = (pick: (item: BuildingMoveItem) => number) =>
    moved.reduce((total, item) => total + pick(item), 0);
  return {
    companyId: target.id,
    companyName: target.name,
    dryRun: command.dryRun,
    moveId: command.dryRun || moved.length === 0 ? null : moveId,
    buildings: items,
    totals: {
      moved: moved.length,
      unchanged: items.length - moved.length,
      consumptions: sum((item) => item.consumptions),
      emissions: sum((item) => item.emissions),
      awaitingFactor: sum((item) => item.awaitingFactor),
    },
  };
}
