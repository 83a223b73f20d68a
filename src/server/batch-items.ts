/**
 * A cheaper way through `POST /consumptions/batch` for the bodies an import sends: every item
 * already in the form the schema outputs (canonical dates, trimmed unit, the nine fields and no
 * other). `canonicalItems` accepts a body only when `batchBodySchema` would accept it and give
 * the same values; anything else (a bad item, a date to normalise, a unit with spaces) answers
 * undefined and the body goes through the schema, which gives the errors.
 *
 * The costly checks use the schema's own code: a date is canonical when `normalizeIsoDateTime`
 * returns it unchanged, a UUID passes isUuid (zod's pattern). Dates and the ids of companies,
 * buildings and categories repeat from row to row, so their answers are remembered.
 */
import { isUuid } from "../core/ids.js";
import { normalizeIsoDateTime } from "../core/model/common.js";
import type { ConsumptionInput } from "../core/model/consumption.js";
import {
  CONTROL_CHARACTER,
  MAX_ENTITY_ID,
  quantityProblem,
  yearProblem,
} from "../core/model/text-values.js";

/** Texts remembered per kind at most; the memory is cleared when full. */
const MEMO_LIMIT = 4096;
const FIELDS = 9;

class Memo {
  readonly #answers = new Map<string, boolean>();
  readonly #check: (text: string) => boolean;

  constructor(check: (text: string) => boolean) {
    this.#check = check;
  }

  ok(text: string): boolean {
    let answer = this.#answers.get(text);
    if (answer === undefined) {
      answer = this.#check(text);
      if (this.#answers.size >= MEMO_LIMIT) this.#answers.clear();
      this.#answers.set(text, answer);
    }
    return answer;
  }
}

const canonicalDate = new Memo(
  (text) => normalizeIsoDateTime(text) === text && yearProblem(text) === undefined,
);
const referenceId = new Memo(isUuid);

function isReference(value: unknown): value is string {
  return typeof value === "string" && referenceId.ok(value);
}

function isCanonicalDate(value: unknown): value is string {
  return typeof value === "string" && canonicalDate.ok(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The item as the schema would output it, or undefined when it might not be accepted as is. */
function canonicalItem(value: unknown): ConsumptionInput | undefined {
  if (!isRecord(value) || Object.keys(value).length !== FIELDS) return undefined;
  const { id, entityId, categoryId, startDate, endDate, companyId, buildingId, quantity } = value;
  const { unitType } = value;
  if (typeof id !== "string" || !isUuid(id)) return undefined;
  if (typeof entityId !== "string" || entityId.length > MAX_ENTITY_ID) return undefined;
  if (CONTROL_CHARACTER.test(entityId)) return undefined;
  if (!isReference(categoryId) || !isReference(companyId) || !isReference(buildingId)) {
    return undefined;
  }
  if (!isCanonicalDate(startDate) || !isCanonicalDate(endDate) || endDate < startDate) {
    return undefined;
  }
  if (typeof quantity !== "number" || quantity < 0 || quantityProblem(quantity) !== undefined) {
    return undefined;
  }
  if (typeof unitType !== "string" || unitType === "" || unitType.trim() !== unitType) {
    return undefined;
  }
  if (CONTROL_CHARACTER.test(unitType)) {
    return undefined;
  }
  return {
    id,
    entityId,
    categoryId,
    startDate,
    endDate,
    companyId,
    buildingId,
    quantity,
    unitType,
  };
}

/**
 * The items of a batch body whose every item is already canonical, or undefined (then the
 * schema decides). `maxItems` is the route's limit.
 */
export function canonicalItems(body: unknown, maxItems: number): ConsumptionInput[] | undefined {
  if (!isRecord(body) || Object.keys(body).length !== 1) return undefined;
  const { items } = body;
  if (!Array.isArray(items) || items.length === 0 || items.length > maxItems) return undefined;
  const out: ConsumptionInput[] = [];
  for (const item of items) {
    const canonical = canonicalItem(item);
    if (canonical === undefined) return undefined;
    out.push(canonical);
  }
  return out;
}
