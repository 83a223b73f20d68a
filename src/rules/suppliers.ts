/**
 * Suppliers and clients (docs/suppliers.md): upserted by id, or by company and externalId when
 * there is no id; each keeps its company, and one externalId names one supplier of a company.
 * A batch (an import) is checked row by row as if each were upserted after the ones before it,
 * then stored at once.
 */
import { CarbonError, notFound } from "../core/errors.js";
import type { Page } from "../core/model/common.js";
import {
  effectiveSupplierId,
  type StoredSupplier,
  type SupplierBatchOptions,
  type SupplierBatchResult,
  type SupplierQuery,
  type SupplierRowProblem,
  type SupplierType,
  type SupplierUpsertResult,
  type SupplierWriteOptions,
  supplierInputSchema,
} from "../core/model/supplier.js";
import { ownerConflict } from "../core/ownership.js";
import { isSupplierRowError, supplierRowProblems } from "../core/supplier-problems.js";
import { parseInput } from "../core/validate.js";
import type { StoredCompany, StoreTransaction, SupplierRecord } from "./store.js";

export async function getSupplier(tx: StoreTransaction, id: string): Promise<StoredSupplier> {
  const found = await tx.suppliers.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("supplier", id);
  const { companyRef: _, ...supplier } = found;
  return supplier;
}

/** Ordered by name, then id; `companyId` of an unknown company is not_found. */
export async function listSuppliers(
  tx: StoreTransaction,
  query: SupplierQuery,
): Promise<Page<StoredSupplier>> {
  return tx.suppliers.list(query);
}

/** A supplier as a batch sees it: stored, or written by an earlier row of the batch. */
interface Known {
  readonly id: string;
  readonly companyRef: number;
  readonly companyId: string;
  readonly type: SupplierType;
  readonly name: string;
  readonly email: string | null;
  readonly address: string | null;
  readonly externalId: string | null;
}

/** What one row of a batch comes to: its answer and what it stores, or why it is refused. */
type RowOutcome =
  | { readonly result: SupplierUpsertResult; readonly record?: SupplierRecord }
  | { readonly error: unknown };

function externalKey(companyRef: number, externalId: string): string {
  return `${companyRef}\u0000${externalId}`;
}

/** The suppliers a batch touches, kept up to date as its rows are applied in order. */
class BatchState {
  readonly #byId = new Map<string, Known>();
  /** Supplier id by company and externalId. */
  readonly #byExternalId = new Map<string, string>();

