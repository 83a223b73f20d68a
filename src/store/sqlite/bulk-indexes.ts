import { availableParallelism } from "node:os";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

/**
 * Page cache while the indexes are set aside, and for the sorts that build them again. Appends
 * touch only the last pages of the table, so a small cache costs no time and keeps the import
 * within its memory budget.
 */
const BULK_CACHE_KIB = 4 * 1024;

/**
 * Helper threads for the sort that builds a unique index (PRAGMA threads). The parse worker has
 * finished by then, so on a 2-core machine the second core is idle. Each helper sorts within its
 * own cache-sized memory, so the import's peak (while parsing) is not raised.
 */
const SORT_HELPERS = Math.min(4, Math.max(1, availableParallelism() - 1));

/**
 * Helpers for an index's sort: only a unique index's. The ids' sort (long text keys) is faster
 * with a helper; the company index's (two small integers, few distinct) is slower with one,
 * since merging the helper's runs costs more than sorting them (bench/NOTES.md).
 */
const helpersFor = (index: IndexSql): number =>
  /^\s*CREATE\s+UNIQUE\b/i.test(index.sql) ? SORT_HELPERS : 0;

interface IndexSql {
  readonly name: string;
  readonly sql: string;
}

/** SQL that lists the indexes or the triggers of `consumptions`, with the SQL that makes each. */
const setAsideSql = (type: "index" | "trigger") =>
  `SELECT name, sql FROM sqlite_schema WHERE type = '${type}' AND tbl_name = 'consumptions' AND sql IS NOT NULL`;

/**
 * The indexes and triggers of `consumptions`, set aside while a bulk import fills an empty
 * table and made again (from their own stored SQL, so this never drifts from the schema) before
 * it commits. A trigger invoked for each of a million new rows costs about a tenth of the import;
 * `afterTriggers` does once, when they are back, what they would have done for the new rows.
 * DDL is transactional: a rollback brings the indexes back by itself, and no other connection
 * ever sees the table without them. The state is read from sqlite_schema each time, so a
 * savepoint rolled back after `restore` cannot leave it wrong.
 */
export class BulkIndexes {
  readonly #db: Db;
  readonly #present;
  #set: readonly IndexSql[] = [];
  #triggers: readonly IndexSql[] = [];
  readonly #afterTriggers: () => void;
  /** cache_size before bulk mode lowered it; undefined when not lowered. */
  #cacheSize: number | undefined;

  constructor(db: Db, afterTriggers: () => void = () => {}) {
    this.#db = db;
    this.#afterTriggers = afterTriggers;
    this.#present = lazy(() =>
      db
        .prepare<[], string>(
          "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'consumptions'",
        )
        .pluck(),
    );
  }

  #missing(): IndexSql[] {
    if (this.#set.length === 0) return [];
    const present = new Set(this.#present().all());
    return this.#set.filter((index) => !present.has(index.name));
  }

  /** True while some index set aside is missing. */
  get dropped(): boolean {
    return this.#missing().length > 0;
  }

  /** True if `consumptions` has no row. */
  tableEmpty(): boolean {
    return this.#db.prepare("SELECT NOT EXISTS (SELECT 1 FROM consumptions)").pluck().get() === 1;
  }

  /** Drops the indexes if the table is empty (inside the caller's transaction); true if it did. */
  dropIfEmpty(): boolean {
    const db = this.#db;
    if (!this.tableEmpty()) return false;
    const indexes = db.prepare<[], IndexSql>(setAsideSql("index")).all();
    for (const index of indexes) db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
    this.#set = indexes;
    if (indexes.length === 0) return false;
    const triggers = db.prepare<[], IndexSql>(setAsideSql("trigger")).all();
    for (const trigger of triggers) {
      db.exec(`DROP TRIGGER "${trigger.name.replaceAll('"', '""')}"`);
    }
    this.#triggers = triggers;
    this.#cacheSize = Number(db.pragma("cache_size", { simple: true }));
    db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
    return true;
  }

  /** Back to the connection's own cache size (lookups by id like a larger one). */
  #restoreCache(): void {
    const cacheSize = this.#cacheSize;
    if (cacheSize === undefined) return;
    this.#cacheSize = undefined;
    this.#db.pragma(`cache_size = ${cacheSize}`);
  }

  /**
   * Builds the missing indexes again (before COMMIT, or when lookups by id are needed), with
   * the sort memory bounded by the bulk cache size and SORT_HELPERS threads, then gives the
   * connection its cache back.
   */
  restore(): void {
    this.#restoreTriggers();
    const missing = this.#missing();
    if (missing.length === 0) {
      this.#restoreCache();
      return;
    }
    const db = this.#db;
    const threads = Number(db.pragma("threads", { simple: true }));
    try {
      for (const index of missing) {
        db.pragma(`threads = ${helpersFor(index)}`);
        db.exec(index.sql);
      }
    } finally {
      db.pragma(`threads = ${threads}`);
      this.#restoreCache();
    }
  }

  /** Makes the set-aside triggers that are missing (a savepoint may have undone an earlier restore). */
  #restoreTriggers(): void {
    const triggers = this.#triggers;
    if (triggers.length === 0) return;
    const present = new Set(
      this.#db
        .prepare<[], string>(
          "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'consumptions'",
        )
        .pluck()
        .all(),
    );
    const missing = triggers.filter((trigger) => !present.has(trigger.name));
    if (missing.length === 0) return;
    for (const trigger of missing) this.#db.exec(trigger.sql);
    this.#afterTriggers();
  }

  /** The transaction is over (a rollback brought the indexes back by itself). */
  forget(): void {
    this.#set = [];
    this.#triggers = [];
    this.#restoreCache();
  }
}
