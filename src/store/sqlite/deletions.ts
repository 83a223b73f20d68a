/**
 * What a deletion removes in SQLite: a resource's rows by id, and a building's consumptions and
 * effluent records. Each statement removes only the rows it names; the rules
 * (src/rules/deletions.ts) decide what goes with a record, and what refuses it.
 */
import type Database from "better-sqlite3";
import type { DeletableResource } from "../../core/model/deletion.js";
import type { DeletionTable } from "../../rules/store.js";
import { DELETABLE_TABLES } from "../table-names.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

/** The table each resource's records live in, by `id`. */
const TABLES = DELETABLE_TABLES;

type Statement = Database.Statement<[string], unknown>;

export class DeletionStore implements DeletionTable {
  readonly #db: Db;
  /** Each resource's removal by ids, prepared on first use. */
  readonly #removals = new Map<DeletableResource, Statement>();
  readonly #consumptionsOf;
  readonly #effluentsOf;

  constructor(db: Db) {
    this.#db = db;
    this.#consumptionsOf = lazy(() =>
      db.prepare<[number]>("DELETE FROM consumptions WHERE building_ref = ?"),
    );
    this.#effluentsOf = lazy(() =>
      db.prepare<[number]>("DELETE FROM effluents WHERE building_ref = ?"),
    );
  }

  /** One statement for all the ids: they go as one JSON array. */
  remove(resource: DeletableResource, ids: readonly string[]): void {
    if (ids.length === 0) return;
    let statement = this.#removals.get(resource);
    if (statement === undefined) {
      statement = this.#db.prepare<[string]>(
        `DELETE FROM ${TABLES[resource]} WHERE id IN (SELECT value FROM json_each(?))`,
      );
      this.#removals.set(resource, statement);
    }
    statement.run(JSON.stringify(ids));
  }

  removeConsumptionsOf(buildingRefs: readonly number[]): void {
    for (const ref of buildingRefs) this.#consumptionsOf().run(ref);
  }

  removeEffluentsOf(buildingRefs: readonly number[]): void {
    for (const ref of buildingRefs) this.#effluentsOf().run(ref);
  }
}
