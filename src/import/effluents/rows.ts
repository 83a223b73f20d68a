/**
 * One row of an effluents CSV as an upsert input (docs/effluents.md): cells read (numbers with
 * or without a decimal comma), the building named by id or name among its company's, the
 * record checked by the model's schema, every problem with its line and column.
 */
import { uuidV5 } from "../../core/ids.js";
import { type EffluentInput, effluentInputSchema } from "../../core/model/effluent.js";
import { nameKey } from "../../core/names.js";
import { zodProblems } from "../../core/zod-issues.js";
import type { CsvRecord } from "../csv-source.js";
import { parseDecimal } from "../numbers.js";
import type { RowError } from "../types.js";
import type { EffluentColumns, EffluentField } from "./columns.js";

/** A company's buildings by id and by name key; undefined when the company is unknown. */
export interface BuildingIndex {
  readonly ids: ReadonlySet<string>;
  /** Name key → the ids of the buildings of that name. */
  readonly names: ReadonlyMap<string, readonly string[]>;
}

export interface RowContext {
  readonly columns: EffluentColumns;
  readonly headerLength: number;
  /** `--company`, for rows without a company column. */
  readonly companyId?: string;
  readonly decimalComma: boolean;
  /** The buildings of a company of the file (read once per company by the caller). */
  buildings(companyId: string): Promise<BuildingIndex | undefined>;
}

export type RowResult =
  | { readonly ok: true; readonly input: EffluentInput & { readonly id: string } }
  | { readonly ok: false; readonly errors: readonly RowError[] };

/** The input's fields by the column that gives each. */
const columnFields = new Map<string, EffluentField>([
  ["id", "id"],
  ["companyId", "companyId"],
  ["buildingId", "building"],
  ["type", "type"],
  ["parameter", "parameter"],
  ["value", "value"],
  ["unit", "unit"],
  ["year", "year"],
  ["sampledAt", "sampledAt"],
  ["minValue", "minValue"],
  ["dischargePoint", "dischargePoint"],
  ["notes", "notes"],
]);

/** The column a field's problem is reported at: its header cell, or the flag that gave it. */
export function columnOf(columns: EffluentColumns, field: string): string {
  if (field === "companyId" && columns.companyId === undefined) return "--company";
  const key = columnFields.get(field);
  return (key === undefined ? undefined : columns[key]?.name) ?? field;
}

/** The id of a row without one: the same limit or sample always gets the same id. */
export function derivedEffluentId(input: EffluentInput): string {
  const when = input.type === "limit" ? String(input.year ?? "") : (input.sampledAt ?? "");
  const parts = [input.companyId, input.buildingId, input.type, input.parameter, when];
  return uuidV5(`effluent|${[...parts, input.dischargePoint ?? ""].join("|").toLowerCase()}`);
}

export async function effluentRow(record: CsvRecord, ctx: RowContext): Promise<RowResult> {
  const { columns } = ctx;
  const errors: RowError[] = [];
  const fail = (field: string, message: string) =>
    errors.push({ line: record.line, column: columnOf(columns, field), message });
  if (record.cells.length !== ctx.headerLength) {
    const message = `expected ${ctx.headerLength} fields as in the header, got ${record.cells.length}`;
    return { ok: false, errors: [{ line: record.line, column: "", message }] };
  }
  const cell = (field: EffluentField): string | undefined => {
    const ref = columns[field];
    const text = ref === undefined ? undefined : record.cells[ref.index]?.trim();
    return text === "" ? undefined : text;
  };
  const number = (field: "value" | "minValue"): number | undefined => {
    const text = cell(field);
    if (text === undefined) return undefined;
    const parsed = parseDecimal(text, ctx.decimalComma);
    if (parsed.ok) return parsed.value;
    fail(field, parsed.message);
    return undefined;
  };
  const raw: Record<string, unknown> = {
    id: cell("id") ?? "00000000-0000-4000-8000-000000000000",
    companyId: cell("companyId") ?? ctx.companyId,
    type: cell("type"),
    parameter: cell("parameter"),
    value: number("value"),
    unit: cell("unit"),
    sampledAt: cell("sampledAt"),
    minValue: number("minValue"),
    dischargePoint: cell("dischargePoint"),
    notes: cell("notes"),
  };
  const year = cell("year");
  if (year !== undefined) {
    if (/^\d{4}$/.test(year)) raw.year = Number(year);
    else fail("year", `expected a year such as 2024, got "${year}"`);
  }
  raw.buildingId = await buildingOf(cell("building"), raw.companyId, ctx, fail);
  const parsed = effluentInputSchema.safeParse(raw);
  if (!parsed.success) {
    for (const problem of zodProblems(parsed.error)) {
      const field = String(problem.at[0] ?? "");
      // A missing building or value was reported already, as the cell said it.
      if (errors.some((error) => error.column === columnOf(columns, field))) continue;
      fail(field, problem.message);
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  const input = parsed.data;
  return {
    ok: true,
    input: { ...input, id: cell("id") === undefined ? derivedEffluentId(input) : input.id },
  };
}

/** The building a cell names, by id or name among the company's; undefined with a problem. */
async function buildingOf(
  text: string | undefined,
  companyId: unknown,
  ctx: RowContext,
  fail: (field: string, message: string) => void,
): Promise<string | undefined> {
  if (text === undefined) {
    fail("buildingId", "expected a building id or name");
    return undefined;
  }
  if (typeof companyId !== "string" || !/^[0-9a-f-]{36}$/i.test(companyId)) return undefined;
  const index = await ctx.buildings(companyId.toLowerCase());
  if (index === undefined) {
    fail("companyId", `company ${companyId} not found`);
    return undefined;
  }
  if (index.ids.has(text.toLowerCase())) return text.toLowerCase();
  const matches = index.names.get(nameKey(text)) ?? [];
  const [only, ...others] = matches;
  if (only !== undefined && others.length === 0) return only;
  fail(
    "buildingId",
    only === undefined
      ? `no building "${text}" in company ${companyId}`
      : `"${text}" names ${matches.length} buildings of company ${companyId}: use the building's id`,
  );
  return undefined;
}
