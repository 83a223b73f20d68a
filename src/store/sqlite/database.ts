import { closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { CarbonError, isCarbonError } from "../../core/errors.js";

export type Db = Database.Database;

/** `PRAGMA application_id` of a carbon database ("CRBN"); a file with another one is not ours. */
export const APPLICATION_ID = 0x4352424e;

/**
 * Page cache of the connection, in KiB. Bulk imports append and need little; re-imports look
 * ids up at random and like more; the CLI must stay under 200 MB while importing a million rows.
 */
const CACHE_KIB = 16 * 1024;

export const BUSY_TIMEOUT_MS = 5000;

/**
 * Page size of databases this build creates (an existing file keeps the one it was created
 * with). 16 KiB pages insert, index and commit a bulk import faster than SQLite's default 4 KiB
 * (fewer pages, fewer writes, shallower trees; bench/NOTES.md).
 */
export const PAGE_SIZE = 16 * 1024;

/**
 * A missing database is created private to its user, folders 0700 and file 0600, because it will
 * hold the token-signing secret; SQLite gives its WAL, SHM and journal the file's mode. Existing
 * folders and files keep theirs (`carbon serve` refuses a database others can read).
 */
function createPrivately(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(file, "wx", 0o600));
  } catch {
    // It exists (the usual case), or SQLite will report why it cannot be opened.
  }
}

/**
 * Opens (creating if needed) the SQLite file and applies the connection pragmas. A file that is
 * not a SQLite database is a usage error, not a crash.
 */
export function openDatabase(
  file: string,
  busyTimeoutMs = BUSY_TIMEOUT_MS,
  /** WAL pages after which a commit checkpoints; absent: SQLite's default (1000). */
  walAutocheckpointPages?: number,
): Db {
  if (file !== ":memory:") createPrivately(path.resolve(file));
  let db: Db;
  try {
    db = new Database(file, { timeout: busyTimeoutMs });
  } catch (error) {
    throw translateError(error, file);
  }
  try {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // Only takes effect on a new, empty file, and must come before WAL mode writes its header.
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma(`cache_size = -${CACHE_KIB}`);
    if (walAutocheckpointPages !== undefined) {
      db.pragma(`wal_autocheckpoint = ${Math.trunc(walAutocheckpointPages)}`);
    }
    return db;
  } catch (error) {
    db.close();
    throw translateError(error, file);
  }
}

/**
 * A second, read-only connection to the same file, for a long read (a stream) that must not keep
 * the main connection busy between its rows. It sees the last committed state.
 */
export function openReader(file: string, busyTimeoutMs = BUSY_TIMEOUT_MS): Db {
  const db = new Database(file, { timeout: busyTimeoutMs, fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    db.pragma("query_only = ON");
    db.pragma(`cache_size = -${CACHE_KIB}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function sqliteCode(error: unknown): string | undefined {
  if (error instanceof Database.SqliteError) return error.code;
  return undefined;
}

/**
 * Maps what SQLite raises for conditions a user meets (a busy database, a file that is not a
 * database, a full disk) to a CarbonError. Anything else is returned unchanged: it is a bug.
 */
export function translateError(error: unknown, file: string): unknown {
  if (isCarbonError(error)) return error;
  const code = sqliteCode(error);
  if (code === undefined) return error;
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
    return new CarbonError(
      "unavailable",
      `the database is busy: another carbon process is writing to ${file}`,
      { hint: "wait for the other command to finish, then try again", cause: error },
    );
  }
  if (code === "SQLITE_NOTADB" || code.startsWith("SQLITE_CORRUPT")) {
    return notCarbonDatabase(file, error);
  }
  if (code === "SQLITE_FULL") {
    return new CarbonError("unavailable", `the disk holding ${file} is full`, { cause: error });
  }
  if (code.startsWith("SQLITE_CANTOPEN") || code.startsWith("SQLITE_READONLY")) {
    return new CarbonError("usage", `cannot write the database ${file}: ${messageOf(error)}`, {
      hint: "check the path and its permissions (--db or CARBON_DB)",
      cause: error,
    });
  }
  if (code.startsWith("SQLITE_IOERR")) {
    return new CarbonError("unavailable", `cannot read or write ${file}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  return error;
}

export function notCarbonDatabase(file: string, cause?: unknown): CarbonError {
  return new CarbonError("usage", `${file} is not a carbon database`, {
    hint: "point --db (or CARBON_DB) at a file created by carbon, or at a new path",
    ...(cause === undefined ? {} : { cause }),
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
