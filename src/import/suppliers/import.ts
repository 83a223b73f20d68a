import type { SupplierType, SupplierUpsertResult } from "../../core/model/supplier.js";
import type { CarbonService } from "../../core/service.js";
import { type CsvRecord, CsvSyntaxError, csvOptions, openCsvSource } from "../csv-source.js";
import { RejectsWriter } from "../rejects-writer.js";
import type { RowError } from "../types.js";
import { mapSupplierColumns, type SupplierColumns } from "./columns.js";
import {
  type SupplierRowContext,
  type SupplierRowResult,
  supplierColumnName,
  validateSupplierRow,
} from "./rows.js";

/**
 * `carbon suppliers import FILE`: the consumptions import's guarantees for suppliers and
 * clients (docs/suppliers.md). Every row is checked first (all problems collected, with line and
 * column); if any is bad nothing is written, unless `skipInvalid`. The good rows then go to the
 * engine in one call: one transaction locally, concurrent upserts remotely (after a dry run of
 * the same rows, so a row the server refuses stops the import before anything is stored).
 * A dry run calculates the outcomes and stores nothing. Ids are given or derived from company +
 * externalId, so importing the same file again reports every row unchanged.
 *
 * Supplier files are small (a company's suppliers and clients): rows are held in memory.
 * No console output: the CLI renders the report.
 */

export interface SupplierImportOptions {
  readonly file: string;
  /** Default for rows without a companyId. */
  readonly companyId?: string;
  /** Default for rows without a type. */
  readonly type?: SupplierType;
  /** Forced delimiter as typed (`;`, `tab`...); else detected from the header. */
  readonly delimiter?: string;
  /** `--encoding` as typed (utf-8, windows-1252...); else UTF-8 or the byte order mark's. */
  readonly encoding?: string;
  readonly dryRun: boolean;
  readonly skipInvalid: boolean;
  readonly rejectsFile?: string;
}

export interface SupplierImportReport {
  readonly file: string;
  readonly rowsRead: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  /** Stored by a server that does not say whether it inserted or updated (the spec's answer). */
  readonly outcomeUnknown: number;
  readonly rejected: number;
  /** Sorted by line. */
  readonly errors: readonly RowError[];
  readonly errorCount: number;
  readonly dryRun: boolean;
  /** The good rows are stored. */
  readonly committed: boolean;
}

interface Rejected {
  readonly line: number;
  readonly cells: readonly string[];
  readonly errors: readonly RowError[];
}

interface Good {
  readonly record: CsvRecord;
  readonly result: Extract<SupplierRowResult, { ok: true }>;
}

interface ReadResult {
  readonly header: readonly string[];
  readonly columns: SupplierColumns;
  readonly good: readonly Good[];
  readonly rejected: Rejected[];
  readonly rowsRead: number;
  /** Malformed quoting: reading stopped at that record. */
  readonly broken: boolean;
}

async function readRows(
  options: SupplierImportOptions,
  source: Awaited<ReturnType<typeof openCsvSource>>,
): Promise<ReadResult> {
  let header: readonly string[] = [];
  let ctx: SupplierRowContext | undefined;
  const good: Good[] = [];
  const rejected: Rejected[] = [];
  let rowsRead = 0;
  try {
    for await (const record of source.records()) {
      if (ctx === undefined) {
        header = record.cells;
        const columns = mapSupplierColumns(
          header,
          { companyId: options.companyId !== undefined, type: options.type !== undefined },
          record.line,
        );
        ctx = {
          columns,
          headerLength: header.length,
          ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
          ...(options.type === undefined ? {} : { type: options.type }),
          seenIds: new Map(),
          seenExternalIds: new Map(),
        };
        continue;
      }
      rowsRead += 1;
      const result = validateSupplierRow(record, ctx);
      if (result.ok) good.push({ record, result });
      else rejected.push({ line: record.line, cells: record.cells, errors: result.errors });
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    rowsRead += 1;
    const problem = { line: error.line, column: "", message: error.message };
    rejected.push({ line: error.line, cells: [], errors: [problem] });
    return { header, columns: ctx?.columns ?? {}, good, rejected, rowsRead, broken: true };
  }
  return { header, columns: ctx?.columns ?? {}, good, rejected, rowsRead, broken: false };
}

export async function importSuppliers(
  service: CarbonService,
  options: SupplierImportOptions,
): Promise<SupplierImportReport> {
  const openOptions = csvOptions(options);
  if (options.companyId !== undefined) await service.companies.get(options.companyId);
  const source = await openCsvSource(options.file, openOptions);
  let read: ReadResult;
  try {
    read = await readRows(options, source);
  } finally {
    source.close();
  }
  const { good, rejected } = read;
  const refused = read.broken || (rejected.length > 0 && !options.skipInvalid && !options.dryRun);
  let results: readonly (SupplierUpsertResult | undefined)[] = [];
  let committed = !refused && !options.dryRun;
  if (!refused && good.length > 0) {
    const batch = await service.suppliers.write(
      good.map((entry) => entry.result.input),
      { dryRun: options.dryRun, skipInvalid: options.skipInvalid },
    );
    committed = batch.committed;
    results = committed || options.dryRun ? batch.results : [];
    const byIndex = new Map<number, RowError[]>();
    for (const problem of batch.problems) {
      const entry = good[problem.index];
      if (entry === undefined) continue;
      const errors = byIndex.get(problem.index) ?? [];
      errors.push({
        line: entry.record.line,
        column: supplierColumnName(read.columns, problem.field),
        message: problem.message,
      });
      byIndex.set(problem.index, errors);
    }
    for (const [index, errors] of byIndex) {
      const entry = good[index];
      if (entry !== undefined)
        rejected.push({ line: entry.record.line, cells: entry.record.cells, errors });
    }
  }
  rejected.sort((a, b) => a.line - b.line);
  await writeRejects(options, source, read.header, rejected);
  const count = (outcome: SupplierUpsertResult["outcome"]): number =>
    results.filter((result) => result !== undefined && result.outcome === outcome).length;
  const errors = rejected.flatMap((row) => row.errors);
  return {
    file: options.file,
    rowsRead: read.rowsRead,
    inserted: count("inserted"),
    updated: count("updated"),
    unchanged: count("unchanged"),
    outcomeUnknown: count(undefined),
    rejected: rejected.length,
    errors,
    errorCount: errors.length,
    dryRun: options.dryRun,
    committed,
  };
}

async function writeRejects(
  options: SupplierImportOptions,
  source: { readonly delimiter: string; readonly lineEnding: string },
  header: readonly string[],
  rejected: readonly Rejected[],
): Promise<void> {
  if (options.rejectsFile === undefined || rejected.length === 0) return;
  const writer = new RejectsWriter({
    file: options.rejectsFile,
    header,
    delimiter: source.delimiter,
    lineEnding: source.lineEnding,
  });
  try {
    for (const row of rejected) await writer.write(row.line, row.cells, row.errors);
    await writer.finish();
  } catch (error) {
    await writer.discard();
    throw error;
  }
}
