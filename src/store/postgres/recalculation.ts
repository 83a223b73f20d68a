/**
 * The stored consumptions a recalculation reads in PostgreSQL, a page at a time in id order
 * within the company (its primary key's), and the new figures it writes back: one UPDATE … FROM
 * unnest per page, after the new calculation records the figures name (pricing.ts).
 * PostgreSQL has no rowid: a row's key is a number its page hands out, in page order, which the
 * transaction's table maps back to the row's company and id.
 */
import type { Validity } from "../../core/model/factor.js";
import type {
  RecalculatedFigures,
  RecalculationRow,
  RecalculationScope,
  RecalculationTable,
} from "../../rules/store.js";
import { StoredDates } from "../stored-dates.js";
import type { PostgresPricingData } from "./pricing.js";
import type { Queryable } from "./transactions.js";

const DAY_MS = 86_400_000;

interface Row {
  key: number;
  id: string;
  category_ref: number;
  quantity: number;
  unit: string;
  start_date: number;
  end_date: number;
  country: string | null;
  input_factor_id: string | null;
  kwh_per_m3: number | null;
}

export class PostgresRecalculation implements RecalculationTable {
  readonly #db: Queryable;
  readonly #pricing: PostgresPricingData;
  readonly #dates = new StoredDates();
  /** Key → the row's company and id, for the pages read and not yet written back. */
  readonly #rows = new Map<number, { readonly companyRef: number; readonly id: string }>();
  /** The id of each page's last row, by its key: where the next page starts. */
  readonly #ids = new Map<number, string>();
  #next = 1;

  constructor(db: Queryable, pricing: PostgresPricingData) {
    this.#db = db;
    this.#pricing = pricing;
  }

  async page(scope: RecalculationScope, after: number, limit: number): Promise<RecalculationRow[]> {
    const clauses = ["c.company_ref = $1"];
    const params: unknown[] = [scope.companyRef];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    if (scope.categoryRefs !== undefined) {
      clauses.push(`c.category_ref = ANY(${param(scope.categoryRefs)}::bigint[])`);
    }
    if (scope.buildingRef !== undefined) {
      clauses.push(`c.building_ref = ${param(scope.buildingRef)}`);
    }
    if (scope.buildingsWithoutCountry === true) clauses.push("b.country IS NULL");
    if (scope.inputRef !== undefined) clauses.push(`c.input_ref = ${param(scope.inputRef)}`);
    if (scope.periods !== undefined && scope.periods.length > 0) {
      clauses.push(overlapping(scope.periods, param));
    }
    if (after !== 0) {
      const last = this.#ids.get(after);
      if (last === undefined) throw new Error(`recalculation page after unknown key ${after}`);
      clauses.push(`c.id > ${param(last)}::uuid`);
    }
    const found = await this.#db.query<Row>(
      `SELECT c.id, c.category_ref, c.quantity, c.unit, c.start_date, c.end_date,
          coalesce(b.country, co.country) AS country, ci.custom_factor_id AS input_factor_id,
          c.kwh_per_m3
        FROM consumptions c
        JOIN buildings b ON b.company_ref = c.company_ref AND b.ref = c.building_ref
        JOIN companies co ON co.ref = c.company_ref
        LEFT JOIN custom_inputs ci ON ci.company_ref = c.company_ref AND ci.ref = c.input_ref
       WHERE ${clauses.join(" AND ")}
       ORDER BY c.id LIMIT ${Math.trunc(limit)}`,
      params,
    );
    const last = found.rows.at(-1);
    if (last !== undefined) this.#ids.set(this.#next + found.rows.length - 1, last.id);
    return found.rows.map((row) => {
      const key = this.#next++;
      this.#rows.set(key, { companyRef: scope.companyRef, id: row.id });
      return {
        key,
        categoryRef: row.category_ref,
        quantity: row.quantity,
        unit: row.unit,
        startDate: this.#dates.iso(row.start_date),
        endDate: this.#dates.iso(row.end_date),
        country: row.country,
        inputFactorId: row.input_factor_id,
        kwhPerM3: row.kwh_per_m3,
      };
    });
  }

  async update(rows: readonly RecalculatedFigures[]): Promise<void> {
    if (rows.length === 0) return;
    // The records the figures name first, in the same transaction.
    await this.#pricing.flush(this.#db);
    const targets = rows.map((row) => {
      const target = this.#rows.get(row.key);
      if (target === undefined) throw new Error(`recalculated row of unknown key ${row.key}`);
      return target;
    });
    await this.#db.query(
      `UPDATE consumptions c SET co2e = u.co2e, co2 = u.co2, ch4 = u.ch4, n2o = u.n2o,
         co2e_market = u.co2e_market, converted_quantity = u.converted_quantity,
         provenance_ref = u.provenance_ref
       FROM unnest($1::bigint[], $2::uuid[], $3::numeric[], $4::numeric[], $5::numeric[],
         $6::numeric[], $7::numeric[], $8::numeric[], $9::bigint[])
         AS u (company_ref, id, co2e, co2, ch4, n2o, co2e_market, converted_quantity, provenance_ref)
       WHERE c.company_ref = u.company_ref AND c.id = u.id`,
      [
        targets.map((t) => t.companyRef),
        targets.map((t) => t.id),
        rows.map((r) => r.co2e),
        rows.map((r) => r.co2),
        rows.map((r) => r.ch4),
        rows.map((r) => r.n2o),
        rows.map((r) => r.co2eMarketBased),
        rows.map((r) => r.convertedQuantity),
        rows.map((r) => r.calculationRef),
      ],
    );
    for (const row of rows) this.#rows.delete(row.key);
  }
}

/** SQL (dates as milliseconds) for "has a day in one of the periods". */
function overlapping(periods: readonly Validity[], param: (value: unknown) => string): string {
  const terms = periods.map(({ validFrom, validTo }) => {
    const parts: string[] = [];
    if (validFrom !== null) {
      parts.push(`c.end_date >= ${param(Date.parse(`${validFrom}T00:00:00.000Z`))}`);
    }
    if (validTo !== null) {
      parts.push(`c.start_date < ${param(Date.parse(`${validTo}T00:00:00.000Z`) + DAY_MS)}`);
    }
    return parts.length === 0 ? "true" : parts.join(" AND ");
  });
  return `(${terms.join(" OR ")})`;
}
