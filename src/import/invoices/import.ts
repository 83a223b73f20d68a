import { isCarbonError } from "../../core/errors.js";
import { type InvoiceInput, invoiceInputSchema } from "../../core/model/invoice.js";
import type { CarbonService } from "../../core/service.js";
import { zodProblems } from "../../core/zod-issues.js";
import { type CsvRecord, CsvSyntaxError, csvOptions, readCsvRecords } from "../csv-source.js";
import type { RowError } from "../types.js";
import { lineIssues } from "./line-check.js";
import {
  columnName,
  disagreements,
  type InvoiceColumns,
  invoiceObject,
  lineObject,
  mapInvoiceColumns,
} from "./rows.js";

/**
 * `carbon invoices import FILE`: one row per line of an invoice, rows grouped by invoice id
 * (docs/invoices.md). Every row is checked first, all problems collected with line and column;
 * with any problem nothing is stored. The invoices then go to the engine in one call: one
 * transaction locally (a refusal there stores none of them either), one upsert each remotely.
 * A dry run stores nothing. Invoice files are small: rows are held in memory; no console output.
 */

export interface InvoiceImportOptions {
  readonly file: string;
  /** Default for rows without a companyId. */
  readonly companyId?: string;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly dryRun: boolean;
}

export interface InvoiceImportReport {
  readonly file: string;
  readonly rowsRead: number;
  readonly invoices: number;
  /** New invoices; null when the engine cannot tell (a server). */
  readonly inserted: number | null;
  readonly updated: number | null;
  readonly rejected: number;
  /** Sorted by line. */
  readonly errors: readonly RowError[];
  readonly errorCount: number;
  readonly dryRun: boolean;
  readonly committed: boolean;
}

interface Group {
  readonly id: string;
  readonly records: CsvRecord[];
  readonly invoice: Record<string, unknown>;
  readonly lines: Record<string, unknown>[];
  /** Index in `lines` → the record it came from. */
  readonly lineRecords: CsvRecord[];
}

/** Rows grouped by invoice id in file order; rows disagreeing with their invoice's first are errors. */
function groupRows(
  records: readonly CsvRecord[],
  columns: InvoiceColumns,
  headerLength: number,
  companyId: string | undefined,
  errors: RowError[],
): Group[] {
  const groups = new Map<string, Group>();
  for (const record of records) {
    if (record.cells.length !== headerLength) {
      const message = `expected ${headerLength} fields as in the header, got ${record.cells.length}`;
      errors.push({ line: record.line, column: "", message });
      continue;
    }
    const invoice = invoiceObject(record, columns, companyId);
    const id = typeof invoice.id === "string" ? invoice.id.toLowerCase() : "";
    if (id === "") {
      errors.push({
        line: record.line,
        column: columnName(columns, "id"),
        message: "expected the invoice's id",
      });
      continue;
    }
    let group = groups.get(id);
    if (group === undefined) {
      group = { id, records: [], invoice, lines: [], lineRecords: [] };
      groups.set(id, group);
    } else {
      const first = group.records[0];
      errors.push(...disagreements(group.invoice, first?.line ?? 0, invoice, record.line, columns));
    }
    group.records.push(record);
    const line = lineObject(record, columns);
    if (line !== undefined) {
      group.lines.push(line);
      group.lineRecords.push(record);
    }
  }
  return [...groups.values()];
}

/** The row and column of an issue path of one invoice (`lines.2.unit`, `startDate`). */
function locate(group: Group, path: readonly PropertyKey[], columns: InvoiceColumns) {
  const [head, index, field] = path;
  if (head === "lines" && typeof index === "number") {
    const record = group.lineRecords[index] ?? group.records[0];
    const name = field === "type" ? "lineType" : String(field ?? "quantity");
    return { line: record?.line ?? 0, column: columnName(columns, name) };
  }
  return { line: group.records[0]?.line ?? 0, column: columnName(columns, String(head ?? "")) };
}

function pathOf(text: string): PropertyKey[] {
  return text.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export async function importInvoices(
  service: CarbonService,
  options: InvoiceImportOptions,
): Promise<InvoiceImportReport> {
  if (options.companyId !== undefined) await service.companies.get(options.companyId);
  const errors: RowError[] = [];
  let records: CsvRecord[] = [];
  try {
    records = await readCsvRecords(options.file, csvOptions(options));
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    errors.push({ line: error.line, column: "", message: error.message });
  }
  const [header, ...rows] = records;
  const columns =
    header === undefined ? {} : mapInvoiceColumns(header.cells, options.companyId !== undefined);
  const groups = groupRows(rows, columns, header?.cells.length ?? 0, options.companyId, errors);
  const categories = groups.length === 0 ? [] : (await service.categories.list({})).data;
  const inputs: InvoiceInput[] = [];
  /** The group of each input, by index. */
  const sent: Group[] = [];
  for (const group of groups) {
    const parsed = invoiceInputSchema.safeParse({ ...group.invoice, lines: group.lines });
    const issues = parsed.success ? lineIssues(parsed.data, categories) : [];
    for (const issue of issues) {
      errors.push({ ...locate(group, pathOf(issue.path), columns), message: issue.message });
    }
    if (parsed.success && issues.length === 0) {
      inputs.push(parsed.data);
      sent.push(group);
    } else if (!parsed.success) {
      for (const problem of zodProblems(parsed.error)) {
        errors.push({ ...locate(group, problem.at, columns), message: problem.message });
      }
    }
  }
  let committed = false;
  let inserted: number | null = null;
  if (inputs.length > 0) {
    // With problems already found, the rest is still checked (references, units), as a dry run.
    const dryRun = options.dryRun || errors.length > 0;
    try {
      const batch = await service.invoices.write(inputs, { dryRun });
      committed = batch.committed;
      inserted = batch.inserted ?? null;
    } catch (error) {
      if (!isCarbonError(error) || error.code !== "validation") throw error;
      // Paths `<invoice index>.<field>`: back to the rows they came from.
      for (const issue of error.issues) {
        const [index, ...rest] = pathOf(issue.path);
        const group = typeof index === "number" ? sent[index] : undefined;
        if (group === undefined) continue;
        errors.push({ ...locate(group, rest, columns), message: issue.message });
      }
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return {
    file: options.file,
    rowsRead: rows.length,
    invoices: groups.length,
    inserted: errors.length > 0 ? null : inserted,
    updated: inserted === null || errors.length > 0 ? null : inputs.length - inserted,
    rejected: new Set(errors.map((error) => error.line)).size,
    errors,
    errorCount: errors.length,
    dryRun: options.dryRun,
    committed,
  };
}
