/**
 * The rows of an invoices CSV (docs/invoices.md): one row per line of an invoice, rows of one
 * invoice grouped by its id. Header names are matched as the consumptions import matches them
 * (case, spaces, underscores and hyphens ignored); columns starting with `_` are ignored.
 */
import { type ColumnRef, checkHeader, matchHeader, normalizeColumnName } from "../columns.js";
import type { CsvRecord } from "../csv-source.js";
import { parseDecimal } from "../numbers.js";
import type { RowError } from "../types.js";

/** Fields of the invoice, the same on every row of it. */
export const invoiceFields = [
  "id",
  "type",
  "status",
  "companyId",
  "buildingId",
  "startDate",
  "endDate",
  "cup",
  "supplier",
  "totalCost",
  "currency",
  "countryCode",
  "externalId",
  "wasteType",
  "wasteDisposalMethod",
  "wasteOperatorId",
  "provider",
] as const;
/** Fields of the row's line. */
export const lineFields = ["quantity", "unit", "fuel", "lineType"] as const;

type InvoiceField = (typeof invoiceFields)[number];
type LineField = (typeof lineFields)[number];
export type CsvField = InvoiceField | LineField;
export type InvoiceColumns = Readonly<Partial<Record<CsvField, ColumnRef>>>;

const aliases: readonly (readonly [string, CsvField])[] = [
  ...[...invoiceFields, ...lineFields].map((field): [string, CsvField] => [field, field]),
  ["invoiceId", "id"],
  ["company", "companyId"],
  ["building", "buildingId"],
  ["country", "countryCode"],
  ["unitType", "unit"],
  ["disposal", "wasteDisposalMethod"],
  ["wasteOperator", "wasteOperatorId"],
];

const byNormalized = new Map(
  aliases.map(([name, field]) => [normalizeColumnName(name), { canonical: name, field }]),
);

export const acceptedInvoiceColumnsText = `${[...invoiceFields, ...lineFields].join(", ")} (also invoiceId, company, building, country, unitType, disposal, wasteOperator); columns whose name starts with _ are ignored`;

/** Maps the header, or throws a validation error naming every header problem. */
export function mapInvoiceColumns(header: readonly string[], companyFlag: boolean): InvoiceColumns {
  const { columns, issues } = matchHeader(header, (name) => byNormalized.get(name), 1);
  const required: CsvField[] = [
    "id",
    "type",
    "buildingId",
    "startDate",
    "endDate",
    "totalCost",
    "currency",
  ];
  const missing: string[] = required.filter((field) => columns[field] === undefined);
  if (columns.companyId === undefined && !companyFlag) {
    missing.push("companyId (or the --company flag)");
  }
  checkHeader(issues, missing, 1, acceptedInvoiceColumnsText);
  return columns;
}

/** The column a field's problem is reported under: the header cell, or the flag it came from. */
export function columnName(columns: InvoiceColumns, field: string): string {
  const known = [...invoiceFields, ...lineFields].find((candidate) => candidate === field);
  if (known === undefined) return field;
  return columns[known]?.name ?? (known === "companyId" ? "--company" : field);
}

export function cell(record: CsvRecord, columns: InvoiceColumns, field: CsvField): string {
  const column = columns[field];
  return column === undefined ? "" : (record.cells[column.index] ?? "").trim();
}

/** A number cell as a number (the text itself when it is not one: the schema says why). */
function numberOf(text: string): number | string {
  const parsed = parseDecimal(text, false);
  return parsed.ok ? parsed.value : text;
}

/** The invoice fields a row gives (blank cells left out), with `--company` for its company. */
export function invoiceObject(
  record: CsvRecord,
  columns: InvoiceColumns,
  companyId: string | undefined,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const field of invoiceFields) {
    const text = cell(record, columns, field);
    if (text === "") continue;
    object[field] = field === "totalCost" ? numberOf(text) : text;
  }
  if (object.companyId === undefined && companyId !== undefined) object.companyId = companyId;
  return object;
}

/** The row's line, or undefined for a row that has none (an invoice without lines). */
export function lineObject(
  record: CsvRecord,
  columns: InvoiceColumns,
): Record<string, unknown> | undefined {
  const quantity = cell(record, columns, "quantity");
  const unit = cell(record, columns, "unit");
  const fuel = cell(record, columns, "fuel");
  const type = cell(record, columns, "lineType");
  if (quantity === "" && unit === "" && fuel === "" && type === "") return undefined;
  return {
    quantity: numberOf(quantity),
    unit,
    ...(fuel === "" ? {} : { fuel }),
    ...(type === "" ? {} : { type }),
  };
}

/** Invoice cells of a later row that differ from the invoice's first row, each an error. */
export function disagreements(
  first: Record<string, unknown>,
  firstLine: number,
  row: Record<string, unknown>,
  line: number,
  columns: InvoiceColumns,
): RowError[] {
  return invoiceFields.flatMap((field) => {
    const value = row[field];
    if (value === undefined || value === first[field]) return [];
    return [
      {
        line,
        column: columnName(columns, field),
        message: `differs from line ${firstLine} of the same invoice ("${String(first[field] ?? "")}"): every row of an invoice gives the same ${field}`,
      },
    ];
  });
}
