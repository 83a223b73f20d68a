/**
 * Effluent limits and samples in PostgreSQL: a company table; a quality sample is read with its
 * building's limit of the same parameter and year (one at most: effluents_one_limit).
 */

import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Effluent } from "../../core/model/effluent.js";
import type { EffluentFilter } from "../../core/resources/effluents.js";
import type {
  EffluentLimitKey,
  EffluentRecord,
  EffluentTable,
  StoredEffluent,
} from "../../rules/store.js";
import { effluentOf, type StoredEffluentColumns } from "../stored-effluents.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

type EffluentRow = StoredEffluentColumns & {
  readonly company_ref: number;
  readonly building_ref: number;
};

const SELECT = `SELECT e.id, co.id AS company_id, e.company_ref, b.id AS building_id,
  e.building_ref, e.type, e.parameter, e.value, e.unit, e.year, e.sampled_at, e.min_value,
  e.discharge_point, e.notes, l.id AS limit_id, l.value AS limit_value,
  l.min_value AS limit_min_value, e.created_at, e.updated_at
  FROM effluents e JOIN companies co ON co.ref = e.company_ref
  JOIN buildings b ON b.company_ref = e.company_ref AND b.ref = e.building_ref
  LEFT JOIN effluents l ON e.type = 'quality' AND l.type = 'limit'
    AND l.company_ref = e.company_ref AND l.building_ref = e.building_ref
    AND l.parameter = e.parameter AND l.year = e.year`;

/** Rows a statement writes at once (12 parameters each, well under PostgreSQL's 65,535). */
const BATCH = 1000;
/** The types of a row's values, for the ones PostgreSQL cannot tell from a VALUES list. */
const CASTS = [
  "::bigint",
  "::uuid",
  "::bigint",
  "",
  "",
  "::numeric",
  "",
  "::integer",
  "",
  "::numeric",
];

function fromRow(row: EffluentRow): Effluent {
  return effluentOf(row);
}

function storedEffluent(row: EffluentRow): StoredEffluent {
  return {
    ...fromRow(row),
    companyRef: row.company_ref,
    buildingRef: row.building_ref,
  };
}

export class PostgresEffluents implements EffluentTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<EffluentRow, Effluent>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "effluents",
      alias: "e",
      order: ["e.year", "e.parameter", "e.type", "e.sampled_at", "e.id"],
      decode: fromRow,
    });
  }

  async find(id: string): Promise<StoredEffluent | undefined> {
    if (!isUuid(id)) return undefined;
    const row = (await this.#db.query<EffluentRow>(`${SELECT} WHERE e.id = $1`, [id])).rows[0];
    return row === undefined ? undefined : storedEffluent(row);
  }

  async findMany(ids: readonly string[]): Promise<StoredEffluent[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<EffluentRow>(`${SELECT} WHERE e.id = ANY($1::uuid[])`, [
      wanted,
    ]);
    return found.rows.map(storedEffluent);
  }

  async limits(keys: readonly EffluentLimitKey[]): Promise<(EffluentLimitKey & { id: string })[]> {
    if (keys.length === 0) return [];
    const found = await this.#db.query<{
      id: string;
      building_ref: string;
      parameter: string;
      year: number;
    }>(
      `SELECT e.id, e.building_ref, e.parameter, e.year FROM effluents e
       JOIN unnest($1::bigint[], $2::text[], $3::integer[]) AS k (building_ref, parameter, year)
         ON e.building_ref = k.building_ref AND e.parameter = k.parameter AND e.year = k.year
       WHERE e.type = 'limit'`,
      [
        keys.map((key) => key.buildingRef),
        keys.map((key) => key.parameter),
        keys.map((key) => key.year),
      ],
    );
    const unique = new Map(
      found.rows.map((row) => [
        row.id,
        {
          buildingRef: Number(row.building_ref),
          parameter: row.parameter,
          year: row.year,
          id: row.id,
        },
      ]),
    );
    return [...unique.values()];
  }

  /** One page of a company's records, in list order; an unknown company or building is not_found. */
  async list(query: EffluentFilter & PageQuery): Promise<Page<Effluent>> {
    const { where, params } = await this.#listing.conditions(query);
    await this.#listing.building({ where, params }, query.buildingId);
    if (query.type !== undefined) {
      params.push(query.type);
      where.push(`e.type = $${params.length}`);
    }
    if (query.year !== undefined) {
      params.push(query.year);
      where.push(`e.year = $${params.length}`);
    }
    return this.#listing.page({ where, params }, query);
  }

  /** Each in order (a limit's sampled_at is ''), a statement per batch; createdAt is kept. */
  async saveAll(records: readonly EffluentRecord[], at: string): Promise<void> {
    // An id twice: the later record, as one after the other would leave it.
    const last = [...new Map(records.map((record) => [record.id, record])).values()];
    for (let start = 0; start < last.length; start += BATCH) {
      const params: unknown[] = [at];
      const rows = last.slice(start, start + BATCH).map((record) => {
        const first = params.length + 1;
        params.push(
          record.companyRef,
          record.id,
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
        );
        const marks = Array.from({ length: 12 }, (_, i) => `$${first + i}${CASTS[i] ?? ""}`);
        return `(${marks.join(", ")}, $1, $1)`;
      });
      await this.#db.query(
        `INSERT INTO effluents (company_ref, id, building_ref, type, parameter, value, unit, year,
           sampled_at, min_value, discharge_point, notes, created_at, updated_at)
         VALUES ${rows.join(", ")}
         ON CONFLICT (company_ref, id) DO UPDATE SET
           building_ref = excluded.building_ref, type = excluded.type,
           parameter = excluded.parameter, value = excluded.value, unit = excluded.unit,
           year = excluded.year, sampled_at = excluded.sampled_at, min_value = excluded.min_value,
           discharge_point = excluded.discharge_point, notes = excluded.notes,
           updated_at = excluded.updated_at`,
        params,
      );
    }
  }
}
