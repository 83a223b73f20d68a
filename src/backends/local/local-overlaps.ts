/**
 * Overlap detection for a local import session (src/engine/overlaps.ts). The first time a
 * company is met, one scan of its stored consumptions fills a `PeriodIndex` of their key hashes,
 * id hashes and periods, their rowids the handles, before the session writes any row of it; rows
 * are then looked up in memory. A candidate the index answers is read back by rowid and its key
 * compared exactly, so a key-hash collision is never reported. A session that opened on an empty
 * table never scans anything.
 */
import type { Consumption, ConsumptionInput } from "../../core/model/consumption.js";
import type { ConsumptionOverlap } from "../../core/ports/consumptions.js";
import { idHashOf, keyHashOf } from "../../engine/overlap-hashes.js";
import { DAY_MS, dayOf } from "../../engine/overlaps.js";
import { LookupBatch, PeriodIndex } from "../../engine/period-index.js";
import type { RowRefs } from "../../rules/consumption-writer.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { Db } from "../../store/sqlite/database.js";
import { StoredDates } from "../../store/sqlite/stored-dates.js";
import type { ConsumptionQueries } from "./queries.js";

/** `dayOf` in SQL (a floor division): small integers cost the scan less than millisecond doubles. */
function dayColumn(column: string): string {
  return `(${column} - (${column} % ${DAY_MS} + ${DAY_MS}) % ${DAY_MS}) / ${DAY_MS}`;
}
const COLUMNS = `rowid, id, building_ref, category_ref, entity_id, ${dayColumn("start_date")}, ${dayColumn("end_date")}`;
/** Rows a chunk of the table-order scan reads. */
const SCAN_CHUNK = 1024;
/** The most entries an index is given room for before the scan; more make it grow. */
const PRESIZE_LIMIT = 1 << 22;
/** The smallest rowid SQLite has. */
const FIRST_ROWID = -(2n ** 63n);

type StoredRow = [
  rowid: number,
  id: string,
  buildingRef: number,
  categoryRef: number,
  entityId: string,
  firstDay: number,
  lastDay: number,
];

/** A stored record the index answered for some row, as it was read back. */
interface Candidate {
  readonly periods: PeriodIndex;
  readonly entry: number;
  readonly rowid: number;
  readonly record: Consumption;
}

/** The order of the company's list (start date, then rowid), whichever way the scan went. */
function listOrder(a: Candidate, b: Candidate): number {
  if (a.record.startDate !== b.record.startDate)
    return a.record.startDate < b.record.startDate ? -1 : 1;
  return a.rowid - b.rowid;
}

function sameKeyAndPeriod(a: Consumption, b: Consumption): boolean {
  return (
    a.buildingId === b.buildingId &&
    a.categoryId === b.categoryId &&
    a.entityId === b.entityId &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate
  );
}

export class StoredOverlaps {
  readonly #db: Db;
  readonly #catalog: CategoryCatalog;
  readonly #queries: ConsumptionQueries;
  readonly #companies = new Map<number, PeriodIndex>();
  /** Candidates by rowid (undefined: the rowid no longer holds the indexed record). */
  readonly #byRowid = new Map<number, Candidate | undefined>();
  /** The same candidates by record id, for `carried`. */
  readonly #byId = new Map<string, Candidate>();
  /** Rows repeat the same few dates: their parses are remembered. */
  readonly #dates = new StoredDates();
  /** The rows `find` looks up together, and where each is in its batch of rows. */
  readonly #batch = new LookupBatch();
  readonly #batchRows: number[] = [];

  constructor(db: Db, catalog: CategoryCatalog, queries: ConsumptionQueries) {
    this.#db = db;
    this.#catalog = catalog;
    this.#queries = queries;
  }

