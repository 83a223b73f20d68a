import Database from "better-sqlite3";
import type { Db } from "./database.js";

/**
 * Connection settings for a bulk load into an empty table, made outside its transaction (SQLite
 * ignores both pragmas inside one) and undone when it ends.
 *
 * Foreign keys: every reference a row carries was looked up in the same transaction (companies,
 * buildings and categories by the session, provenance rows by the calculator, all forgotten
 * when a batch or the transaction rolls back), so the four parent lookups SQLite would make
 * per row check what is already known; they are switched off for the load.
 *
 * Journal: the journal of a bulk load into an empty table. In WAL mode every page of a million-row import
 * is written twice: into the WAL, then into the database by the checkpoint. A rollback journal
 * records only the old content of pages that existed before, so pages appended by the load are
 * written once.
 *
 * The switch is only made when no other connection has the file open (SQLite refuses to leave
 * WAL otherwise, and this never waits for it): a running `carbon serve` keeps the import in WAL.
 * While the load runs, another process that opens the file waits up to its busy timeout and
 * then reports the database busy, instead of reading the state before the import; the first
 * import into an empty database is the only one that does this. A crash leaves a hot journal
 * that SQLite rolls back on the next open, as it would a WAL. `leave` goes back to WAL; if
 * someone else has the file open by then, the next connection to open it switches it back (every
 * connection asks for WAL when it opens).
 */
export class BulkLoad {
  readonly #db: Db;
  #entered = false;
  #keysOff = false;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Outside a transaction: foreign keys off, and a rollback journal if nobody else has the file
   * open (true then).
   */
  enter(): boolean {
    const db = this.#db;
    db.pragma("foreign_keys = OFF");
    this.#keysOff = true;
    const timeout = Number(db.pragma("busy_timeout", { simple: true }));
    db.pragma("busy_timeout = 0");
    try {
      const mode = db.pragma("journal_mode = DELETE", { simple: true });
      this.#entered = mode === "delete";
      // Rollback mode syncs less than WAL under NORMAL; FULL costs two fsyncs per commit.
      if (this.#entered) db.pragma("synchronous = FULL");
    } catch (error) {
      if (!isBusy(error)) throw error;
    } finally {
      db.pragma(`busy_timeout = ${timeout}`);
    }
    return this.#entered;
  }

  /** Outside a transaction: back to WAL (see the class comment when that is refused). */
  leave(): void {
    if (this.#keysOff) {
      this.#keysOff = false;
      this.#db.pragma("foreign_keys = ON");
    }
    if (!this.#entered) return;
    this.#entered = false;
    const db = this.#db;
    db.pragma("synchronous = NORMAL");
    const timeout = Number(db.pragma("busy_timeout", { simple: true }));
    db.pragma("busy_timeout = 0");
    try {
      db.pragma("journal_mode = WAL");
    } catch (error) {
      if (!isBusy(error)) throw error;
    } finally {
      db.pragma(`busy_timeout = ${timeout}`);
    }
  }
}

function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith("SQLITE_BUSY");
}
