/**
 * Calculation records in PostgreSQL (`emission_provenance` and its `emission_lines`), as pricing
 * hands out their keys: synchronously, content-addressed (calculation-signature.ts, the SQLite
 * store's signature). `sync` reads the records the database holds (those added since the last
 * read, all of them the first time or after a surprise) and keeps a reserve of keys drawn from
 * the table's identity, so a new calculation gets its key at once; `flush` writes the new ones,
 * which the sink and the recalculation do before any row naming them.
 *
 * Writers run side by side: two that add the same new calculation both insert its signature,
 * which is unique. Under SERIALIZABLE the later one fails with a serialization failure (or a
 * unique violation), the transaction runs again, and its `sync` then reads the other's record.
 * A record committed with a key below those read before is not read by the next `sync` (keys
 * are drawn before commit, in any order): a flush that meets it marks the records to be read
 * again in full and fails as a serialization failure, so the write runs again and finds it.
 *
 * One write at a time: the rules price a batch synchronously between `sync` and `flush`, so the
 * records of one database are handed out by one transaction at a time (as its calculator's
 * caches are), and `forget` after a rollback drops the keys handed out in it.
 */
import type { Calculation } from "../../engine/emission-lines.js";
import type { StoredCategory } from "../../rules/store.js";
import { calculationContent } from "../calculation-signature.js";
import type { Queryable } from "./transactions.js";

/** Keys kept in reserve at the start of a transaction's pricing and after each flush. */
const RESERVE = 512;

/** A retryable error: PostgresTransactions runs a write that meets one again. */
function serializationFailure(message: string): Error {
  return Object.assign(new Error(message), { code: "40001" });
}

interface NewRecord {
  readonly ref: number;
  readonly signature: string;
  readonly calculation: Calculation;
  readonly lines: string;
}

export class PostgresCalculationRecords {
  readonly #category: (codeOrId: string) => StoredCategory | undefined;
  /** Signature → key of the records known to be stored (or written by the open transaction). */
  readonly #known = new Map<string, number>();
  /** The highest key read from the table. */
  #read = 0;
  /** Read everything again at the next sync. */
  #reread = true;
  /** Keys drawn from the identity, unused yet. */
  #reserve: number[] = [];
  #wanted: number;
  /** New records handed out and not written yet. */
  #pending: NewRecord[] = [];
  /** Signatures written by the open transaction: gone if it rolls back. */
  #written: string[] = [];
  /** The transaction handing keys out (a table set of PostgresTransactions). */
  #owner: object | undefined;

  /** `reserve`: how many keys to keep at hand (a batch with more new records runs again). */
  constructor(category: (codeOrId: string) => StoredCategory | undefined, reserve = RESERVE) {
    this.#category = category;
    this.#wanted = reserve;
  }

