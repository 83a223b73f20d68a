import type { StoreTransaction, StoreTransactions } from "../../rules/store.js";

/** Thrown inside a write transaction to roll it back while keeping what it computed. */
class Rollback<T> extends Error {
  readonly value: T;

  constructor(value: T) {
    super("dry run: rolled back");
    this.value = value;
  }
}

/**
 * Runs a rule in one write of the rules' transactions and answers what it computed; the write
 * commits when `keep` says so of that value, and is rolled back otherwise (a dry run, a
 * recalculation beyond its limit).
 */
export async function writeOrRollBack<T>(
  rules: StoreTransactions,
  fn: (tx: StoreTransaction) => Promise<T>,
  keep: (value: T) => boolean,
): Promise<T> {
  try {
    return await rules.write(async (tx) => {
      const value = await fn(tx);
      if (keep(value)) return value;
      throw new Rollback(value);
    });
  } catch (error) {
    if (error instanceof Rollback) {
      // The value is the one thrown above.
      const { value }: { value: T } = error;
      return value;
    }
    throw error;
  }
}

/** Runs a rule in a write transaction of the store, rolls it back, and answers what it computed. */
export function rolledBackRule<T>(
  rules: StoreTransactions,
  fn: (tx: StoreTransaction) => Promise<T>,
): Promise<T> {
  return writeOrRollBack(rules, fn, () => false);
}
