import type { ConsumptionRowValues } from "../../rules/store.js";
import { CONSUMPTION_ROW_COLUMNS } from "../table-names.js";
import type { Db } from "./database.js";
import { StatementCache } from "./statement-cache.js";
import type { StoredDates } from "./stored-dates.js";

/** Columns given per row, in the order of the values the writer adds (InsertChunk.add). */
const ROW_COLUMNS = CONSUMPTION_ROW_COLUMNS;

/**
 * Columns usually the same on every row of a chunk (one company; no custom input and no kWh
 * per m3 on the bill): bound once, by name, when they are.
 */
const SHARED_COLUMNS = ["company_ref", "input_ref", "kwh_per_m3"] as const;
const ALL_SHARED = (1 << SHARED_COLUMNS.length) - 1;

/**
 * created_at and updated_at are the write's time, bound once per statement as `@now`: an
 * update leaves created_at alone, so the stored creation time survives.
 */
const INSERT_COLUMNS = [...ROW_COLUMNS, ...SHARED_COLUMNS, "created_at", "updated_at"];
const UPDATED_COLUMNS = INSERT_COLUMNS.filter((c) => c !== "id" && c !== "created_at");

/** Rows per INSERT statement. */
export const INSERT_CHUNK = 100;

/** SQL of an insert of `rows` rows whose shared columns in `mask` are bound by name. */
function insertSql(rows: number, mask: number): string {
  const shared = SHARED_COLUMNS.map((c, i) => ((mask >> i) & 1 ? `@${c}` : "?"));
  const row = `(${[...ROW_COLUMNS.map(() => "?"), ...shared, "@now", "@now"].join(",")})`;
  return `INSERT INTO consumptions (${INSERT_COLUMNS.join(", ")}) VALUES ${new Array(rows).fill(row).join(",")}`;
}

/** Statements keyed by rows and mask, made once each: inserts, or upserts by id. */
export function insertStatements(db: Db, upsert: boolean): StatementCache {
  const set = UPDATED_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ");
  return new StatementCache(db, (key) => {
    const sql = insertSql(key >> SHARED_COLUMNS.length, key & ALL_SHARED);
    return upsert ? `${sql} ON CONFLICT (id) DO UPDATE SET ${set}` : sql;
  });
}

/**
 * The rows of one multi-row INSERT. better-sqlite3 checks the type of every value it binds, the
 * larger part of an insert's cost, so what every row of the chunk shares is bound once: the
 * write adds each row's ROW_COLUMNS values with `add`, and its shared ones with them. The values
 * go into arrays sized for a whole chunk and reused from one chunk to the next (growing an array
 * value by value reallocates it about ten times a chunk).
 */
export class InsertChunk {
  /** ROW_COLUMNS values, row after row. */
  readonly #values: unknown[] = new Array(INSERT_CHUNK * ROW_COLUMNS.length).fill(0);
  readonly #shared: unknown[] = new Array(INSERT_CHUNK * SHARED_COLUMNS.length).fill(0);
  #rows = 0;
  /** Bit i: SHARED_COLUMNS[i] has had the first row's value on every row so far. */
  #same = ALL_SHARED;

  readonly #dates: StoredDates;

  constructor(dates: StoredDates) {
    this.#dates = dates;
  }

  /**
   * Adds a row (at most INSERT_CHUNK), its values in ROW_COLUMNS order (an absent figure is NaN,
   * which SQLite stores as NULL); answers how many rows the chunk holds.
   */
  add(
    values: ConsumptionRowValues,
    companyRef: number,
    inputRef: number,
    kwhPerM3: number,
  ): number {
    const rows = this.#rows;
    const stored = this.#values;
    const start = rows * ROW_COLUMNS.length;
    let at = start;
    for (let i = 0; i < values.length; i += 1) stored[at++] = values[i];
    // The dates (start_date, end_date) come canonical and are stored as integer milliseconds.
    stored[start + 4] = this.#dates.stored(values[4]);
    stored[start + 5] = this.#dates.stored(values[5]);
    const shared = this.#shared;
    if (rows > 0) {
      if (!same(shared[0], companyRef)) this.#same &= ~1;
      if (!same(shared[1], inputRef)) this.#same &= ~2;
      if (!same(shared[2], kwhPerM3)) this.#same &= ~4;
    }
    at = rows * SHARED_COLUMNS.length;
    shared[at] = companyRef;
    shared[at + 1] = inputRef;
    shared[at + 2] = kwhPerM3;
    this.#rows = rows + 1;
    return this.#rows;
  }

  /** Writes the chunk with `statements` (insertStatements) and empties it. */
  run(statements: StatementCache, now: number): void {
    const rows = this.#rows;
    if (rows === 0) return;
    const mask = this.#same;
    const shared = this.#shared;
    const named: Record<string, unknown> = { now };
    SHARED_COLUMNS.forEach((column, i) => {
      if ((mask >> i) & 1) named[column] = shared[i];
    });
    let values = this.#values;
    if (mask !== ALL_SHARED) values = this.#merged(mask);
    else if (rows < INSERT_CHUNK) values = values.slice(0, rows * ROW_COLUMNS.length);
    statements.get((rows << SHARED_COLUMNS.length) | mask).run(...values, named);
    this.#rows = 0;
    this.#same = ALL_SHARED;
  }

  /** Each row's values followed by its shared values not bound by name. */
  #merged(mask: number): unknown[] {
    const merged: unknown[] = [];
    const width = ROW_COLUMNS.length;
    for (let row = 0; row < this.#rows; row += 1) {
      for (let i = 0; i < width; i += 1) merged.push(this.#values[row * width + i]);
      for (let i = 0; i < SHARED_COLUMNS.length; i += 1) {
        if (((mask >> i) & 1) === 0) merged.push(this.#shared[row * SHARED_COLUMNS.length + i]);
      }
    }
    return merged;
  }
}

/** Equal values, NaN (an absent value, stored as NULL) equal to NaN. */
function same(a: unknown, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}
