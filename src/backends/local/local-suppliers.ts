import { notFound } from "../../core/errors.js";
import type {
  SupplierRowProblem,
  SupplierUpsertResult,
  SupplierWriteOptions,
} from "../../core/model/supplier.js";
import type { SuppliersPort } from "../../core/ports/suppliers.js";
import { isSupplierRowError, supplierRowProblems } from "../../core/supplier-problems.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import { SupplierRepository } from "./suppliers.js";
import type { Transactions } from "./transaction-tools.js";

/** Thrown inside a write transaction to roll it back. */
const ROLLBACK = Symbol("rollback");

/** The suppliers part of the local engine: the repository inside the service's transactions. */
export class LocalSuppliersPart implements SuppliersPort {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #tx: Transactions;
  /** Prepared on first use: opening a database for other work prepares none of it. */
  #repository: SupplierRepository | undefined;

  constructor(db: Db, companies: CompanyRepository, tx: Transactions) {
    this.#db = db;
    this.#companies = companies;
    this.#tx = tx;
  }

  #repo(): SupplierRepository {
    this.#repository ??= new SupplierRepository(this.#db, this.#companies);
    return this.#repository;
  }

  /** Ordered by name, then id; `companyId` of an unknown company is not_found. */
  list: SuppliersPort["list"] = async (query) => this.#tx.read(() => this.#repo().list(query));

  get: SuppliersPort["get"] = async (id) =>
    this.#tx.read(() => {
      const found = this.#repo().find(id);
      if (found === undefined) throw notFound("supplier", id);
      return found;
    });

  /** The list's keyset pages; the caller reads each page inside its own read. */
  keyset(query: Parameters<SupplierRepository["keyset"]>[0]) {
    return this.#repo().keyset(query);
  }

  upsert: SuppliersPort["upsert"] = async (input, options: SupplierWriteOptions = {}) =>
    this.#transaction(options.dryRun === true, () => ({
      value: this.#repo().upsert(input, new Date().toISOString()),
      keep: true,
    })).value;

  /** One transaction: every row is tried, refused rows are reported, then commit or roll back. */
  write: SuppliersPort["write"] = async (inputs, options) => {
    const { value, committed } = this.#transaction(options.dryRun, () => {
      const now = new Date().toISOString();
      const results: (SupplierUpsertResult | undefined)[] = [];
      const problems: SupplierRowProblem[] = [];
      inputs.forEach((input, index) => {
        try {
          results.push(this.#repo().upsert(input, now));
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
  };

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
