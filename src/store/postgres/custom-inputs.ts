/** A company's custom inputs (providers, fuels, heat, waste) in PostgreSQL, listed by name. */

import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { CustomInput } from "../../core/model/custom-input.js";
import type { CustomInputFilter } from "../../core/resources/custom-inputs.js";
import type {
  CustomInputRecord,
  CustomInputTable,
  CustomInputUse,
  StoredCustomInput,
} from "../../rules/store.js";
import { type CustomInputColumns, customInputOf, plainCustomInput } from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const SELECT = `SELECT i.ref, i.id, co.id AS company_id, i.company_ref, i.type, i.name, i.unit,
  i.custom_factor_id, i.created_at, i.updated_at
  FROM custom_inputs i JOIN companies co ON co.ref = i.company_ref`;

export class PostgresCustomInputs implements CustomInputTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<CustomInputColumns, CustomInput>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "custom_inputs",
      alias: "i",
      order: ["i.name", "i.id"],
      decode: plainCustomInput,
    });
  }

  async find(id: string): Promise<StoredCustomInput | undefined> {
    if (!isUuid(id)) return undefined;
    const row = (await this.#db.query<CustomInputColumns>(`${SELECT} WHERE i.id = $1`, [id]))
      .rows[0];
    return row === undefined ? undefined : customInputOf(row);
  }

  async findMany(ids: readonly string[]): Promise<StoredCustomInput[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<CustomInputColumns>(
      `${SELECT} WHERE i.id = ANY($1::uuid[])`,
      [wanted],
    );
    return found.rows.map(customInputOf);
  }

  /** One company's page, or every company's; an unknown company is not_found. */
  list(query: CustomInputFilter & PageQuery): Promise<Page<CustomInput>> {
    return this.#listing.list(query);
  }

  async consumptionsNaming(ref: number): Promise<CustomInputUse> {
    const found = await this.#db.query<{ count: number; category_ref: number | null }>(
      `SELECT count(*) AS count, min(category_ref) AS category_ref FROM consumptions
       WHERE input_ref = $1`,
      [ref],
    );
    const row = found.rows[0];
    return { count: row?.count ?? 0, categoryRef: row?.category_ref ?? null };
  }

  async consumptionCounts(refs: readonly number[]): Promise<number[]> {
    if (refs.length === 0) return [];
    const found = await this.#db.query<{ ref: number; count: number }>(
      `SELECT input_ref AS ref, count(*) AS count FROM consumptions
       WHERE input_ref = ANY($1::bigint[]) GROUP BY input_ref`,
      [[...new Set(refs)]],
    );
    const counts = new Map(found.rows.map((row) => [row.ref, row.count]));
    return refs.map((ref) => counts.get(ref) ?? 0);
  }

  /** How many invoices name each input (as their provider), in the same order. */
  async invoiceCounts(ids: readonly string[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = await this.#db.query<{ id: string; count: number }>(
      `SELECT provider AS id, count(*) AS count FROM invoices
       WHERE provider = ANY($1::text[]) GROUP BY provider`,
      [[...new Set(ids)]],
    );
    const counts = new Map(found.rows.map((row) => [row.id, row.count]));
    return ids.map((id) => counts.get(id) ?? 0);
  }

  async save(record: CustomInputRecord, at: string): Promise<void> {
    // created_at is kept on update; updated_at moves.
    await this.#db.query(
      `INSERT INTO custom_inputs (company_ref, id, type, name, unit, custom_factor_id,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (company_ref, id) DO UPDATE SET
         type = excluded.type, name = excluded.name, unit = excluded.unit,
         custom_factor_id = excluded.custom_factor_id, updated_at = excluded.updated_at`,
      [
        record.companyRef,
        record.id,
        record.type,
        record.name,
        record.unit,
        record.customFactorId,
        at,
      ],
    );
  }
}
