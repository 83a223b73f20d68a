/**
 * Effluent records in SQLite: a company's limits and quality records, listed by year and
 * parameter, each quality record read with its building's limit for the parameter and year.
 */

import type { Page, PageQuery } from "../../core/model/common.js";
import type { Effluent } from "../../core/model/effluent.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { EffluentFilter } from "../../core/resources/effluents.js";
import type {
  EffluentLimitKey,
  EffluentRecord,
  EffluentTable,
  StoredEffluent,
} from "../../rules/store.js";
import { effluentOf } from "../stored-effluents.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { lazy } from "./lazy.js";

/**
 * Migration 18: the table with its index in list order per company, the lookup of a building's
 * limit, and one limit per building, parameter and year. `sampled_at` is '' for a limit, so the
 * list order's key never holds a NULL.
 */
export const EFFLUENTS_SCHEMA = `
CREATE TABLE effluents (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  building_ref INTEGER NOT NULL REFERENCES buildings (ref),
  type TEXT NOT NULL CHECK (type IN ('limit', 'quality')),
  parameter TEXT NOT NULL,
  value REAL NOT NULL,
  unit TEXT NOT NULL,
  year INTEGER NOT NULL,
  sampled_at TEXT NOT NULL,
  min_value REAL,
  discharge_point TEXT,
  notes TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((type = 'limit') = (sampled_at = ''))
);
CREATE INDEX effluents_in_order ON effluents (company_ref, year, parameter, type, sampled_at, id);
CREATE UNIQUE INDEX effluents_one_limit ON effluents (building_ref, parameter, year)
  WHERE type = 'limit';
`;

interface EffluentRow {
  ref: number;
  id: string;
  company_id: string;
  company_ref: number;
  building_id: string;
  building_ref: number;
  type: "limit" | "quality";
  parameter: string;
  value: number;
  unit: string;
  year: number;
  sampled_at: string;
  min_value: number | null;
  discharge_point: string | null;
  notes: string | null;
  limit_id: string | null;
  limit_value: number | null;
  limit_min_value: number | null;
  created_at: string;
  updated_at: string;
}

// A quality record joins its building's limit of the same parameter and year (effluents_one_limit).
const SELECT = `SELECT e.ref, e.id, co.id AS company_id, e.company_ref, b.id AS building_id,
  e.building_ref, e.type, e.parameter, e.value, e.unit, e.year, e.sampled_at, e.min_value,
  e.discharge_point, e.notes, l.id AS limit_id, l.value AS limit_value,
  l.min_value AS limit_min_value, e.created_at, e.updated_at
  FROM effluents e JOIN companies co ON co.ref = e.company_ref
  JOIN buildings b ON b.ref = e.building_ref
  LEFT JOIN effluents l ON e.type = 'quality' AND l.type = 'limit'
    AND l.building_ref = e.building_ref AND l.parameter = e.parameter AND l.year = e.year`;

const ORDER = ["e.year", "e.parameter", "e.type", "e.sampled_at", "e.id"];

function fromRow(row: EffluentRow): Effluent {
  return effluentOf(row);
}

function storedEffluent(row: EffluentRow): StoredEffluent {
  return { ...fromRow(row), companyRef: row.company_ref, buildingRef: row.building_ref };
}

type UpsertParams = [
  string,
  number,
  number,
  string,
  string,
  number,
  string,
  number,
  string,
  number | null,
  string | null,
  string | null,
  string,
  string,
];

export class EffluentRepository implements EffluentTable {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #buildings: { get(id: string): { readonly ref: number } };
  readonly #byId;
  readonly #limitOf;
  readonly #upsert;

  /** `buildings` finds a building by id (not_found otherwise), for the lists by building. */
  constructor(
    db: Db,
    companies: CompanyRepository,
    buildings: { get(id: string): { readonly ref: number } },
  ) {
    this.#db = db;
    this.#companies = companies;
    this.#buildings = buildings;
    this.#byId = lazy(() => db.prepare<[string], EffluentRow>(`${SELECT} WHERE e.id = ?`));
    this.#limitOf = lazy(() =>
      db
        .prepare<[number, string, number], string>(
          "SELECT id FROM effluents WHERE type = 'limit' AND building_ref = ? AND parameter = ? AND year = ?",
        )
        .pluck(),
    );
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO effluents (id, company_ref, building_ref, type, parameter, value, unit, year,
         sampled_at, min_value, discharge_point, notes, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         building_ref = excluded.building_ref, type = excluded.type,
         parameter = excluded.parameter, value = excluded.value, unit = excluded.unit,
         year = excluded.year, sampled_at = excluded.sampled_at, min_value = excluded.min_value,
         discharge_point = excluded.discharge_point, notes = excluded.notes,
         updated_at = excluded.updated_at`,
      ),
    );
  }

  find(id: string): StoredEffluent | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : storedEffluent(row);
  }

  findMany(ids: readonly string[]): StoredEffluent[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  limits(keys: readonly EffluentLimitKey[]): (EffluentLimitKey & { readonly id: string })[] {
    const found = new Map<string, EffluentLimitKey & { readonly id: string }>();
    for (const { buildingRef, parameter, year } of keys) {
      const id = this.#limitOf().get(buildingRef, parameter, year);
      if (id !== undefined) found.set(id, { buildingRef, parameter, year, id });
    }
    return [...found.values()];
  }

  /** The filter as SQL: an unknown company or building is not_found. */
  #where(filter: EffluentFilter): { where: string[]; params: SqlValue[] } {
    const where = ["e.company_ref = ?"];
    const params: SqlValue[] = [this.#companies.get(filter.companyId).ref];
    if (filter.buildingId !== undefined) {
      where.push("e.building_ref = ?");
      params.push(this.#buildings.get(filter.buildingId).ref);
    }
    if (filter.type !== undefined) {
      where.push("e.type = ?");
      params.push(filter.type);
    }
    if (filter.year !== undefined) {
      where.push("e.year = ?");
      params.push(filter.year);
    }
    return { where, params };
  }

  /** One page of a company's records, in list order, with the count of the filter. */
  list(query: EffluentFilter & PageQuery): Page<Effluent> {
    const window = pageWindow(query);
    const { where, params } = this.#where(query);
    const clause = ` WHERE ${where.join(" AND ")}`;
    const rows = this.#db
      .prepare<SqlValue[], EffluentRow>(
        `${SELECT}${clause} ORDER BY ${ORDER.join(", ")} LIMIT ? OFFSET ?`,
      )
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<SqlValue[], number>(`SELECT count(*) FROM effluents e${clause}`)
      .pluck()
      .get(...params);
    return pageOf(rows.map(fromRow), window, total ?? 0);
  }

  /** What `list` pages, for keyset pages (effluents_in_order). */
  keyset(filter: EffluentFilter): Keyset<EffluentRow, Effluent> {
    const { where, params } = this.#where(filter);
    return {
      select: SELECT,
      where,
      params,
      order: ORDER,
      key: (row) => [row.year, row.parameter, row.type, row.sampled_at, row.id],
      decode: fromRow,
    };
  }

  /** A limit's sampled_at is '' (the list order's key never holds a NULL). */
  saveAll(records: readonly EffluentRecord[], at: string): void {
    const upsert = this.#upsert();
    for (const record of records) {
      upsert.run(
        record.id,
        record.companyRef,
        record.buildingRef,
        record.type,
        record.parameter,
        record.value,
        record.unit,
        record.year,
        record.sampledAt ?? "",
        record.minValue,
        record.dischargePoint,
        record.notes,
        at,
        at,
      );
    }
  }
}
