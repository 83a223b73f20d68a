/**
 * Custom emission factors: a company's own factor for a subcategory, in a unit that converts to
 * the subcategory's, over a validity of days; upserted by id, each keeping its company. A factor
 * written or changed recalculates the company's stored emissions it can move, in the same
 * transaction (custom-factor-scope.ts says which).
 */
import { notFound, validationError } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import type { CustomFactorChange } from "../core/model/custom-factor-change.js";
import {
  type CustomFactorInput,
  customFactorInputSchema,
  type ParsedCustomFactorInput,
  type StoredCustomFactor,
  validityOf,
} from "../core/model/factor.js";
import { ownerConflict } from "../core/ownership.js";
import type { CustomFactorFilter } from "../core/resources/custom-factors.js";
import { parseInput } from "../core/validate.js";
import { companyOf } from "./companies.js";
import { customFactorScope, type FactorReach, type FactorScope } from "./custom-factor-scope.js";
import type { RecalculationDriver } from "./recalculation.js";
import type { Awaitable, StoredCategory, StoreTransaction } from "./store.js";
import { unitProblem } from "./unit-check.js";

/** What a write asks of the driver's code that is not on the port yet. */
export interface CustomFactorDriver {
  /**
   * The subcategories (the store's keys) whose consumptions' scope 3 category 3 lines a factor
   * of this subcategory prices (the shipped derivation rules).
   */
  sourcesOf(categoryRef: number): Awaitable<readonly number[]>;
  /** Recalculates, in the rule's transaction, the stored emissions of the scope. */
  recalculate(tx: StoreTransaction, scope: FactorScope): Awaitable<number>;
}

/** The input, validated (a validation error names each field at fault). */
export function parseCustomFactor(input: CustomFactorInput): ParsedCustomFactorInput {
  return parseInput(customFactorInputSchema, input, "custom emission factor");
}

export async function getCustomFactor(
  tx: StoreTransaction,
  id: string,
): Promise<StoredCustomFactor> {
  const found = await tx.customFactors.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("custom factor", id);
  const { companyRef: _, categoryRef: __, ...factor } = found;
  return factor;
}

/** One company's page; an unknown company is not_found. */
export async function listCustomFactors(
  tx: StoreTransaction,
  query: CustomFactorFilter & PageQuery,
): Promise<Page<StoredCustomFactor>> {
  return tx.customFactors.list(query);
}

/** A factor applies to a subcategory: anything else is a validation error. */
async function subcategoryOf(tx: StoreTransaction, categoryId: string): Promise<StoredCategory> {
  const category = await tx.categories.find(categoryId);
  if (category === undefined || category.level !== "subcategory") {
    const message =
      category === undefined
        ? `unknown category ${categoryId}`
        : `category ${category.code} is a ${category.level}; custom factors apply to a subcategory`;
    throw validationError(message, [{ path: "categoryId", message }]);
  }
  return category;
}

function sameFactor(a: StoredCustomFactor, b: StoredCustomFactor): boolean {
  return (
    a.categoryId === b.categoryId &&
    a.basis === b.basis &&
    a.validFrom === b.validFrom &&
    a.validTo === b.validTo &&
    a.unit === b.unit &&
    a.co2e === b.co2e &&
    a.co2 === b.co2 &&
    a.ch4 === b.ch4 &&
    a.n2o === b.n2o &&
    a.source === b.source
  );
}

/** A write's factor, and the emissions it moves (undefined: it changed nothing). */
interface CustomFactorWrite {
  readonly factor: StoredCustomFactor;
  readonly scope: FactorScope | undefined;
}

/**
 * Upsert by id. The company must exist (not_found); the category must be a subcategory and the
 * unit must convert to its default unit (validation). A factor keeps its company (conflict).
 * Writing the same factor again stores nothing and moves nothing.
 */
async function writeCustomFactor(
  tx: StoreTransaction,
  input: CustomFactorInput,
  driver: CustomFactorDriver,
): Promise<CustomFactorWrite> {
  const parsed = parseCustomFactor(input);
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const category = await subcategoryOf(tx, parsed.categoryId);
  const unitIssue = unitProblem(parsed.unit, category);
  if (unitIssue !== undefined) {
    throw validationError(unitIssue, [{ path: "unit", message: unitIssue }]);
  }
  const found = await tx.customFactors.find(id);
  if (found !== undefined && found.companyRef !== company.ref) {
    throw ownerConflict("custom factor", id, found.companyId, company.id);
  }
  const at = new Date().toISOString();
  const next: StoredCustomFactor = {
    id,
    companyId: company.id,
    categoryId: category.id,
    basis: parsed.basis,
    ...validityOf(parsed),
    unit: parsed.unit,
    co2e: parsed.co2e,
    co2: parsed.co2,
    ch4: parsed.ch4,
    n2o: parsed.n2o,
    source: parsed.source,
    createdAt: found?.createdAt ?? at,
  };
  if (found !== undefined) {
    const { companyRef: _, categoryRef: __, ...before } = found;
    if (sameFactor(before, next)) return { factor: before, scope: undefined };
  }
  await tx.customFactors.save(
    {
      id,
      companyRef: company.ref,
      categoryRef: category.ref,
      basis: next.basis,
      validFrom: next.validFrom,
      validTo: next.validTo,
      unit: next.unit,
      co2e: next.co2e,
      co2: next.co2,
      ch4: next.ch4,
      n2o: next.n2o,
      source: next.source,
    },
    at,
  );
  // The factor as it is, and as it was (its subcategory and validity).
  const reach: FactorReach[] = [{ categoryRef: category.ref, validity: next }];
  if (found !== undefined) reach.push({ categoryRef: found.categoryRef, validity: found });
  return { factor: next, scope: await scopeOf(company.ref, reach, driver) };
}

/** The emissions a factor as it is, and as it was, can move (custom-factor-scope.ts). */
async function scopeOf(
  companyRef: number,
  reach: readonly FactorReach[],
  driver: CustomFactorDriver,
): Promise<FactorScope> {
  const sources = new Map<number, readonly number[]>();
  for (const { categoryRef } of reach) {
    if (!sources.has(categoryRef)) sources.set(categoryRef, await driver.sourcesOf(categoryRef));
  }
  return customFactorScope(companyRef, reach, (ref) => sources.get(ref) ?? []);
}

/** Upsert by id (`writeCustomFactor`); a new or changed factor recalculates what it moves. */
export async function upsertCustomFactor(
  tx: StoreTransaction,
  input: CustomFactorInput,
  driver: CustomFactorDriver,
): Promise<StoredCustomFactor> {
  const { factor, scope } = await writeCustomFactor(tx, input, driver);
  if (scope !== undefined) await driver.recalculate(tx, scope);
  return factor;
}

/**
 * The same write, with the company's summary before and after it: what moved per scope and
 * category, as `emissions recalculate` reports it. A dry run's caller rolls the transaction back.
 */
export async function changeCustomFactor(
  tx: StoreTransaction,
  input: CustomFactorInput,
  options: { readonly dryRun: boolean },
  driver: CustomFactorDriver & RecalculationDriver,
): Promise<CustomFactorChange> {
  const { companyId } = parseCustomFactor(input);
  let written: CustomFactorWrite | undefined;
  const recalculation = await driver.run(
    tx,
    { dryRun: options.dryRun, companyIds: [companyId] },
    async () => {
      written = await writeCustomFactor(tx, input, driver);
    },
    () => written?.scope,
  );
  if (written === undefined) throw new Error("the custom factor was not written");
  return { factor: written.factor, recalculation };
}