  /**
   * Before a transaction prices: the records added since the last read, and a full reserve of
   * keys (none in a read-only transaction, which writes no record). `owner` tells one
   * transaction from the next: what an earlier one wrote is checked to be stored (it may have
   * rolled back unannounced).
   */
  async sync(db: Queryable, owner: object): Promise<void> {
    if (owner !== this.#owner) {
      this.#owner = owner;
      // Keys handed out and never written: the transaction ended without a flush.
      for (const record of this.#pending) this.#known.delete(record.signature);
      this.#pending = [];
      const written = this.#written;
      this.#written = [];
      if (written.length > 0) await this.#confirm(db, written);
    }
    const reread = this.#reread;
    const found = await db.query<{ ref: number; signature: string }>(
      "SELECT ref, signature FROM emission_provenance WHERE ref > $1",
      [reread ? 0 : this.#read],
    );
    if (reread) {
      // Keep what the open transaction wrote (not visible to others yet, but to it).
      const mine = new Map(this.#written.map((s) => [s, this.#known.get(s)]));
      this.#known.clear();
      for (const [signature, ref] of mine) if (ref !== undefined) this.#known.set(signature, ref);
      this.#read = 0;
      this.#reread = false;
    }
    for (const row of found.rows) {
      this.#known.set(row.signature, row.ref);
      if (row.ref > this.#read) this.#read = row.ref;
    }
    await this.#topUp(db);
  }

  /** Drops from what is known the records of `signatures` that are not stored. */
  async #confirm(db: Queryable, signatures: readonly string[]): Promise<void> {
    const stored = await db.query<{ signature: string }>(
      "SELECT signature FROM emission_provenance WHERE signature = ANY($1::text[])",
      [signatures],
    );
    const kept = new Set(stored.rows.map((row) => row.signature));
    for (const signature of signatures) if (!kept.has(signature)) this.#known.delete(signature);
  }

  async #topUp(db: Queryable): Promise<void> {
    const missing = this.#wanted - this.#reserve.length;
    if (missing <= 0) return;
    // No key is drawn in a read-only transaction (nextval would fail it).
    const drawn = await db.query<{ ref: number }>(
      `SELECT nextval(pg_get_serial_sequence('emission_provenance', 'ref')) AS ref
         FROM generate_series(1, CASE WHEN current_setting('transaction_read_only') = 'on'
           THEN 0 ELSE $1::integer END)`,
      [missing],
    );
    for (const row of drawn.rows) this.#reserve.push(row.ref);
  }

  /** The key of a calculation: its stored record's, else a new one, written by the next flush. */
  refOf(calculation: Calculation): number {
    const { signature, lines } = calculationContent(calculation);
    const known = this.#known.get(signature);
    if (known !== undefined) return known;
    const ref = this.#reserve.shift();
    if (ref === undefined) {
      // More new calculations in one go than the reserve held: the write runs again with more.
      this.#wanted *= 2;
      throw serializationFailure("more new calculation records than keys in reserve");
    }
    this.#known.set(signature, ref);
    this.#pending.push({ ref, signature, calculation, lines });
    return ref;
  }

  /** Writes the new records handed out since the last flush, with their lines. */
  async flush(db: Queryable): Promise<void> {
    const pending = this.#pending;
    if (pending.length === 0) return;
    this.#pending = [];
    for (const record of pending) this.#written.push(record.signature);
    // The columns describing the one line of a record written before lines stay null.
    const inserted = await db.query(
      `INSERT INTO emission_provenance (ref, signature, library_version, lines)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (signature) DO NOTHING`,
      [
        pending.map((r) => r.ref),
        pending.map((r) => r.signature),
        pending.map((r) => r.calculation.libraryVersion),
        pending.map((r) => r.lines),
      ],
    );
    if (inserted.rowCount !== pending.length) {
      // A record committed unseen (with a key below those read): read them all again.
      this.#reread = true;
      throw serializationFailure("a calculation record was stored meanwhile");
    }
    const lines: [number, number, string, number | null, number | null][] = [];
    for (const record of pending) {
      record.calculation.lines.forEach((line, index) => {
        const category = line.category === null ? undefined : this.#category(line.category);
        if (line.category !== null && category === undefined) {
          throw new Error(`calculation line of unknown category ${line.category}`);
        }
        lines.push([record.ref, index, line.kind, category?.ref ?? null, line.year]);
      });
    }
    if (lines.length > 0) {
      await db.query(
        `INSERT INTO emission_lines (calculation_ref, line, kind, category_ref, year)
         SELECT * FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::bigint[], $5::integer[])`,
        [0, 1, 2, 3, 4].map((column) => lines.map((line) => line[column])),
      );
    }
    await this.#topUp(db);
  }

  /** After a rollback: the keys handed out and the records written in it are gone. */
  forget(): void {
    for (const record of this.#pending) this.#known.delete(record.signature);
    for (const signature of this.#written) this.#known.delete(signature);
    this.#pending = [];
    this.#written = [];
  }
}
