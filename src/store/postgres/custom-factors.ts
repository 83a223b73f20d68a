/**
 * A company's custom emission factors in PostgreSQL: listed by subcategory, basis and first day
 * valid, upserted by id (createdAt kept).
 */

import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { StoredCustomFactor } from "../../core/model/factor.js";
import type { CustomFactorFilter } from "../../core/resources/custom-factors.js";
import type {
  CustomFactorRecord,
  CustomFactorTable,
  OwnedCustomFactor,
} from "../../rules/store.js";
import { type CustomFactorColumns, customFactorOf, plainCustomFactor } from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const SELECT = `SELECT f.id, co.id AS company_id, cat.id AS category_id, f.category_ref,
    f.company_ref, f.basis, f.valid_from, f.valid_to, f.unit, f.co2e, f.co2, f.ch4, f.n2o,
    f.source, f.created_at
  FROM custom_factors f
  JOIN companies co ON co.ref = f.company_ref
  JOIN categories cat ON cat.ref = f.category_ref`;

/** A company's factors in list order; an open start sorts first, as in SQLite's order. */
const ORDER = ["f.category_ref", "f.basis", "coalesce(f.valid_from, '')", "f.created_at", "f.id"];

export class PostgresCustomFactors implements CustomFactorTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<CustomFactorColumns, StoredCustomFactor>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "custom_factors",
      alias: "f",
      order: ORDER,
      decode: plainCustomFactor,
    });
  }

  async find(id: string): Promise<OwnedCustomFactor | undefined> {
    if (!isUuid(id)) return undefined;
    const found = await this.#db.query<CustomFactorColumns>(`${SELECT} WHERE f.id = $1`, [id]);
    const row = found.rows[0];
    return row === undefined ? undefined : customFactorOf(row);
  }

  async findMany(ids: readonly string[]): Promise<OwnedCustomFactor[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<CustomFactorColumns>(
      `${SELECT} WHERE f.id = ANY($1::uuid[])`,
      [wanted],
    );
    return found.rows.map(customFactorOf);
  }

  /** Every factor of these companies, by company, each company's in list order (pricing's). */
  async ofCompanies(companyRefs: readonly number[]): Promise<Map<number, StoredCustomFactor[]>> {
    const byCompany = new Map<number, StoredCustomFactor[]>(companyRefs.map((ref) => [ref, []]));
    if (companyRefs.length === 0) return byCompany;
    const found = await this.#db.query<CustomFactorColumns>(
      `${SELECT} WHERE f.company_ref = ANY($1::bigint[]) ORDER BY ${ORDER.join(", ")}`,
      [companyRefs],
    );
    for (const row of found.rows) byCompany.get(row.company_ref)?.push(plainCustomFactor(row));
    return byCompany;
  }

  /** One company's page; an unknown company is not_found. */
  list(query: CustomFactorFilter & PageQuery): Promise<Page<StoredCustomFactor>> {
    return this.#listing.list(query);
  }

  async save(record: CustomFactorRecord, at: string): Promise<void> {
    // created_at is the first save's.
    await this.#db.query(
      `INSERT INTO custom_factors (company_ref, id, category_ref, basis, valid_from, valid_to,
         unit, co2e, co2, ch4, n2o, source, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (company_ref, id) DO UPDATE SET category_ref = excluded.category_ref,
         basis = excluded.basis, valid_from = excluded.valid_from, valid_to = excluded.valid_to,
         unit = excluded.unit, co2e = excluded.co2e, co2 = excluded.co2, ch4 = excluded.ch4,
         n2o = excluded.n2o, source = excluded.source`,
      [
        record.companyRef,
        record.id,
        record.categoryRef,
        record.basis,
        record.validFrom,
        record.validTo,
        record.unit,
        record.co2e,
        record.co2,
        record.ch4,
        record.n2o,
        record.source,
        at,
      ],
    );
  }
}
