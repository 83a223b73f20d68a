import type { Db } from "./database.js";

const SORT_CACHE_KIB = 4 * 1024;
const SORT_THREADS = 2;

interface IndexSql {
  readonly name: string;
  readonly sql: string;
}

/**
 * The indexes of `consumptions`, set aside while a bulk import fills an empty table and built
 * again (from their own stored SQL, so this never drifts from the schema) before it commits.
 * DDL is transactional: a rollback brings the indexes back by itself, and no other connection
 * ever sees the table without them. The state is read from sqlite_schema each time, so a
 * savepoint rolled back after `restore` cannot leave it wrong.
 */
export class BulkIndexes {
  readonly #db: Db;
  readonly #present;
  #set: readonly IndexSql[] = [];

  constructor(db: Db) {
    this.#db = db;
    this.#present = db
      .prepare<[], string>(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'consumptions'",
      )
      .pluck();
  }

  #missing(): IndexSql[] {
    if (this.#set.length === 0) return [];
    const present = new Set(this.#present.all());
    return this.#set.filter((index) => !present.has(index.name));
  }

  /** True while some index set aside is missing. */
  get dropped(): boolean {
    return this.#missing().length > 0;
  }

  /** Drops the indexes if the table is empty (inside the caller's transaction); true if it did. */
  dropIfEmpty(): boolean {
    const db = this.#db;
    const empty = db.prepare("SELECT NOT EXISTS (SELECT 1 FROM consumptions)").pluck().get() === 1;
    if (!empty) return false;
    const indexes = db
      .prepare<[], IndexSql>(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'consumptions' AND sql IS NOT NULL",
      )
      .all();
    for (const index of indexes) db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
    this.#set = indexes;
    return indexes.length > 0;
  }

  /**
   * Builds the missing indexes again (before COMMIT, or when lookups by id are needed). The
   * sorts may use helper threads; their memory follows cache_size, lowered meanwhile so a
   * million-row build stays within the CLI's memory budget.
   */
  restore(): void {
    const missing = this.#missing();
    if (missing.length === 0) return;
    const db = this.#db;
    const cacheSize = db.pragma("cache_size", { simple: true });
    const threads = db.pragma("threads", { simple: true });
    db.pragma(`cache_size = -${SORT_CACHE_KIB}`);
    db.pragma(`threads = ${SORT_THREADS}`);
    try {
      for (const index of missing) db.exec(index.sql);
    } finally {
      db.pragma(`cache_size = ${Number(cacheSize)}`);
      db.pragma(`threads = ${Number(threads)}`);
    }
  }

  /** The transaction is over (a rollback brought the indexes back by itself). */
  forget(): void {
    this.#set = [];
  }
}
