/**
 * What an import session's overlap check reads (src/rules/overlaps.ts): one scan of a company's
 * stored consumptions as the check keys them, and stored records by rowid or id.
 */
import type { Consumption } from "../../core/model/consumption.js";
import type { OverlapTable, OverlapVisit } from "../../rules/store.js";
import type { Db } from "./database.js";

const DAY_MS = 86_400_000;

/** The day of a stored date in SQL (a floor division): small integers cost the scan less. */
function dayColumn(column: string): string {
  return `(${column} - (${column} % ${DAY_MS} + ${DAY_MS}) % ${DAY_MS}) / ${DAY_MS}`;
}
const COLUMNS = `rowid, id, building_ref, category_ref, entity_id, ${dayColumn("start_date")}, ${dayColumn("end_date")}`;
/** Rows a chunk of the table-order scan reads. */
const SCAN_CHUNK = 1024;
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

/** How stored records are read whole (the consumption reads of the driver). */
export interface RecordReads {
  consumptionAt(rowid: number): Consumption | undefined;
  findConsumption(id: string): Consumption | undefined;
}

export class SqliteOverlaps implements OverlapTable {
  readonly #db: Db;
  readonly #records: RecordReads;

  constructor(db: Db, records: RecordReads) {
    this.#db = db;
    this.#records = records;
  }

  scan(companyRef: number, size: (count: number) => void, visit: OverlapVisit): void {
    const highest = this.#number("SELECT max(rowid) FROM consumptions");
    // The only company has every row: its rows need no counting.
    const count =
      this.#number("SELECT count(*) FROM companies") === 1
        ? highest
        : this.#number("SELECT count(*) FROM consumptions WHERE company_ref = ?", companyRef);
    size(count);
    const add = (raw: unknown): number => {
      // A parsed boundary: COLUMNS decides the tuple's shape.
      const [rowid, id, buildingRef, categoryRef, entityId, first, last] = raw as StoredRow;
      visit(rowid, id, buildingRef, categoryRef, entityId, first, last);
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
  }

  #number(sql: string, ...params: number[]): number {
    const value = this.#db
      .prepare<number[], unknown>(sql)
      .pluck(true)
      .get(...params);
    return typeof value === "number" ? value : 0;
  }

  atKeys(keys: readonly number[]): ReadonlyMap<number, Consumption> {
    const found = new Map<number, Consumption>();
    for (const key of keys) {
      const record = this.#records.consumptionAt(key);
      if (record !== undefined) found.set(key, record);
    }
    return found;
  }

  byIds(ids: readonly string[]): ReadonlyMap<string, Consumption> {
    const found = new Map<string, Consumption>();
    for (const id of ids) {
      const record = this.#records.findConsumption(id);
      if (record !== undefined) found.set(id, record);
    }
    return found;
  }
}
