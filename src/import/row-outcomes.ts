import type { BuildingInput } from "../core/model/building.js";
import type { ConsumptionInput } from "../core/model/consumption.js";
import type { CsvRecord } from "./csv-source.js";
import { companyOf, type RowContext, validateRow } from "./row-validator.js";
import type { RowError } from "./types.js";

/**
 * What validating one record gives the import run: a consumption to write (with the building
 * `--create-buildings` must create before it, if this row planned one) or the row's problems.
 * Outcomes come in chunks, in file order, from the main thread (small files) or from a parse
 * worker (worker-outcomes.ts); the import run treats both alike.
 */

export interface ValidRow {
  readonly line: number;
  /** The record's cells; empty when nothing will need them (no rejects file). */
  readonly cells: readonly string[];
  readonly input: ConsumptionInput;
  readonly plan: BuildingInput | undefined;
}

export interface RejectedRow {
  readonly line: number;
  readonly cells: readonly string[];
  readonly errors: readonly RowError[];
}

export type RowOutcome = ValidRow | RejectedRow;

export function isValid(outcome: RowOutcome): outcome is ValidRow {
  return "input" in outcome;
}

/** Chunks of outcomes in file order; a malformed file ends it with a CsvSyntaxError. */
export interface OutcomeSource {
  readonly chunks: AsyncGenerator<readonly RowOutcome[], void, undefined>;
  bytesRead(): number;
}

const NO_CELLS: readonly string[] = Object.freeze([]);

/** Loads the record's company if it is not loaded yet. */
export async function loadCompanyOf(record: CsvRecord, ctx: RowContext): Promise<void> {
  const companyId = companyOf(record, ctx);
  if (companyId !== undefined && !ctx.refs.isLoaded(companyId)) {
    await ctx.refs.loadCompany(companyId);
  }
}

/** True when the record's company (if any) is loaded: `outcomeOf` may run. */
export function companyReady(record: CsvRecord, ctx: RowContext): boolean {
  const companyId = companyOf(record, ctx);
  return companyId === undefined || ctx.refs.isLoaded(companyId);
}

/** Validates one record whose company is loaded. */
export function outcomeOf(record: CsvRecord, ctx: RowContext, keepCells: boolean): RowOutcome {
  const result = validateRow(record, ctx);
  if (!result.ok) return { line: record.line, cells: record.cells, errors: result.errors };
  const plan = ctx.refs.takePending()[0];
  return {
    line: record.line,
    cells: keepCells ? record.cells : NO_CELLS,
    input: result.input,
    plan,
  };
}

/** Validates a batch of records, loading companies as they are met. */
export async function validateRecords(
  records: readonly CsvRecord[],
  ctx: RowContext,
  keepCells: boolean,
): Promise<RowOutcome[]> {
  const chunk: RowOutcome[] = [];
  for (const record of records) {
    if (!companyReady(record, ctx)) await loadCompanyOf(record, ctx);
    chunk.push(outcomeOf(record, ctx, keepCells));
  }
  return chunk;
}

/** Validates on the calling thread, one CSV batch per chunk. */
export async function* validateInline(
  first: readonly CsvRecord[],
  batches: AsyncGenerator<readonly CsvRecord[], void, undefined>,
  ctx: RowContext,
  keepCells: boolean,
): AsyncGenerator<readonly RowOutcome[], void, undefined> {
  let records: readonly CsvRecord[] = first;
  for (;;) {
    const chunk = await validateRecords(records, ctx, keepCells);
    if (chunk.length > 0) yield chunk;
    const next = await batches.next();
    if (next.done === true) return;
    records = next.value;
  }
}
