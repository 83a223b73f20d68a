/**
 * Custom inputs: a company's own inputs, upserted by id, each keeping its company; its unit is
 * one carbon converts, its custom factor the company's own. Once consumptions name an input it
 * keeps what they were checked against, and none is deleted while consumptions or invoices name it.
 */
import { CarbonError, notFound, validationError } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import {
  type CustomInput,
  type CustomInputInput,
  customInputInputSchema,
} from "../core/model/custom-input.js";
import { ownerConflict } from "../core/ownership.js";
import type { CustomInputFilter } from "../core/resources/custom-inputs.js";
import { parseInput } from "../core/validate.js";
import { findUnit } from "../engine/units.js";
import { companyOf } from "./companies.js";
import type { Awaitable, CustomInputUse, StoredCustomInput, StoreTransaction } from "./store.js";

/** What the upsert asks of the driver's code that is not on the port yet. */
export interface CustomInputDriver {
  /** Redoes, in the rule's transaction, the emissions of the consumptions naming the input. */
  recalculate(
    tx: StoreTransaction,
    scope: { readonly companyRef: number; readonly inputRef: number },
  ): Awaitable<number>;
}

export async function getCustomInput(tx: StoreTransaction, id: string): Promise<CustomInput> {
  const found = await tx.customInputs.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("custom input", id);
  const { ref: _, companyRef: __, ...input } = found;
  return input;
}

/** One company's page, or every company's; an unknown company is not_found. */
export async function listCustomInputs(
  tx: StoreTransaction,
  query: CustomInputFilter & PageQuery,
): Promise<Page<CustomInput>> {
  return tx.customInputs.list(query);
}

/**
 * Why an input named by `consumptions` consumptions and `invoices` invoices cannot be deleted
 * (they would lose what prices them); undefined: it can.
 */
export function customInputRefusal(
  id: string,
  consumptions: number,
  invoices: number,
): string | undefined {
  if (consumptions === 0 && invoices === 0) return undefined;
  const named = [
    consumptions === 0 ? "" : `${consumptions} consumption${consumptions === 1 ? "" : "s"}`,
    invoices === 0 ? "" : `${invoices} invoice${invoices === 1 ? "" : "s"}`,
  ]
    .filter((text) => text !== "")
    .join(" and ");
  return `custom input ${id} is named by ${named}; name another input there (or none) first`;
}

/**
 * An input that consumptions name keeps its type and unit (their fields and quantities were
 * checked against them), and its factor stays one of their category.
 */
function checkNamed(
  before: StoredCustomInput,
  named: CustomInputUse,
  type: string,
  unit: string,
  factorCategoryRef: number | null,
): void {
  const changed =
    before.type !== type
      ? { path: "type", what: `its type (${before.type})` }
      : before.unit !== unit
        ? { path: "unit", what: `its unit (${before.unit})` }
        : factorCategoryRef !== null && factorCategoryRef !== named.categoryRef
          ? { path: "customFactorId", what: "a custom factor of their category" }
          : undefined;
  if (changed === undefined) return;
  const count = `${named.count} consumption${named.count === 1 ? "" : "s"}`;
  throw new CarbonError(
    "conflict",
    `custom input ${before.id} is named by ${count}: it keeps ${changed.what}`,
    {
      issues: [{ path: changed.path, message: `named by ${count}` }],
      hint: "create a new custom input for the change, and name it in new consumptions",
    },
  );
}

/**
 * Upsert by id, replacing every field but createdAt: the company must exist and stays, the
 * unit must be one carbon converts, and a custom factor must be the company's own. When the
 * factor of an input that consumptions name changes, their emissions are recalculated.
 */
export async function upsertCustomInput(
  tx: StoreTransaction,
  input: CustomInputInput,
  driver: CustomInputDriver,
): Promise<CustomInput> {
  const parsed = parseInput(customInputInputSchema, input, "custom input");
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const before = await tx.customInputs.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("custom input", id, before.companyId, company.id);
  }
  const unit = findUnit(parsed.unit);
  if (unit === undefined) {
    throw validationError(
      `invalid custom input: unit: expected a unit carbon converts (kWh, l, kg, t, m3, km...), got "${parsed.unit}"`,
      [{ path: "unit", message: "expected a unit carbon converts" }],
    );
  }
  const factorId = parsed.customFactorId?.toLowerCase() ?? null;
  const factor = factorId === null ? undefined : await tx.customFactors.find(factorId);
  if (factorId !== null && (factor === undefined || factor.companyRef !== company.ref)) {
    throw new CarbonError("not_found", `custom factor ${factorId} not found (at customFactorId)`, {
      issues: [{ path: "customFactorId", message: "not a custom factor of the company" }],
    });
  }
  const named =
    before === undefined ? undefined : await tx.customInputs.consumptionsNaming(before.ref);
  if (before !== undefined && named !== undefined && named.count > 0) {
    checkNamed(before, named, parsed.type, unit.name, factor?.categoryRef ?? null);
  }
  await tx.customInputs.save(
    {
      id,
      companyRef: company.ref,
      type: parsed.type,
      name: parsed.name,
      unit: unit.name,
      customFactorId: factorId,
    },
    new Date().toISOString(),
  );
  if (before !== undefined && named !== undefined && named.count > 0) {
    if (before.customFactorId !== factorId) {
      await driver.recalculate(tx, { companyRef: company.ref, inputRef: before.ref });
    }
  }
  return getCustomInput(tx, id);
}
