/**
 * The buildings part of the local engine: the repository's list, get and upsert inside the
 * service's read and write wrappers, a country change recalculating the building's emissions,
 * and the all-or-nothing move (building-move.ts).
 */
import type { Building, BuildingInput } from "../../core/model/building.js";
import {
  type BuildingMoveResult,
  buildingMoveInputSchema,
} from "../../core/model/building-move.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { BuildingMoveRequest, BuildingsPort } from "../../core/ports/buildings.js";
import type { BuildingFilter } from "../../core/resources/buildings.js";
import { parseInput } from "../../core/validate.js";
import { localActor } from "../../runtime/local-actor.js";
import type { StoredCompany } from "../../store/sqlite/companies.js";
import { type MoveParts, moveBuildings } from "./building-move.js";
import { type StoredBuilding, toBuilding } from "./buildings.js";
import type { RefCache } from "./ref-cache.js";
import { rolledBack, withRollback } from "./transaction-tools.js";

/** What the part needs of its LocalService: storage, and the service's transaction wrappers. */
export interface LocalBuildingsContext extends MoveParts {
  readonly refs: RefCache;
  /** Translates storage errors (a read). */
  guard<T>(fn: () => T): T;
  /** One write transaction, refused while an import session is open. */
  write<T>(fn: () => T): T;
}

export class LocalBuildings implements BuildingsPort {
  readonly #c: LocalBuildingsContext;

  constructor(context: LocalBuildingsContext) {
    this.#c = context;
  }

  async list(query: BuildingFilter & PageQuery): Promise<Page<Building>> {
    return this.#c.guard(() => this.#c.buildings.list(query));
  }

  async get(id: string): Promise<Building> {
    return this.#c.guard(() => toBuilding(this.#c.buildings.get(id)));
  }

  async upsert(input: BuildingInput): Promise<Building> {
    return this.#c.write(() => toBuilding(this.store(input)));
  }

  /**
   * The upsert inside a write already open (an import's `--create-buildings` too): `companyOf`
   * finds the company where the caller keeps its own view of them.
   */
  store(
    input: BuildingInput,
    companyOf?: (id: string) => StoredCompany | undefined,
  ): StoredBuilding {
    const { building, before } = this.#c.buildings.upsert(input, companyOf);
    this.#c.refs.invalidate(); // the name may have changed
    if (before !== undefined && before.country !== building.country) {
      this.#c.recalculate({ companyRef: building.companyRef, buildingRef: building.ref });
    }
    return building;
  }

  /** One transaction (see building-move.ts); a dry run runs it and rolls it back. */
  async move(request: BuildingMoveRequest): Promise<BuildingMoveResult> {
    const input = parseInput(
      buildingMoveInputSchema,
      { buildingIds: request.buildingIds, companyId: request.companyId },
      "building move",
    );
    const dryRun = request.dryRun === true;
    const command = { ...input, dryRun, actor: request.actor ?? localActor() };
    const run = () => moveBuildings(this.#c, command);
    if (!dryRun) return this.#c.write(run);
    return rolledBack(() => this.#c.write(withRollback(run)));
  }
}
