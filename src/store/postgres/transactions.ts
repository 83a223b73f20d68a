/**
 * The rules' transactions on PostgreSQL: a read is one REPEATABLE READ, READ ONLY transaction (its
 * statements see one state), a write one SERIALIZABLE transaction, committed when the rule's
 * promise resolves and rolled back when it throws. Where SQLite runs one write at a time,
 * PostgreSQL runs them side by side and aborts one of two that would not have been the same one
 * after the other (serialization failure, deadlock, a unique key taken meanwhile): the write then
 * runs again from the start, as the rules are functions of what they read.
 */
import { CarbonError } from "../../core/errors.js";
import type { Pool, PoolClient } from "./database.js";

/** How many times a write that lost a conflict runs again before the conflict is reported. */
const ATTEMPTS = 8;

/**
 * The connection as a transaction's tables share it: one statement at a time, in the order they
 * were asked for. The rules may ask for several reads at once (Promise.all); a connection runs
 * one statement at a time, and pg stops queueing them for its caller in its next major version.
 */
export function oneAtATime(client: Queryable): Queryable {
  let last: Promise<unknown> = Promise.resolve();
  const send = client.query as (...a: unknown[]) => unknown;
  const query = (...args: unknown[]) => {
    // A stream (COPY): it is the caller's, who waits for what came before; pg queues it.
    const [first] = args;
    if (typeof first === "object" && first !== null && "submit" in first) {
      return send.apply(client, args);
    }
    const run = last.then(() => send.apply(client, args));
    last = run.catch(() => undefined);
    return run;
  };
  // The same signatures as the client's: each call is passed to it as it is.
  return { query: query as Queryable["query"] };
}

/** A transaction that only reads, or one that writes. */
export type TransactionMode = "read" | "write";

const BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
const BEGIN_WRITE = "BEGIN ISOLATION LEVEL SERIALIZABLE";

/** What a table's statements run on: the transaction's connection. */
export type Queryable = Pick<PoolClient, "query">;

/** The SQLSTATE of a PostgreSQL error (or the OS's code of a connection's), if it has one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/**
 * Serialization failure or deadlock, or a unique key taken meanwhile by a write the rule could
 * not see (it checked, found none, and another committed one first): the rule run again sees
 * the other write and answers as it would have one after the other.
 */
/** The connection is gone (the server ended it, or the network did): it cannot be used again. */
export function isConnectionLost(error: unknown): boolean {
  const state = sqlState(error);
  const message = error instanceof Error ? error.message : String(error);
  return (
    state?.startsWith("08") === true ||
    state === "57P01" ||
    state === "57P02" ||
    state === "57P03" ||
    (state !== undefined && /^E[A-Z]+$/.test(state)) ||
    /Connection terminated|connection ended|connection error and is not queryable/i.test(message)
  );
}

function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return state === "40001" || state === "40P01" || state === "23505";
}

export class PostgresTransactions<T> {
  readonly #pool: Pool;
  readonly #tables: (client: Queryable, mode: TransactionMode) => T;
  readonly #rolledBack: () => void;

  /**
   * `rolledBack` is told of every transaction rolled back, a write's before it runs again: what
   * the caller remembers of the writes in it (a calculator's keys of calculation records) is
   * gone.
   */
  constructor(
    pool: Pool,
    tables: (client: Queryable, mode: TransactionMode) => T,
    rolledBack: () => void = () => {},
  ) {
    this.#pool = pool;
    this.#tables = tables;
    this.#rolledBack = rolledBack;
  }

  async #run<R>(mode: TransactionMode, fn: (tx: T) => Promise<R>): Promise<R> {
    const client = await this.#pool.connect();
    let lost = false;
    try {
      await client.query(mode === "read" ? BEGIN_READ : BEGIN_WRITE);
      try {
        const value = await fn(this.#tables(client, mode));
        await client.query("COMMIT");
        return value;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        this.#rolledBack();
        throw error;
      }
    } catch (error) {
      lost = isConnectionLost(error);
      throw error;
    } finally {
      // A connection the server dropped is closed, not given to the next transaction.
      client.release(lost);
    }
  }

  /** One consistent read: every statement of `fn` sees the same committed state. */
  read<R>(fn: (tx: T) => Promise<R>): Promise<R> {
    return this.#run("read", fn);
  }

  /** Answers once the server answers a trivial statement on a connection of the pool. */
  async ping(): Promise<void> {
    await this.#pool.query("SELECT 1");
  }

  /**
   * What `fn` streams, read in one REPEATABLE READ, READ ONLY transaction held (one connection of
   * the pool) until the caller has read it all or stopped: one snapshot however long the stream.
   */
  async *snapshot<R>(fn: (tx: T) => AsyncIterable<R>): AsyncGenerator<R, void, undefined> {
    const client = await this.#pool.connect();
    try {
      await client.query(BEGIN_READ);
      try {
        yield* fn(this.#tables(client, "read"));
      } finally {
        await client.query("ROLLBACK").catch(() => {});
      }
    } finally {
      client.release();
    }
  }

  /** All of `fn`'s writes or none, as if no other write ran meanwhile (run again if one did). */
  async write<R>(fn: (tx: T) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#run("write", fn);
      } catch (error) {
        if (!isRetryable(error)) throw error;
        if (attempt === ATTEMPTS && sqlState(error) === "23505") {
          // Taken each time: not a race but a key the rules do not check; said as a conflict.
          const constraint =
            typeof error === "object" && error !== null && "constraint" in error
              ? String(error.constraint)
              : "a unique key";
          throw new CarbonError(
            "conflict",
            `another record already has this value (${constraint})`,
          );
        }
        if (attempt === ATTEMPTS) {
          throw new CarbonError(
            "unavailable",
            `the database was too busy: the write lost ${ATTEMPTS} conflicts with others in a row`,
            { hint: "try again" },
          );
        }
        // A little longer each time, a little apart, so the writes that collided part ways.
        await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
      }
    }
  }
}
