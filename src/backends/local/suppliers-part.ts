import type { Page } from "../../core/model/common.js";
import type {
  Supplier,
  SupplierBatchOptions,
  SupplierBatchResult,
  SupplierInput,
  SupplierQuery,
  SupplierRowProblem,
  SupplierUpsertResult,
  SupplierWriteOptions,
} from "../../core/model/supplier.js";
import { isSupplierRowError, supplierRowProblems } from "../../core/supplier-problems.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import { SupplierRepository } from "./suppliers.js";

/** How the LocalService runs work: reads, and write transactions (BEGIN IMMEDIATE). */
export interface Transactions {
  read<T>(fn: () => T): T;
  write<T>(fn: () => T): T;
}

/** Thrown inside a write transaction to roll it back. */
const ROLLBACK = Symbol("rollback");

/** The suppliers part of the local engine: the repository inside the service's transactions. */
export class LocalSuppliers {
  readonly #repo: SupplierRepository;
  readonly #tx: Transactions;

  constructor(db: Db, companies: CompanyRepository, tx: Transactions) {
    this.#repo = new SupplierRepository(db, companies);
    this.#tx = tx;
  }

  list(query: SupplierQuery): Page<Supplier> {
    return this.#tx.read(() => this.#repo.list(query));
  }

  /** The list's keyset pages; the caller reads each page inside its own read. */
  keyset(query: Omit<SupplierQuery, "page" | "limit">) {
    return this.#repo.keyset(query);
  }

  upsert(input: SupplierInput, options: SupplierWriteOptions): SupplierUpsertResult {
    return this.#transaction(options.dryRun === true, () => ({
      value: this.#repo.upsert(input, new Date().toISOString()),
      keep: true,
    })).value;
  }

  /** One transaction: every row is tried, refused rows are reported, then commit or roll back. */
  writeMany(inputs: readonly SupplierInput[], options: SupplierBatchOptions): SupplierBatchResult {
    const { value, committed } = this.#transaction(options.dryRun, () => {
      const now = new Date().toISOString();
      const results: (SupplierUpsertResult | undefined)[] = [];
      const problems: SupplierRowProblem[] = [];
      inputs.forEach((input, index) => {
        try {
          results.push(this.#repo.upsert(input, now));
        } catch (error) {
          if (!isSupplierRowError(error)) throw error;
          results.push(undefined);
          problems.push(...supplierRowProblems(index, error));
        }
      });
      const keep = problems.length === 0 || options.skipInvalid;
      return { value: { results, problems }, keep };
    });
    return { ...value, committed };
  }

  /** Runs `fn` in a write transaction; a dry run (or `keep: false`) rolls it back. */
  #transaction<T>(
    dryRun: boolean,
    fn: () => { readonly value: T; readonly keep: boolean },
  ): { readonly value: T; readonly committed: boolean } {
    let done: { readonly value: T } | undefined;
    try {
      this.#tx.write(() => {
        const { value, keep } = fn();
        done = { value };
        if (dryRun || !keep) throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK || done === undefined) throw error;
      return { value: done.value, committed: false };
    }
    if (done === undefined) throw new Error("the supplier transaction returned nothing");
    return { value: done.value, committed: true };
  }
}
