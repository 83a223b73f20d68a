/**
 * What a deletion removes on PostgreSQL: a resource's rows by id, and a building's consumptions
 * and effluent records, a statement per batch of ids. Each statement removes only the rows it
 * names; the rules (src/rules/deletions.ts) decide what goes with a record, and what refuses it.
 */
import type { DeletableResource } from "../../core/model/deletion.js";
import type { DeletionTable } from "../../rules/store.js";
import { DELETABLE_TABLES } from "../table-names.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

/** The table each resource's records live in, by `id`. */
const TABLES = DELETABLE_TABLES;

/** Ids or keys a statement takes at most. */
const BATCH = 5000;

function batches<T>(values: readonly T[]): T[][] {
  const all: T[][] = [];
  for (let start = 0; start < values.length; start += BATCH) {
    all.push(values.slice(start, start + BATCH));
  }
  return all;
}

export class PostgresDeletions implements DeletionTable {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** An id that is no UUID names no record (the ids are uuid columns here). */
  async remove(resource: DeletableResource, ids: readonly string[]): Promise<void> {
    for (const some of batches(uuidsOf(ids))) {
      await this.#db.query(`DELETE FROM ${TABLES[resource]} WHERE id = ANY($1::uuid[])`, [some]);
    }
  }

  /**
   * Through the buildings' companies, so each company's rows are found on its
   * (company_ref, building_ref) index: the rules remove a building's data before the building.
   */
  async removeConsumptionsOf(buildingRefs: readonly number[]): Promise<void> {
    await this.#removeOf("consumptions", buildingRefs);
  }

  async removeEffluentsOf(buildingRefs: readonly number[]): Promise<void> {
    await this.#removeOf("effluents", buildingRefs);
  }

  async #removeOf(table: string, buildingRefs: readonly number[]): Promise<void> {
    for (const some of batches([...new Set(buildingRefs)])) {
      await this.#db.query(
        `DELETE FROM ${table} WHERE (company_ref, building_ref) IN
           (SELECT company_ref, ref FROM buildings WHERE ref = ANY($1::bigint[]))`,
        [some],
      );
    }
  }
}
