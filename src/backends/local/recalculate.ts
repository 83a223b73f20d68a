import type { Validity } from "../../core/model/factor.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { Db } from "../../store/sqlite/database.js";

/** Which stored emissions to recalculate. */
export interface RecalculationScope {
  readonly companyRef: number;
  readonly categoryRefs?: readonly number[];
  readonly buildingRef?: number;
  /** Only buildings without a country of their own (they follow the company's). */
  readonly buildingsWithoutCountry?: boolean;
  /** Only the consumptions naming this custom input. */
  readonly inputRef?: number;
  /**
   * Only the consumptions with a day in one of these (a custom factor's validity before and
   * after a change: the days outside every one keep their figures); absent: every day.
   */
  readonly periods?: readonly Validity[];
}

const DAY_MS = 86_400_000;

/** SQL (dates as integer milliseconds, stored-dates.ts) for "has a day in one of the periods". */
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

const CHUNK = 5000;

type Row = [
  rowid: number,
  categoryRef: number,
  quantity: number,
  unit: string,
  /** Integer milliseconds (stored-dates.ts). */
  startDate: number,
  endDate: number,
  country: string | null,
  /** The custom factor of the custom input the consumption names, if any. */
  inputFactorId: string | null,
  kwhPerM3: number | null,
];

/**
 * Recalculates the emissions of the matching consumptions in place, after a change that moves
 * their factor (a custom factor, a building's or company's country). The caller owns the
 * transaction and must have invalidated the calculator's caches. Returns how many were redone.
 */
export function recalculateEmissions(
  db: Db,
  catalog: CategoryCatalog,
  calculator: EmissionCalculator,
  scope: RecalculationScope,
): number {
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
  // Read a chunk, then write it: a SELECT must be finished before UPDATEs run on the connection.
  const select = db
    .prepare<number[], unknown>(
      `SELECT c.rowid, c.category_ref, c.quantity, c.unit, c.start_date, c.end_date,
           coalesce(b.country, co.country),
           ci.custom_factor_id, c.kwh_per_m3
         FROM consumptions c
         JOIN buildings b ON b.ref = c.building_ref
         JOIN companies co ON co.ref = c.company_ref
         LEFT JOIN custom_inputs ci ON ci.ref = c.input_ref
        WHERE ${clauses.join(" AND ")} AND c.rowid > ?
        ORDER BY c.rowid LIMIT ${CHUNK}`,
    )
    .raw(true);
  const update = db.prepare(
    `UPDATE consumptions SET co2e = ?, co2 = ?, ch4 = ?, n2o = ?, co2e_market = ?,
       converted_quantity = ?, provenance_ref = ? WHERE rowid = ?`,
  );
  let done = 0;
  let after = 0;
  for (;;) {
    const rows = select.all(...params, after);
    for (const raw of rows) {
      // A parsed boundary: the column list above decides the tuple's shape.
      const [
        rowid,
        categoryRef,
        quantity,
        unit,
        startDate,
        endDate,
        country,
        inputFactorId,
        kwhPerM3,
      ] = raw as Row;
      const category = catalog.byRef(categoryRef);
      if (category === undefined) throw new Error(`consumption row ${rowid}: unknown category ref`);
      const target = {
        category,
        companyRef: scope.companyRef,
        country,
        startDate: new Date(startDate).toISOString(),
        endDate: new Date(endDate).toISOString(),
        unit,
        quantity,
        inputFactorId,
        kwhPerM3,
      };
      const calculated = calculator.calculate(target);
      // A quantity stored before the bounds existed may overflow: it waits for a correction.
      const { values, calculationRef } =
        calculated.nonFinite === undefined ? calculated : calculator.awaiting(target);
      update.run(
        values.co2e,
        values.co2,
        values.ch4,
        values.n2o,
        values.co2eMarketBased,
        values.convertedQuantity,
        calculationRef,
        rowid,
      );
      after = rowid;
    }
    done += rows.length;
    if (rows.length < CHUNK) return done;
  }
}