  #index(companyRef: number): PeriodIndex {
    const known = this.#companies.get(companyRef);
    if (known !== undefined) return known;
    const highest = this.#number("SELECT max(rowid) FROM consumptions");
    // The only company has every row: its rows need no counting.
    const count =
      this.#number("SELECT count(*) FROM companies") === 1
        ? highest
        : this.#number("SELECT count(*) FROM consumptions WHERE company_ref = ?", companyRef);
    const index = new PeriodIndex(Math.min(count, PRESIZE_LIMIT));
    const add = (raw: unknown): number => {
      // A parsed boundary: COLUMNS decides the tuple's shape.
      const [rowid, id, buildingRef, categoryRef, entityId, first, last] = raw as StoredRow;
      index.add(keyHashOf(buildingRef, categoryRef, entityId), idHashOf(id), first, last, rowid);
      return rowid;
    };
    if (count * 2 >= highest) {
      // A company holding most of the table is read in table order, in chunks (`all` costs less
      // a row than `iterate`): through its index the scan would visit the pages at random.
      const chunk = this.#db
        .prepare<[number | bigint, number], unknown>(
          `SELECT ${COLUMNS} FROM consumptions NOT INDEXED
            WHERE rowid >= ? AND company_ref = ? ORDER BY rowid LIMIT ${SCAN_CHUNK}`,
        )
        .raw(true);
      let from: number | bigint = FIRST_ROWID;
      for (;;) {
        const rows = chunk.all(from, companyRef);
        for (const raw of rows) from = add(raw) + 1;
        if (rows.length < SCAN_CHUNK) break;
      }
    } else {
      const rows = this.#db
        .prepare<[number], unknown>(`SELECT ${COLUMNS} FROM consumptions WHERE company_ref = ?`)
        .raw(true)
        .iterate(companyRef);
      for (const raw of rows) add(raw);
    }
    this.#companies.set(companyRef, index);
    return index;
  }

  #number(sql: string, ...params: number[]): number {
    const value = this.#db
      .prepare<number[], unknown>(sql)
      .pluck(true)
      .get(...params);
    return typeof value === "number" ? value : 0;
  }

  /** Rows whose company, building or category is unknown are left to the write to refuse. */
  find(rows: readonly ConsumptionInput[], refs: RowRefs): ConsumptionOverlap[] {
    const found: ConsumptionOverlap[] = [];
    // The rows of one company are looked up together (PeriodIndex.findAll).
    let companyRef: number | undefined;
    for (const [index, row] of rows.entries()) {
      const company = refs.company(row.companyId);
      const building = refs.building(row.buildingId);
      const category = this.#catalog.byId(row.categoryId);
      if (company === undefined || building === undefined || category === undefined) continue;
      if (company.ref !== companyRef) {
        if (companyRef !== undefined) this.#lookUp(companyRef, rows, refs, found);
        companyRef = company.ref;
      }
      this.#batch.push(
        keyHashOf(building.ref, category.ref, row.entityId),
        idHashOf(row.id.toLowerCase()),
        dayOf(this.#dates.stored(row.startDate)),
        dayOf(this.#dates.stored(row.endDate)),
      );
      this.#batchRows.push(index);
    }
    if (companyRef !== undefined) this.#lookUp(companyRef, rows, refs, found);
    return found;
  }

  /** Looks the batch up in the company's index, then empties it. */
  #lookUp(
    companyRef: number,
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
    found: ConsumptionOverlap[],
  ): void {
    try {
      this.#verify(this.#index(companyRef), rows, refs, found);
    } finally {
      this.#batch.clear();
      this.#batchRows.length = 0;
    }
  }

  /** The batch's candidates, each verified against the row's key exactly. */
  #verify(
    periods: PeriodIndex,
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
    found: ConsumptionOverlap[],
  ): void {
    periods.findAll(this.#batch, (lookup, entries) => {
      const index = this.#batchRows[lookup] ?? -1;
      const row = rows[index];
      const building = row === undefined ? undefined : refs.building(row.buildingId);
      const category = row === undefined ? undefined : this.#catalog.byId(row.categoryId);
      if (row === undefined || building === undefined || category === undefined) return;
      const matches: Candidate[] = [];
      for (const entry of entries) {
        const candidate = this.#candidate(periods, entry);
        const record = candidate?.record;
        if (
          candidate !== undefined &&
          record?.buildingId === building.id &&
          record.categoryId === category.id &&
          record.entityId === row.entityId
        ) {
          matches.push(candidate);
        }
      }
      for (const { record } of matches.sort(listOrder)) found.push({ index, existing: record });
    });
  }

  #candidate(periods: PeriodIndex, entry: number): Candidate | undefined {
    const rowid = periods.handle(entry);
    if (this.#byRowid.has(rowid)) return this.#byRowid.get(rowid);
    const record = this.#queries.consumptionAt(rowid);
    // A rowid whose record was removed may hold a later one: the id hash tells them apart.
    const candidate =
      record === undefined || idHashOf(record.id) !== periods.idHash(entry)
        ? undefined
        : { periods, entry, rowid, record };
    this.#byRowid.set(rowid, candidate);
    if (candidate !== undefined) this.#byId.set(candidate.record.id, candidate);
    return candidate;
  }

  /**
   * A record is carried when a row with its id was looked up under its key, or when the session
   * has rewritten it since (a row with its id and another key).
   */
  carried(records: readonly Consumption[]): Set<string> {
    const carried = new Set<string>();
    for (const record of records) {
      const candidate = this.#byId.get(record.id);
      if (candidate === undefined) continue;
      const now = this.#queries.findConsumption(record.id);
      if (
        candidate.periods.carried(candidate.entry) ||
        now === undefined ||
        !sameKeyAndPeriod(now, candidate.record)
      ) {
        carried.add(record.id);
      }
    }
    return carried;
  }
}
