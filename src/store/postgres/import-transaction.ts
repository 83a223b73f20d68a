/**
 * The one transaction of an import session on PostgreSQL: one connection of the pool from begin
 * to close, READ COMMITTED, a savepoint a batch, COMMIT or ROLLBACK at the end. The companies a
 * batch writes to are claimed with a transaction-level advisory lock each, so two imports into
 * one company follow each other (the second sees the first's rows, overlaps included) while
 * imports into different companies run side by side.
 */
import type { Pool, PoolClient } from "./database.js";
import { isConnectionLost } from "./transactions.js";

/** The advisory lock class of a company's imports ("impo" in ASCII), the company's key beside it. */
const IMPORT_LOCK = 0x696d706f;

export class PostgresImportTransaction {
  readonly #pool: Pool;
  #client: PoolClient | undefined;
  /** The server dropped the connection: it is closed at the end, not reused. */
  #lost = false;

  /** Runs one of the transaction's own statements, noting a connection the server dropped. */
  async #exec(sql: string): Promise<void> {
    try {
      await this.client.query(sql);
    } catch (error) {
      if (isConnectionLost(error)) this.#lost = true;
      throw error;
    }
  }

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  /** The transaction's connection; only between `begin` and `close`. */
  get client(): PoolClient {
    if (this.#client === undefined) throw new Error("the import transaction has not begun");
    return this.#client;
  }

  async begin(): Promise<PoolClient> {
    const client = await this.#pool.connect();
    try {
      await client.query("BEGIN");
    } catch (error) {
      client.release();
      throw error;
    }
    this.#client = client;
    return client;
  }

  /** Held until the transaction ends; taken in key order, so two imports never deadlock. */
  async claim(companyRefs: readonly number[]): Promise<void> {
    if (companyRefs.length === 0) return;
    await this.client.query(
      "SELECT pg_advisory_xact_lock($1, ref) FROM unnest($2::integer[]) AS ref ORDER BY ref",
      [IMPORT_LOCK, [...companyRefs].sort((a, b) => a - b)],
    );
  }

  async beginBatch(): Promise<void> {
    await this.#exec("SAVEPOINT carbon_batch");
  }

  async endBatch(): Promise<void> {
    await this.#exec("RELEASE SAVEPOINT carbon_batch");
  }

  /** Takes the batch back; false when the transaction could not be taken back to it. */
  async undoBatch(): Promise<boolean> {
    try {
      await this.#exec("ROLLBACK TO SAVEPOINT carbon_batch");
      await this.#exec("RELEASE SAVEPOINT carbon_batch");
      return true;
    } catch {
      return false;
    }
  }

  async commit(): Promise<void> {
    await this.#exec("COMMIT");
  }

  /**
   * After a large load has committed: the table's statistics gathered now, as autovacuum would
   * by and by, so the next reads are planned for the rows just loaded. A role that may not
   * analyze the table leaves that to autovacuum; the load has committed either way.
   */
  async analyze(table: string): Promise<void> {
    await this.#exec(`ANALYZE ${table}`).catch(() => {});
  }

  async rollback(): Promise<void> {
    await this.#exec("ROLLBACK");
  }

  /** A COMMIT that failed may leave the transaction open: roll it back. */
  async rollbackIfOpen(): Promise<void> {
    if (this.#client !== undefined) await this.#exec("ROLLBACK").catch(() => {});
  }

  /** The connection goes back to the pool, or is closed when the server dropped it. */
  close(): void {
    this.#client?.release(this.#lost);
    this.#client = undefined;
    this.#lost = false;
  }
}
