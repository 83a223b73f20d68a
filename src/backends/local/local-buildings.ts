/**
 * The buildings part of the local engine: list, get and upsert are the rules' (src/rules/
 * buildings.ts) in the rules' transactions, a country change recalculating the building's
 * emissions with the driver's calculator; and the all-or-nothing move (src/rules/building-move.ts),
 * its recalculation the driver's too.
 */
import type { Building, BuildingInput } from "../../core/model/building.js";
import type { BuildingMoveResult } from "../../core/model/building-move.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { BuildingMoveRequest, BuildingsPort } from "../../core/ports/buildings.js";
import type { BuildingFilter } from "../../core/resources/buildings.js";
import { type BuildingMoveDriver, moveBuildings, moveCommand } from "../../rules/building-move.js";
import {
  type BuildingDriver,
  type BuildingTransaction,
  getBuilding,
  listBuildings,
  toBuilding,
  upsertBuilding,
} from "../../rules/buildings.js";
import type { RecalculationScope } from "../../rules/recalculate.js";
import type {
  StoredBuilding,
  StoredCompany,
  StoreTransaction,
  StoreTransactions,
} from "../../rules/store.js";
import { localActor } from "../../runtime/local-actor.js";
import { rolledBackRule } from "./transaction-tools.js";

/** What the part needs of its LocalService: its transactions, and the calculator. */
export interface LocalBuildingsContext {
  /** The rules' transactions (src/rules/store.ts). */
  readonly rules: StoreTransactions;
  /** Invalidates the calculator's caches and recalculates the scope's emissions in place. */
  readonly recalculate: (tx: StoreTransaction, scope: RecalculationScope) => Promise<number>;
  /** Forget the references kept: a building's name changed. */
  readonly forget: () => void;
}

export class LocalBuildings implements BuildingsPort {
  readonly #c: LocalBuildingsContext;
  /** A move recalculates the moved buildings' emissions under their new company. */
  readonly #moveDriver: BuildingMoveDriver;

  constructor(context: LocalBuildingsContext) {
    this.#c = context;
    this.#moveDriver = {
      recalculate: async (tx, { companyRef, buildingRefs }) => {
        for (const buildingRef of buildingRefs) {
          await context.recalculate(tx, { companyRef, buildingRef });
        }
      },
    };
  }

  /** A country change recalculates the building's emissions, with the driver's calculator. */
  #driver(tx: StoreTransaction): BuildingDriver {
    return { recalculate: (scope) => this.#c.recalculate(tx, scope) };
  }

  async list(query: BuildingFilter & PageQuery): Promise<Page<Building>> {
    return this.#c.rules.read((t) => listBuildings(t, query));
  }

  async get(id: string): Promise<Building> {
    return this.#c.rules.read((t) => getBuilding(t, id));
  }

  async upsert(input: BuildingInput): Promise<Building> {
    return this.#c.rules.write(async (t) => toBuilding(await this.#upsert(t, t, input)));
  }

  /**
   * The upsert inside a write already open: an import's `--create-buildings`, in its session's
   * transaction, `companyOf` finding the company where the session keeps its own view of them.
   */
  async store(
    tx: StoreTransaction,
    input: BuildingInput,
    companyOf: (id: string) => StoredCompany | undefined,
  ): Promise<StoredBuilding> {
    return this.#upsert(tx, { companies: { find: companyOf }, buildings: tx.buildings }, input);
  }

  async #upsert(
    tx: StoreTransaction,
    view: BuildingTransaction,
    input: BuildingInput,
  ): Promise<StoredBuilding> {
    const { building } = await upsertBuilding(view, input, this.#driver(tx));
    this.#c.forget(); // the name may have changed
    return building;
  }

  /** One transaction (see src/rules/building-move.ts); a dry run runs it and rolls it back. */
  async move(request: BuildingMoveRequest): Promise<BuildingMoveResult> {
    const command = moveCommand(request, localActor);
    const run = (t: StoreTransaction) => moveBuildings(t, command, this.#moveDriver);
    if (!command.dryRun) return this.#c.rules.write(run);
    return rolledBackRule(this.#c.rules, run);
  }
}