  add(known: Known): void {
    if (this.#byId.has(known.id)) return;
    this.#byId.set(known.id, known);
    if (known.externalId !== null) {
      this.#byExternalId.set(externalKey(known.companyRef, known.externalId), known.id);
    }
  }

  byId(id: string): Known | undefined {
    return this.#byId.get(id);
  }

  holder(companyRef: number, externalId: string): Known | undefined {
    const id = this.#byExternalId.get(externalKey(companyRef, externalId));
    return id === undefined ? undefined : this.#byId.get(id);
  }

  /** The supplier as a row leaves it. */
  apply(known: Known): void {
    const before = this.#byId.get(known.id);
    if (before !== undefined && before.externalId !== null) {
      const key = externalKey(before.companyRef, before.externalId);
      if (this.#byExternalId.get(key) === known.id) this.#byExternalId.delete(key);
    }
    this.#byId.set(known.id, known);
    if (known.externalId !== null) {
      this.#byExternalId.set(externalKey(known.companyRef, known.externalId), known.id);
    }
  }
}

/**
 * Each row's outcome, in order, as if each were upserted after the ones before it. The company
 * must exist (not_found). A supplier keeps its company, and an externalId already naming another
 * supplier of the company is refused (conflict; the issue's path says which field). A row that
 * changes nothing stores nothing.
 */
async function planSuppliers(
  tx: StoreTransaction,
  inputs: readonly unknown[],
): Promise<RowOutcome[]> {
  const parsed = inputs.map((input) => {
    try {
      return { input: parseInput(supplierInputSchema, input, "supplier") };
    } catch (error) {
      return { error };
    }
  });
  const valid = parsed.flatMap((row) => (row.input === undefined ? [] : [row.input]));
  const companies = new Map<string, StoredCompany>(
    (await tx.companies.findMany(valid.map((input) => input.companyId))).map((company) => [
      company.id,
      company,
    ]),
  );
  const companyOf = (id: string) => companies.get(id.toLowerCase());
  const owned = valid.flatMap((input) => {
    const company = companyOf(input.companyId);
    return company === undefined ? [] : [{ input, company }];
  });
  // Every supplier a row may find: by its id, and the holders of its externalId.
  const byId = await tx.suppliers.findMany(owned.map(({ input }) => effectiveSupplierId(input)));
  const holders = await tx.suppliers.findByExternalIds(
    owned.flatMap(({ input, company }) =>
      input.externalId === null ? [] : [{ companyRef: company.ref, externalId: input.externalId }],
    ),
  );
  const state = new BatchState();
  for (const supplier of [...byId, ...holders]) state.add(supplier);

  return parsed.map((row): RowOutcome => {
    if (row.input === undefined) return { error: row.error };
    const input = row.input;
    const company = companyOf(input.companyId);
    if (company === undefined) return { error: notFound("company", input.companyId) };
    const id = effectiveSupplierId(input);
    const before = state.byId(id);
    if (before !== undefined && before.companyRef !== company.ref) {
      return { error: ownerConflict("supplier", id, before.companyId, company.id) };
    }
    if (input.externalId !== null) {
      const holder = state.holder(company.ref, input.externalId);
      if (holder !== undefined && holder.id !== id) {
        const message = `externalId "${input.externalId}" already names supplier ${holder.id} of company ${company.id}`;
        return {
          error: new CarbonError("conflict", message, {
            issues: [{ path: "externalId", message: `already names supplier ${holder.id}` }],
            hint: "send that supplier's id, or leave id out to update it by externalId",
          }),
        };
      }
    }
    const result = (outcome: SupplierUpsertResult["outcome"]): SupplierUpsertResult => ({
      id,
      name: input.name,
      email: input.email,
      outcome,
    });
    if (
      before !== undefined &&
      before.type === input.type &&
      before.name === input.name &&
      before.email === input.email &&
      before.address === input.address &&
      before.externalId === input.externalId
    ) {
      return { result: result("unchanged") };
    }
    const record: SupplierRecord = {
      id,
      companyRef: company.ref,
      type: input.type,
      name: input.name,
      email: input.email,
      address: input.address,
      externalId: input.externalId,
    };
    state.apply({ ...record, companyId: company.id });
    return { result: result(before === undefined ? "inserted" : "updated"), record };
  });
}

/** Upsert one supplier (see planSuppliers); a dry run stores nothing. */
export async function upsertSupplier(
  tx: StoreTransaction,
  input: unknown,
  options: SupplierWriteOptions = {},
): Promise<SupplierUpsertResult> {
  const [outcome] = await planSuppliers(tx, [input]);
  if (outcome === undefined) throw new Error("the supplier upsert planned nothing");
  if ("error" in outcome) throw outcome.error;
  if (outcome.record !== undefined && options.dryRun !== true) {
    await tx.suppliers.saveMany([outcome.record], new Date().toISOString());
  }
  return outcome.result;
}

/**
 * Many upserts: every row is tried and the refused ones reported (an error that is about no
 * row fails the batch). The good rows are stored unless it is a dry run, or a row was refused
 * without skipInvalid.
 */
export async function writeSuppliers(
  tx: StoreTransaction,
  inputs: readonly unknown[],
  options: SupplierBatchOptions,
): Promise<SupplierBatchResult> {
  const now = new Date().toISOString();
  const outcomes = await planSuppliers(tx, inputs);
  const results: (SupplierUpsertResult | undefined)[] = [];
  const problems: SupplierRowProblem[] = [];
  const records: SupplierRecord[] = [];
  outcomes.forEach((outcome, index) => {
    if ("error" in outcome) {
      if (!isSupplierRowError(outcome.error)) throw outcome.error;
      results.push(undefined);
      problems.push(...supplierRowProblems(index, outcome.error));
      return;
    }
    results.push(outcome.result);
    if (outcome.record !== undefined) records.push(outcome.record);
  });
  const committed = !options.dryRun && (problems.length === 0 || options.skipInvalid);
  if (committed && records.length > 0) await tx.suppliers.saveMany(records, now);
  return { results, problems, committed };
}
