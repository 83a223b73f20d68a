/**
 * The one transaction of an import session on SQLite (local-import-session.ts says what it
 * promises): BEGIN IMMEDIATE at open, a savepoint per batch, COMMIT or ROLLBACK at the end. Into
 * an empty consumptions table it loads in bulk: the table's indexes set aside at open and built
 * again before COMMIT (bulk-indexes.ts), foreign keys off and a rollback journal while nobody
 * else has the file open (bulk-load.ts).
 */
import Database from "better-sqlite3";
import { CarbonError } from "../../core/errors.js";
import type { BulkIndexes } from "./bulk-indexes.js";
import type { BulkLoad } from "./bulk-load.js";
import type { Db } from "./database.js";

/** Whether the consumptions table was empty at open, and the bulk load when there is one. */
export interface ImportStart {
  readonly empty: boolean;
  /** Set while the indexes are set aside: `leave` builds them again (the ordinary path). */
  readonly bulk: { active(): boolean; leave(): void } | undefined;
}

export class SqliteImportTransaction {
  readonly #db: Db;
  readonly #indexes: BulkIndexes;
  readonly #bulkLoad: BulkLoad;

  constructor(db: Db, indexes: BulkIndexes, bulkLoad: BulkLoad) {
    this.#db = db;
    this.#indexes = indexes;
    this.#bulkLoad = bulkLoad;
  }

  /** BEGIN IMMEDIATE, in bulk when the consumptions table is empty. */
  begin(): ImportStart {
    const indexes = this.#indexes;
    const bulkLoad = this.#bulkLoad;
    if (indexes.tableEmpty()) bulkLoad.enter();
    try {
      this.#db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      bulkLoad.leave();
      throw error;
    }
    try {
      const empty = indexes.tableEmpty();
      if (!indexes.dropIfEmpty()) return { empty, bulk: undefined };
      return { empty, bulk: { active: () => indexes.dropped, leave: () => indexes.restore() } };
    } catch (error) {
      this.#db.exec("ROLLBACK");
      bulkLoad.leave();
      throw error;
    }
  }

  /** A batch begins: what it writes can be taken back alone (`undoBatch`). */
  beginBatch(): void {
    this.#db.exec("SAVEPOINT carbon_batch");
  }

  endBatch(): void {
    this.#db.exec("RELEASE carbon_batch");
  }

  /** Takes the batch back; false when SQLite had rolled the whole transaction back itself. */
  undoBatch(): boolean {
    if (!this.#db.inTransaction) return false;
    this.#db.exec("ROLLBACK TO carbon_batch");
    this.#db.exec("RELEASE carbon_batch");
    return true;
  }

  /**
   * COMMIT, the indexes built again first (two rows with one id, a broken `uniqueIds` promise,
   * fail here: nothing is stored) and `settle` run on the rows as they will be stored.
   */
  commit(settle: () => void): void {
    try {
      this.#indexes.restore();
    } catch (error) {
      if (error instanceof Database.SqliteError && error.code === "SQLITE_CONSTRAINT_UNIQUE") {
        throw new CarbonError(
          "conflict",
          "two rows of this import have the same id: nothing was stored",
          { cause: error },
        );
      }
      throw error;
    }
    settle();
    this.#db.exec("COMMIT");
  }

  rollback(): void {
    this.#db.exec("ROLLBACK");
  }

  /** A COMMIT that failed (busy, disk full) may leave the transaction open: roll it back. */
  rollbackIfOpen(): void {
    if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
  }

  /** The transaction is over: the connection goes back to its ordinary state. */
  close(): void {
    this.#indexes.forget();
    this.#bulkLoad.leave();
  }
}
