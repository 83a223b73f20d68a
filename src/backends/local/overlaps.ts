/**
 * Overlap detection for a local import session (src/engine/overlaps.ts). The first time a
 * company is met, one scan of its stored consumptions fills an index of their keys and periods,
 * before the session writes any row of it; rows are then looked up in memory. A session that
 * opened on an empty table never scans anything.
 */
import type { Consumption, ConsumptionInput } from "../../core/model/consumption.js";
import type { ConsumptionOverlap } from "../../core/service.js";
import { dayOf, OverlapIndex, type StoredPeriod } from "../../engine/overlaps.js";
import type { CategoryCatalog } from "./categories.js";
import type { RowRefs } from "./consumption-writer.js";
import type { Db } from "./database.js";
import type { ConsumptionQueries } from "./queries.js";
import { StoredDates } from "./stored-dates.js";

type StoredRow = [
  id: string,
  buildingRef: number,
  categoryRef: number,
  entityId: string,
  startDate: number,
  endDate: number,
];

/** A stored record some row overlaps, as it was found. */
interface Candidate {
  readonly period: StoredPeriod;
  readonly record: Consumption;
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
  readonly #companies = new Map<number, OverlapIndex>();
  readonly #candidates = new Map<string, Candidate>();
  /** Rows repeat the same few dates: their parses are remembered. */
  readonly #dates = new StoredDates();

  constructor(db: Db, catalog: CategoryCatalog, queries: ConsumptionQueries) {
    this.#db = db;
    this.#catalog = catalog;
    this.#queries = queries;
  }

  #index(companyRef: number): OverlapIndex {
    let index = this.#companies.get(companyRef);
    if (index !== undefined) return index;
    index = new OverlapIndex();
    const rows = this.#db
      .prepare<[number], unknown>(
        `SELECT id, building_ref, category_ref, entity_id, start_date, end_date
           FROM consumptions WHERE company_ref = ?`,
      )
      .raw(true)
      .iterate(companyRef);
    for (const raw of rows) {
      // A parsed boundary: the column list above decides the tuple's shape.
      const [id, buildingRef, categoryRef, entityId, start, end] = raw as StoredRow;
      index.add(buildingRef, categoryRef, entityId, id, dayOf(start), dayOf(end));
    }
    this.#companies.set(companyRef, index);
    return index;
  }

  /** Rows whose company, building or category is unknown are left to the write to refuse. */
  find(rows: readonly ConsumptionInput[], refs: RowRefs): ConsumptionOverlap[] {
    const found: ConsumptionOverlap[] = [];
    for (const [index, row] of rows.entries()) {
      const company = refs.company(row.companyId);
      const building = refs.building(row.buildingId);
      const category = this.#catalog.byId(row.categoryId);
      if (company === undefined || building === undefined || category === undefined) continue;
      const periods = this.#index(company.ref).find(
        { building: building.ref, category: category.ref, entityId: row.entityId },
        row.id.toLowerCase(),
        dayOf(this.#dates.stored(row.startDate)),
        dayOf(this.#dates.stored(row.endDate)),
      );
      for (const period of periods) {
        const candidate = this.#candidates.get(period.id) ?? this.#candidate(period);
        if (candidate !== undefined) found.push({ index, existing: candidate.record });
      }
    }
    return found;
  }

  #candidate(period: StoredPeriod): Candidate | undefined {
    const record = this.#queries.findConsumption(period.id);
    if (record === undefined) return undefined;
    const candidate = { period, record };
    this.#candidates.set(period.id, candidate);
    return candidate;
  }

  /**
   * A record is carried when a row with its id was looked up under its key, or when the session
   * has rewritten it since (a row with its id and another key).
   */
  carried(records: readonly Consumption[]): Set<string> {
    const carried = new Set<string>();
    for (const record of records) {
      const candidate = this.#candidates.get(record.id);
      if (candidate === undefined) continue;
      const now = this.#queries.findConsumption(record.id);
      if (
        candidate.period.carried ||
        now === undefined ||
        !sameKeyAndPeriod(now, candidate.record)
      ) {
        carried.add(record.id);
      }
    }
    return carried;
  }
}
