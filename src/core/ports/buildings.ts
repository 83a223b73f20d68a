/** The buildings part of the port: the plain resource's verbs, plus moving buildings. */
import type { BuildingMoveResult } from "../model/building-move.js";
import type { PortOf } from "../resource-types.js";

/** The port's move request: the payload, plus how to run it. */
export interface BuildingMoveRequest {
  readonly buildingIds: readonly string[];
  readonly companyId: string;
  /** Work everything out, store nothing. */
  readonly dryRun?: boolean;
  /**
   * The company each building belonged to when the caller planned the move, in `buildingIds`'
   * order: one that belongs to another by then refuses the move (conflict), nothing moved.
   */
  readonly expectedCompanyIds?: readonly string[];
  /**
   * Who the audit trail names. The local engine defaults to the OS user name (or `local`); the
   * remote engine does not send it: the server records its token's user.
   */
  readonly actor?: string;
}

export interface BuildingsPort extends PortOf<"buildings"> {
  /**
   * Moves the buildings, their consumptions and emissions to `companyId`, all or nothing, and
   * recalculates the moved emissions under the target company. Buildings already there are
   * reported as unchanged. A dry run answers the same plan and stores nothing
   * (docs/buildings-move.md).
   */
  move(request: BuildingMoveRequest): Promise<BuildingMoveResult>;
}
