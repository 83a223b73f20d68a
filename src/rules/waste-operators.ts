/**
 * Waste operators: upserted by id, each keeping its company, names unique per company as
 * `nameKey` compares them, and none deleted while an invoice names it.
 */
import { CarbonError, notFound } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import {
  type WasteOperator,
  type WasteOperatorInput,
  wasteOperatorInputSchema,
} from "../core/model/waste-operator.js";
import { nameKey } from "../core/names.js";
import { ownerConflict } from "../core/ownership.js";
import type { PortOf } from "../core/resource-types.js";
import type { WasteOperatorFilter } from "../core/resources/waste-operators.js";
import { parseInput } from "../core/validate.js";
import { companyOf } from "./companies.js";
import type { Owned, StoredCompany, StoreTransaction, StoreTransactions } from "./store.js";

/** The operator with this id, with its company's key; an unknown one is not_found. */
export async function findWasteOperator(
  tx: StoreTransaction,
  id: string,
): Promise<Owned<WasteOperator>> {
  const found = await tx.wasteOperators.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("waste operator", id);
  return found;
}

export async function getWasteOperator(tx: StoreTransaction, id: string): Promise<WasteOperator> {
  const { companyRef: _, ...operator } = await findWasteOperator(tx, id);
  return operator;
}

/** One company's page, or every company's; an unknown company is not_found. */
export async function listWasteOperators(
  tx: StoreTransaction,
  query: WasteOperatorFilter & PageQuery,
): Promise<Page<WasteOperator>> {
  return tx.wasteOperators.list(query);
}

/** Why an operator named by `invoices` invoices cannot be deleted; undefined: it can. */
export function wasteOperatorRefusal(id: string, invoices: number): string | undefined {
  if (invoices === 0) return undefined;
  return `waste operator ${id} is named by ${invoices} ${invoices === 1 ? "invoice" : "invoices"}; change or delete them first`;
}

/** Conflict when another operator of the company already has the name (as `nameKey` sees it). */
async function checkNameFree(
  tx: StoreTransaction,
  company: StoredCompany,
  name: string,
  id: string,
): Promise<void> {
  const other = await tx.wasteOperators.findByName(company.ref, nameKey(name));
  if (other === undefined || other.id === id) return;
  throw new CarbonError(
    "conflict",
    `company "${company.name}" (${company.id}) already has a waste operator named "${other.name}" (${other.id}); waste operator names are unique per company, ignoring case and repeated spaces`,
    {
      hint: "choose another name, or use that operator's id to update it",
      issues: [{ path: "name", message: `taken by waste operator ${other.id}` }],
    },
  );
}

/**
 * Upsert by id, replacing every field but createdAt. The company must exist (not_found), an
 * operator keeps its company (conflict), and its name is no other operator's of the company
 * (conflict).
 */
export async function upsertWasteOperator(
  tx: StoreTransaction,
  input: WasteOperatorInput,
): Promise<WasteOperator> {
  const parsed = parseInput(wasteOperatorInputSchema, input, "waste operator");
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const before = await tx.wasteOperators.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("waste operator", id, before.companyId, company.id);
  }
  await checkNameFree(tx, company, parsed.name, id);
  await tx.wasteOperators.save(
    {
      id,
      companyRef: company.ref,
      name: parsed.name,
      nameKey: nameKey(parsed.name),
      registrationCode: parsed.registrationCode,
      countryCode: parsed.countryCode,
      treatments: parsed.treatments,
    },
    new Date().toISOString(),
  );
  return getWasteOperator(tx, id);
}

/** The waste operators' part of the port: each call one transaction of these rules. */
export function wasteOperatorsPart(rules: StoreTransactions): PortOf<"wasteOperators"> {
  return {
    list: (query) => rules.read((tx) => listWasteOperators(tx, query)),
    get: (id) => rules.read((tx) => getWasteOperator(tx, id)),
    upsert: (input) => rules.write((tx) => upsertWasteOperator(tx, input)),
  };
}
