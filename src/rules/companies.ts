/**
 * Companies: the one a record names must exist; an upsert validates and keeps createdAt, and a
 * change of country recalculates what follows it.
 */
import { notFound } from "../core/errors.js";
import { type CompanyInput, companyInputSchema } from "../core/model/company.js";
import { parseInput } from "../core/validate.js";
import type {
  Awaitable,
  CompanyRecord,
  CompanyTable,
  StoredCompany,
  StoreTransaction,
} from "./store.js";

/** The company with this id; an unknown one is not_found. */
export async function companyOf(
  tx: { readonly companies: Pick<CompanyTable, "find"> },
  id: string,
): Promise<StoredCompany> {
  const company = await tx.companies.find(id);
  if (company === undefined) throw notFound("company", id);
  return company;
}

/** The company an input describes, validated (a usage error names each field at fault). */
export function companyRecord(input: CompanyInput): CompanyRecord {
  const parsed = parseInput(companyInputSchema, input, "company");
  return { id: parsed.id.toLowerCase(), name: parsed.name, country: parsed.country };
}

/** What the upsert asks of the driver's code that is not on the port yet. */
export interface CompanyDriver {
  /**
   * Redoes, in the rule's transaction, the stored emissions of the company's buildings that
   * have no country of their own (they follow the company's).
   */
  recalculate(
    tx: StoreTransaction,
    scope: {
      readonly companyRef: number;
      readonly buildingsWithoutCountry: true;
    },
  ): Awaitable<number>;
}

/**
 * Upsert by id; a change of country recalculates the emissions of the buildings that follow it.
 * Answers the stored company and the one it replaced, if any.
 */
export async function upsertCompany(
  tx: StoreTransaction,
  input: CompanyInput,
  driver: CompanyDriver,
): Promise<{ readonly company: StoredCompany; readonly before?: StoredCompany }> {
  const record = companyRecord(input);
  const before = await tx.companies.find(record.id);
  await tx.companies.save(record, new Date().toISOString());
  const company = await companyOf(tx, record.id);
  if (before !== undefined && before.country !== company.country) {
    await driver.recalculate(tx, { companyRef: company.ref, buildingsWithoutCountry: true });
  }
  return before === undefined ? { company } : { company, before };
}

/**
 * Each id as given, with the record of its id found among `found` (ids compared in lower case),
 * or undefined: what a batch's rows name, read in one call.
 */
export function byGivenId<T extends { readonly id: string }>(
  ids: readonly string[],
  found: readonly T[],
): (readonly [string, T | undefined])[] {
  const byId = new Map(found.map((record) => [record.id.toLowerCase(), record]));
  return ids.map((id) => [id, byId.get(id.toLowerCase())] as const);
}
