/**
 * The stored consumptions a recalculation reads, a page at a time in rowid order, and the new
 * figures it writes back (dates stored as integer milliseconds, stored-dates.ts).
 */
import type { Validity } from "../../core/model/factor.js";
import type {
  RecalculatedFigures,
  RecalculationRow,
  RecalculationScope,
  RecalculationTable,
} from "../../rules/store.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";
import { StoredDates } from "./stored-dates.js";

const DAY_MS = 86_400_000;

/** SQL (dates as integer milliseconds) for "has a day in one of the periods". */
function overlapping(periods: readonly Validity[]): { sql: string; params: number[] } {
  const terms: string[] = [];
  const params: number[] = [];
  for (const { validFrom, validTo } of periods) {
    const parts: string[] = [];
    if (validFrom !== null) {
      parts.push("c.end_date >= ?");
      params.push(Date.parse(`${validFrom}T00:00:00.000Z`));
    }
    if (validTo !== null) {
      parts.push("c.start_date < ?");
      params.push(Date.parse(`${validTo}T00:00:00.000Z`) + DAY_MS);
    }
    terms.push(parts.length === 0 ? "1" : parts.join(" AND "));
  }
  return { sql: `(${terms.join(" OR ")})`, params };
}

type Row = [
  rowid: number,
  categoryRef: number,
  quantity: number,
  unit: string,
  startDate: number,
  endDate: number,
  country: string | null,
  inputFactorId: string | null,
  kwhPerM3: number | null,
];

export class SqliteRecalculation implements RecalculationTable {
  readonly #db: Db;
  readonly #dates = new StoredDates();
  readonly #update;

  constructor(db: Db) {
    this.#db = db;
    this.#update = lazy(() =>
      db.prepare(
        `UPDATE consumptions SET co2e = ?, co2 = ?, ch4 = ?, n2o = ?, co2e_market = ?,
           converted_quantity = ?, provenance_ref = ? WHERE rowid = ?`,
      ),
    );
  }

  page(scope: RecalculationScope, after: number, limit: number): RecalculationRow[] {
    const clauses = ["c.company_ref = ?"];
    const params: number[] = [scope.companyRef];
    if (scope.categoryRefs !== undefined) {
      clauses.push(`c.category_ref IN (${scope.categoryRefs.map(() => "?").join(", ")})`);
      params.push(...scope.categoryRefs);
    }
    if (scope.buildingRef !== undefined) {
      clauses.push("c.building_ref = ?");
      params.push(scope.buildingRef);
    }
    if (scope.buildingsWithoutCountry === true) clauses.push("b.country IS NULL");
    if (scope.inputRef !== undefined) {
      clauses.push("c.input_ref = ?");
      params.push(scope.inputRef);
    }
    if (scope.periods !== undefined && scope.periods.length > 0) {
      const days = overlapping(scope.periods);
      clauses.push(days.sql);
      params.push(...days.params);
    }
    const rows = this.#db
      .prepare<number[], unknown>(
        `SELECT c.rowid, c.category_ref, c.quantity, c.unit, c.start_date, c.end_date,
             coalesce(b.country, co.country),
             ci.custom_factor_id, c.kwh_per_m3
           FROM consumptions c
           JOIN buildings b ON b.ref = c.building_ref
           JOIN companies co ON co.ref = c.company_ref
           LEFT JOIN custom_inputs ci ON ci.ref = c.input_ref
          WHERE ${clauses.join(" AND ")} AND c.rowid > ?
          ORDER BY c.rowid LIMIT ${Math.trunc(limit)}`,
      )
      .raw(true)
      .all(...params, after);
    return rows.map((raw) => {
      // A parsed boundary: the column list above decides the tuple's shape.
      const [key, categoryRef, quantity, unit, start, end, country, inputFactorId, kwhPerM3] =
        raw as Row;
      return {
        key,
        categoryRef,
        quantity,
        unit,
        startDate: this.#dates.iso(start),
        endDate: this.#dates.iso(end),
        country,
        inputFactorId,
        kwhPerM3,
      };
    });
  }

  update(rows: readonly RecalculatedFigures[]): void {
    const update = this.#update();
    for (const row of rows) {
      update.run(
        row.co2e,
        row.co2,
        row.ch4,
        row.n2o,
        row.co2eMarketBased,
        row.convertedQuantity,
        row.calculationRef,
        row.key,
      );
    }
  }
}
