import type { StoreTransaction, StoreTransactions } from "../../rules/store.js";

/** Thrown inside a write transaction to roll it back while keeping what it computed. */
class Rollback<T> extends Error {
  readonly value: T;

  constructor(value: T) {
    super("dry run: rolled back");
    this.value = value;
  }
}

/** Wraps `fn` so that it rolls back the transaction it runs in, carrying its result out. */
export function withRollback<T>(fn: () => T): () => T {
  return () => {
    throw new Rollback(fn());
  };
}

/** Runs a transaction made with `withRollback` and answers what it computed. */
export function rolledBack<T>(transaction: () => T): T {
  try {
    transaction();
  } catch (error) {
    if (error instanceof Rollback) {
      // The value is the one `withRollback` wrapped: the caller pairs the two.
      const { value }: { value: T } = error;
      return value;
    }
    throw error;
  }
  throw new Error("the dry-run transaction did not roll back");
}

/** Runs a rule in a write transaction of the store, rolls it back, and answers what it computed. */
export async function rolledBackRule<T>(
  rules: StoreTransactions,
  fn: (tx: StoreTransaction) => Promise<T>,
): Promise<T> {
  try {
    await rules.write(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) {
      // The value is the one thrown above.
      const { value }: { value: T } = error;
      return value;
    }
    throw error;
  }
  throw new Error("the dry-run transaction did not roll back");
}

/**
 * Runs a rule's work in a write transaction of `write` (the rules' own), then rolls it back: a
 * dry run answers what it computed and stores nothing.
 */
export async function rolledBackWrite<X, T>(
  write: (fn: (tx: X) => Promise<never>) => Promise<unknown>,
  fn: (tx: X) => Promise<T>,
): Promise<T> {
  try {
    await write(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) {
      const { value }: { value: T } = error;
      return value;
    }
    throw error;
  }
  throw new Error("the dry-run transaction did not roll back");
}

/**
 * Runs a transaction that either commits and answers its value, or rolls back through
 * `withRollback` and answers the value it carried out.
 */
export function committedOrRolledBack<T>(transaction: () => T): T {
  try {
    return transaction();
  } catch (error) {
    if (error instanceof Rollback) {
      const { value }: { value: T } = error;
      return value;
    }
    throw error;
  }
}

/** `committedOrRolledBack` for a transaction that answers a promise (a rule's, on the Store port). */
export async function settledWrite<T>(transaction: () => Promise<T>): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (error instanceof Rollback) {
      const { value }: { value: T } = error;
      return value;
    }
    throw error;
  }
}

/** How a part of the LocalService runs its work: reads, and write transactions (BEGIN IMMEDIATE). */
export interface Transactions {
  read<T>(fn: () => T): T;
  write<T>(fn: () => T): T;
}
