import {
  effectiveSupplierId,
  type ParsedSupplierInput,
  type SupplierType,
  supplierInputSchema,
} from "../../core/model/supplier.js";
import { zodProblems } from "../../core/zod-issues.js";
import { otherCompanyMessage } from "../company-flag.js";
import type { CsvRecord } from "../csv-source.js";
import type { RowError } from "../types.js";
import type { SupplierColumns, SupplierField } from "./columns.js";

/** What every row of one file is checked against. */
export interface SupplierRowContext {
  readonly columns: SupplierColumns;
  readonly headerLength: number;
  /** `--company`: for rows without a companyId cell. */
  readonly companyId?: string;
  /** `--type`: for rows without a type cell. */
  readonly type?: SupplierType;
  /** First line of each id (given or derived) and of each company + externalId seen so far. */
  readonly seenIds: Map<string, number>;
  readonly seenExternalIds: Map<string, number>;
}

export type SupplierRowResult =
  | { readonly ok: true; readonly input: ParsedSupplierInput & { readonly id: string } }
  | { readonly ok: false; readonly errors: readonly RowError[] };

/** Singular words are accepted in a file; the stored value is the spec's plural. */
const typeWords: Readonly<Record<string, SupplierType>> = {
  supplier: "suppliers",
  suppliers: "suppliers",
  client: "clients",
  clients: "clients",
};

const supplierFields: readonly SupplierField[] = [
  "id",
  "name",
  "email",
  "address",
  "companyId",
  "externalId",
  "type",
];

const flags: Partial<Record<SupplierField, string>> = { companyId: "--company", type: "--type" };

/** The column a field's problem is reported under: the header cell, or the flag it came from. */
export function supplierColumnName(columns: SupplierColumns, field: string): string {
  const known = supplierFields.find((candidate) => candidate === field);
  if (known === undefined) return field;
  return columns[known]?.name ?? flags[known] ?? field;
}

function cell(record: CsvRecord, ctx: SupplierRowContext, field: SupplierField): string {
  const column = ctx.columns[field];
  return column === undefined ? "" : (record.cells[column.index] ?? "").trim();
}

function rowObject(record: CsvRecord, ctx: SupplierRowContext): Record<string, unknown> {
  const id = cell(record, ctx, "id");
  const typeText = cell(record, ctx, "type");
  const type = typeText === "" ? ctx.type : (typeWords[typeText.toLowerCase()] ?? typeText);
  const companyId = cell(record, ctx, "companyId");
  return {
    ...(id === "" ? {} : { id }),
    name: cell(record, ctx, "name"),
    email: cell(record, ctx, "email"),
    address: cell(record, ctx, "address"),
    companyId: companyId === "" ? (ctx.companyId ?? "") : companyId,
    externalId: cell(record, ctx, "externalId"),
    type: type ?? "",
  };
}

/** Field of a schema issue; the "id or externalId" rule points at the column the file has. */
function issueField(path: readonly PropertyKey[], columns: SupplierColumns): string {
  const field = String(path[0] ?? "");
  if (field === "id" && columns.id === undefined) return "externalId";
  return field;
}

function duplicates(
  input: ParsedSupplierInput,
  id: string,
  line: number,
  ctx: SupplierRowContext,
): RowError | undefined {
  if (input.externalId !== null) {
    const key = `${input.companyId.toLowerCase()}|${input.externalId}`;
    const first = ctx.seenExternalIds.get(key);
    if (first !== undefined) {
      const message = `duplicate externalId "${input.externalId}": line ${first} has the same one in this company`;
      return { line, column: supplierColumnName(ctx.columns, "externalId"), message };
    }
    ctx.seenExternalIds.set(key, line);
  }
  const first = ctx.seenIds.get(id);
  if (first !== undefined) {
    const message = `duplicate id ${id}: line ${first} has the same id`;
    return { line, column: supplierColumnName(ctx.columns, "id"), message };
  }
  ctx.seenIds.set(id, line);
  return undefined;
}

/** Checks one record: every problem of the row, with its line and column. */
export function validateSupplierRow(record: CsvRecord, ctx: SupplierRowContext): SupplierRowResult {
  const { line } = record;
  if (record.cells.length !== ctx.headerLength) {
    const message = `expected ${ctx.headerLength} fields as in the header, got ${record.cells.length}`;
    return { ok: false, errors: [{ line, column: "", message }] };
  }
  const errors: RowError[] = [];
  const companyCell = cell(record, ctx, "companyId");
  const flagCompany = ctx.companyId?.toLowerCase();
  if (
    flagCompany !== undefined &&
    companyCell !== "" &&
    companyCell.toLowerCase() !== flagCompany
  ) {
    const column = supplierColumnName(ctx.columns, "companyId");
    errors.push({ line, column, message: otherCompanyMessage(companyCell, flagCompany) });
  }
  const parsed = supplierInputSchema.safeParse(rowObject(record, ctx));
  if (!parsed.success) {
    for (const problem of zodProblems(parsed.error)) {
      errors.push({
        line,
        column: supplierColumnName(ctx.columns, issueField(problem.at, ctx.columns)),
        message:
          problem.at[0] === "type"
            ? `${problem.message}, got "${cell(record, ctx, "type")}"`
            : problem.message,
      });
    }
  }
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  const id = effectiveSupplierId(parsed.data);
  const duplicate = duplicates(parsed.data, id, line, ctx);
  if (duplicate !== undefined) return { ok: false, errors: [duplicate] };
  return { ok: true, input: { ...parsed.data, id } };
}
