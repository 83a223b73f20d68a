/**
 * Reads of consumptions and of their emission lines: pages, records by id. The store answers
 * rows and what decoding them needs (src/rules/store.ts, ConsumptionReadTable); the rows are
 * decoded here (consumption-rows.ts). Pages of emissions are counted in lines: the total counts
 * them by calculation record (each record knows its lines), and a page deep in the list passes
 * over the rows before it by their line counts without building their lines.
 */
import { notFound } from "../core/errors.js";
import type { Page } from "../core/model/common.js";
import type { Consumption } from "../core/model/consumption.js";
import type { Emission } from "../core/model/emission.js";
import { pageOf, pageWindow } from "../core/pagination.js";
import type { ConsumptionQuery, PeriodFilter } from "../core/ports/consumptions.js";
import type { EmissionFilter, EmissionQuery } from "../core/ports/emissions.js";
import type { ConsumptionSummaryRow } from "../engine/summary.js";
import { filterNames, lineFilterOf, rowFilterOf } from "./consumption-filters.js";
import { IsoDates, type LineFilter, RowDecoder } from "./consumption-rows.js";
import type {
  CalculationCount,
  CalculationRecords,
  ConsumptionReadRow,
  ConsumptionReadTable,
  ConsumptionRowFilter,
  LineWeight,
  RowReferences,
  StoreTransaction,
} from "./store.js";

/** The consumption found, or not_found. */
export function foundConsumption(id: string, found: Consumption | undefined): Consumption {
  if (found === undefined) throw notFound("consumption", id);
  return found;
}

/** The consumption's first emission line, or not_found without the consumption. */
export function foundEmission(consumptionId: string, found: Emission | undefined): Emission {
  if (found === undefined) throw notFound("emission of consumption", consumptionId);
  return found;
}

/** A decoder for rows of a read: their calculation records asked for in one call. */
export async function decoderOf(
  reads: ConsumptionReadTable,
  references: RowReferences,
  rows: readonly ConsumptionReadRow[],
): Promise<RowDecoder> {
  const refs = new Set<number | null>();
  for (const row of rows) refs.add(row[17]);
  return new RowDecoder(references, await reads.calculations([...refs]));
}

/** What a decoder of consumption records (not of their lines) is given for records: none. */
const NO_RECORDS: CalculationRecords = { get: () => undefined, legacyLibraryVersion: null };

async function findRow(
  tx: StoreTransaction,
  id: string,
): Promise<{ row: ConsumptionReadRow; references: RowReferences } | undefined> {
  const references = await tx.consumptionReads.references();
  const row = await tx.consumptionReads.find(id.toLowerCase());
  return row === undefined ? undefined : { row, references };
}

export async function findConsumption(
  tx: StoreTransaction,
  id: string,
): Promise<Consumption | undefined> {
  const found = await findRow(tx, id);
  if (found === undefined) return undefined;
  return new RowDecoder(found.references, NO_RECORDS).consumption(found.row);
}

/** Each id's consumption, and whether its first emission line is calculated; in the ids' order. */
export async function findConsumptionsWithStatus(
  tx: StoreTransaction,
  ids: readonly string[],
): Promise<({ consumption: Consumption; calculated: boolean } | undefined)[]> {
  const reads = tx.consumptionReads;
  const references = await reads.references();
  const rows: (ConsumptionReadRow | undefined)[] = [];
  for (const id of ids) rows.push(await reads.find(id.toLowerCase()));
  const decoder = await decoderOf(
    reads,
    references,
    rows.filter((row) => row !== undefined),
  );
  return rows.map((row) =>
    row === undefined
      ? undefined
      : {
          consumption: decoder.consumption(row),
          calculated: decoder.emission(row).status === "calculated",
        },
  );
}

export async function getConsumption(tx: StoreTransaction, id: string): Promise<Consumption> {
  return foundConsumption(id, await findConsumption(tx, id));
}

/**
 * A consumption and its first emission line (its direct line, of its first year when split), its
 * row read once.
 */
export async function getConsumptionAndEmission(
  tx: StoreTransaction,
  id: string,
): Promise<{ consumption: Consumption; emission: Emission }> {
  const found = await findRow(tx, id);
  if (found === undefined) {
    return { consumption: foundConsumption(id, undefined), emission: foundEmission(id, undefined) };
  }
  const decoder = await decoderOf(tx.consumptionReads, found.references, [found.row]);
  return {
    consumption: foundConsumption(id, decoder.consumption(found.row)),
    emission: foundEmission(id, decoder.emission(found.row)),
  };
}

/** Which of these ids (any case) name a stored consumption. */
export async function storedConsumptionIds(
  tx: StoreTransaction,
  ids: readonly string[],
): Promise<Set<string>> {
  const stored = await tx.consumptionReads.storedIds(ids.map((id) => id.toLowerCase()));
  return new Set(ids.filter((id) => stored.has(id.toLowerCase())));
}

/** One page of consumptions in list order (start date, then stored order), with their total. */
export async function listConsumptions(
  tx: StoreTransaction,
  query: ConsumptionQuery,
): Promise<Page<Consumption>> {
  const window = pageWindow(query);
  const reads = tx.consumptionReads;
  const references = await reads.references();
  const filter = rowFilterOf(query, await filterNames(tx, query), references.categories);
  const rows = await reads.list(filter, window);
  const total = await reads.count(filter);
  const decoder = new RowDecoder(references, NO_RECORDS);
  return pageOf(
    rows.map((row) => decoder.consumption(row)),
    window,
    total,
  );
}

/**
 * How many lines a consumption of each (category, record) pair gives under the filter, and the
 * lines of all the read's consumptions. Counted by category only when the filter names scopes or
 * categories (a direct line's are its consumption's); otherwise a record's lines are the same
 * whatever the category.
 */
