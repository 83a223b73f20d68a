/**
 * The SQLite store: the tables of the Store port on one better-sqlite3 connection, and its
 * transactions. A write is BEGIN IMMEDIATE … COMMIT around the rule's promise, one at a time
 * on the connection: a second write waits for the first to end, so two writes never share a
 * transaction even when a rule awaits between statements.
 */
import type { BuildingTable, StoreTransaction } from "../../rules/store.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import { EffluentRepository } from "./effluents.js";
import { lazy } from "./lazy.js";
import { VehicleRepository } from "./vehicles.js";
import { WasteOperatorRepository } from "./waste-operators.js";

/** The port's tables as SQLite implements them (the driver's older code reads them directly). */
export interface SqliteTables extends StoreTransaction {
  readonly companies: CompanyRepository;
  readonly buildings: BuildingTable;
  readonly wasteOperators: WasteOperatorRepository;
  readonly vehicles: VehicleRepository;
  readonly effluents: EffluentRepository;
}

/** The tables, made on first use: a command prepares only the statements it runs. */
export function sqliteTables(
  db: Db,
  companies: CompanyRepository,
  // Still the driver's (src/backends/local/buildings.ts) until its rules move out; `get` finds
  // one by id or throws not_found, for the lists filtered by building.
  buildings: BuildingTable & { get(id: string): { readonly ref: number } },
): SqliteTables {
  const wasteOperators = lazy(() => new WasteOperatorRepository(db, companies));
  const vehicles = lazy(() => new VehicleRepository(db, companies, buildings));
  const effluents = lazy(() => new EffluentRepository(db, companies, buildings));
  return {
    companies,
    buildings,
    get wasteOperators() {
      return wasteOperators();
    },
    get vehicles() {
      return vehicles();
    },
    get effluents() {
      return effluents();
    },
  };
}

export class SqliteTransactions {
  readonly #db: Db;
  /** The end of the last write begun: the next one starts after it. */
  #queue: Promise<void> = Promise.resolve();
  #writing = false;
  readonly #begin;
  readonly #commit;
  readonly #rollback;

  constructor(db: Db) {
    this.#db = db;
    this.#begin = lazy(() => db.prepare("BEGIN IMMEDIATE"));
    this.#commit = lazy(() => db.prepare("COMMIT"));
    this.#rollback = lazy(() => db.prepare("ROLLBACK"));
  }

  /** True while a write of this connection is open (between its BEGIN and its end). */
  get writing(): boolean {
    return this.#writing;
  }

  /** Runs `fn` in one write transaction: committed when it resolves, rolled back when it throws. */
  async write<T>(fn: () => Promise<T>): Promise<T> {
    const turn = this.#queue;
    let done = (): void => {};
    this.#queue = new Promise((resolve) => {
      done = resolve;
    });
    await turn;
    try {
      this.#begin().run();
      this.#writing = true;
      try {
        const value = await fn();
        this.#commit().run();
        return value;
      } catch (error) {
        if (this.#db.inTransaction) this.#rollback().run();
        throw error;
      } finally {
        this.#writing = false;
      }
    } finally {
      done();
    }
  }
}
