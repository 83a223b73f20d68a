/** Waste operators in PostgreSQL: a company's table, listed in name order, saved by id. */

import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { WasteOperator } from "../../core/model/waste-operator.js";
import type { WasteOperatorFilter } from "../../core/resources/waste-operators.js";
import type { Owned, WasteOperatorRecord, WasteOperatorTable } from "../../rules/store.js";
import {
  plainWasteOperator,
  type WasteOperatorColumns,
  wasteOperatorOf,
} from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { PlainPostgresTable } from "./plain-table.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const SELECT = `SELECT w.id, co.id AS company_id, w.company_ref, w.name, w.registration_code,
  w.country_code, w.treatments, w.created_at, w.updated_at
  FROM waste_operators w JOIN companies co ON co.ref = w.company_ref`;

export class PostgresWasteOperators implements WasteOperatorTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<WasteOperatorColumns, WasteOperator>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "waste_operators",
      alias: "w",
      order: ["w.name", "w.id"],
      decode: plainWasteOperator,
    });
  }

  async find(id: string): Promise<Owned<WasteOperator> | undefined> {
    if (!isUuid(id)) return undefined;
    const found = await this.#db.query<WasteOperatorColumns>(`${SELECT} WHERE w.id = $1`, [id]);
    const row = found.rows[0];
    return row === undefined ? undefined : wasteOperatorOf(row);
  }

  async findMany(ids: readonly string[]): Promise<Owned<WasteOperator>[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<WasteOperatorColumns>(
      `${SELECT} WHERE w.id = ANY($1::uuid[])`,
      [wanted],
    );
    return found.rows.map(wasteOperatorOf);
  }

  async findByName(companyRef: number, nameKey: string): Promise<WasteOperator | undefined> {
    const found = await this.#db.query<WasteOperatorColumns>(
      `${SELECT} WHERE w.company_ref = $1 AND w.name_key = $2`,
      [companyRef, nameKey],
    );
    const row = found.rows[0];
    return row === undefined ? undefined : plainWasteOperator(row);
  }

  /** One company's page, or every company's, in (name, id) order; an unknown company is not_found. */
  list(query: WasteOperatorFilter & PageQuery): Promise<Page<WasteOperator>> {
    return this.#listing.list(query);
  }

  async save(record: WasteOperatorRecord, at: string): Promise<void> {
    // created_at is kept on update; updated_at moves.
    await this.#db.query(
      `INSERT INTO waste_operators (company_ref, id, name, name_key, registration_code,
         country_code, treatments, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (company_ref, id) DO UPDATE SET
         name = excluded.name, name_key = excluded.name_key,
         registration_code = excluded.registration_code, country_code = excluded.country_code,
         treatments = excluded.treatments, updated_at = excluded.updated_at`,
      [
        record.companyRef,
        record.id,
        record.name,
        record.nameKey,
        record.registrationCode,
        record.countryCode,
        JSON.stringify(record.treatments),
        at,
      ],
    );
  }

  /** How many invoices name each operator, in the same order. */
  async invoiceCounts(ids: readonly string[]): Promise<number[]> {
    const wanted = uuidsOf(ids);
    const counts = new Map<string, number>();
    if (wanted.length > 0) {
      const found = await this.#db.query<{ id: string; count: string }>(
        `SELECT waste_operator_id AS id, count(*) AS count FROM invoices
         WHERE waste_operator_id = ANY($1::uuid[]) GROUP BY waste_operator_id`,
        [wanted],
      );
      for (const row of found.rows) counts.set(row.id, Number(row.count));
    }
    return ids.map((id) => counts.get(id) ?? 0);
  }
}

/**
 * The waste operators' table, listed by the registry as any plain resource's; the store's
 * migration 2 created it, before tables had migrations of their own.
 */
export const wasteOperatorsTable: PlainPostgresTable<PostgresWasteOperators> = {
  migrations: [],
  open: (db) => new PostgresWasteOperators(db),
};