async function lineWeights(
  reads: ConsumptionReadTable,
  references: RowReferences,
  filter: ConsumptionRowFilter,
  lines: LineFilter | undefined,
): Promise<{ weights: LineWeight[]; byCategory: boolean; total: number }> {
  const byCategory = lines?.scopes !== undefined || lines?.categoryRefs !== undefined;
  const groups: readonly CalculationCount[] = await reads.countByCalculation(filter, byCategory);
  const records = await reads.calculations(groups.map((group) => group.calculationRef));
  const decoder = new RowDecoder(references, records);
  let total = 0;
  const weights = groups.map(({ categoryRef, calculationRef, consumptions }) => {
    const count = decoder.lineCount(categoryRef, decoder.calculation(calculationRef), lines);
    total += consumptions * count;
    return { categoryRef, calculationRef, lines: count };
  });
  return { weights, byCategory, total };
}

/** A (category, record) pair as the weights tell pairs apart. */
function weightKey(
  categoryRef: number,
  calculationRef: number | null,
  byCategory: boolean,
): string {
  return byCategory ? `${categoryRef}:${calculationRef}` : `${calculationRef}`;
}

/** One page of emission lines; `pagination.total` is the number of lines the filter keeps. */
export async function listEmissions(
  tx: StoreTransaction,
  query: EmissionQuery,
): Promise<Page<Emission>> {
  const window = pageWindow(query);
  const reads = tx.consumptionReads;
  const references = await reads.references();
  const categories = references.categories;
  const filter = rowFilterOf(query, await filterNames(tx, query), categories, true);
  const lines = lineFilterOf(query, categories);
  const { weights, byCategory, total } = await lineWeights(reads, references, filter, lines);
  const weighed = new Set(
    weights.map((w) => weightKey(w.categoryRef, w.calculationRef, byCategory)),
  );
  const data: Emission[] = [];
  // Lines before the next row asked for (its first line's place in the list).
  let offset = window.offset;
  while (offset < total && data.length < window.limit) {
    // A row gives a line at least: as many rows as lines still wanted are enough.
    const wanted = window.limit - data.length;
    const page = await reads.linePage(filter, { offset, rows: wanted, weights, byCategory });
    const decoder = await decoderOf(reads, references, page.rows);
    let skip = page.skip;
    let passed = 0;
    outer: for (const row of page.rows) {
      // A row stored since the count is weighed now, so the next page passes over it.
      const key = weightKey(row[4], row[17], byCategory);
      if (!weighed.has(key)) {
        weighed.add(key);
        const count = decoder.lineCount(row[4], decoder.calculation(row[17]), lines);
        weights.push({ categoryRef: row[4], calculationRef: row[17], lines: count });
      }
      for (const line of decoder.lines(row, lines, true)) {
        passed += 1;
        if (skip > 0) {
          skip -= 1;
          continue;
        }
        data.push(line);
        if (data.length === window.limit) break outer;
      }
    }
    if (page.rows.length < wanted) break;
    offset += passed - page.skip;
  }
  return pageOf(data, window, total);
}

/** The rules' decoding of a stored row as a consumption record (what an overlap check compares). */
export function consumptionDecoder(
  references: RowReferences,
): (row: ConsumptionReadRow) => Consumption {
  const decoder = new RowDecoder(references, NO_RECORDS);
  return (row) => decoder.consumption(row);
}

/** A store's rows of a filter, in list order, a batch at a time (a cursor of its own). */
export type RowScan = (
  filter: ConsumptionRowFilter,
) => AsyncIterable<readonly ConsumptionReadRow[]>;

/**
 * Every emission line the filter matches, in list order, from a store that reads its rows in
 * batches: each batch's calculation records read in one call, no batch held after it is decoded.
 */
export async function* scannedEmissions(
  tx: StoreTransaction,
  query: EmissionFilter,
  scan: RowScan,
): AsyncGenerator<Emission, void, undefined> {
  const reads = tx.consumptionReads;
  const references = await reads.references();
  const categories = references.categories;
  const filter = rowFilterOf(query, await filterNames(tx, query), categories, true);
  const lines = lineFilterOf(query, categories);
  for await (const batch of scan(filter)) {
    const decoder = await decoderOf(reads, references, batch);
    for (const row of batch) yield* decoder.lines(row, lines);
  }
}

/** Every consumption the filter matches, in list order, a batch of the scan's rows at a time. */
export async function* scannedConsumptions(
  tx: StoreTransaction,
  query: PeriodFilter,
  scan: RowScan,
): AsyncGenerator<readonly Consumption[], void, undefined> {
  const references = await tx.consumptionReads.references();
  const filter = rowFilterOf(query, await filterNames(tx, query), references.categories);
  const decode = consumptionDecoder(references);
  for await (const batch of scan(filter)) yield batch.map(decode);
}

/** What the consumption dashboard adds up of each matching row, from batches of rows. */
export async function* scannedSummaryRows(
  tx: StoreTransaction,
  query: EmissionFilter,
  scan: RowScan,
): AsyncGenerator<ConsumptionSummaryRow, void, undefined> {
  const references = await tx.consumptionReads.references();
  const categories = references.categories;
  const filter = rowFilterOf(query, await filterNames(tx, query), categories);
  const dates = new IsoDates();
  for await (const batch of scan(filter)) {
    for (const row of batch) {
      yield {
        categoryId: categories.byRef(row[4])?.id ?? "",
        startDate: dates.iso(row[5]),
        endDate: dates.iso(row[6]),
        quantity: row[7],
        unitType: row[8],
        awaitingFactor: row[11] === null,
      };
    }
  }
}
