/** Suppliers and clients in PostgreSQL: a company's table, listed by name, saved by id in batches. */

import { isUuid } from "../../core/ids.js";
import type { Page } from "../../core/model/common.js";
import type { StoredSupplier, SupplierQuery } from "../../core/model/supplier.js";
import type {
  Owned,
  SupplierExternalKey,
  SupplierRecord,
  SupplierTable,
} from "../../rules/store.js";
import { plainSupplier, type SupplierColumns, supplierOf } from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const SELECT = `SELECT s.id, co.id AS company_id, s.company_ref, s.type, s.name, s.email,
    s.address, s.external_id, s.created_at, s.updated_at
  FROM suppliers s JOIN companies co ON co.ref = s.company_ref`;

/** Rows a statement writes at once (7 parameters each, well under PostgreSQL's 65,535). */
const BATCH = 1000;

export class PostgresSuppliers implements SupplierTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<SupplierColumns, StoredSupplier>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "suppliers",
      alias: "s",
      order: ["s.name", "s.id"],
      decode: plainSupplier,
    });
  }

  async find(id: string): Promise<Owned<StoredSupplier> | undefined> {
    if (!isUuid(id)) return undefined;
    const row = (await this.#db.query<SupplierColumns>(`${SELECT} WHERE s.id = $1`, [id])).rows[0];
    return row === undefined ? undefined : supplierOf(row);
  }

  async findMany(ids: readonly string[]): Promise<Owned<StoredSupplier>[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<SupplierColumns>(`${SELECT} WHERE s.id = ANY($1::uuid[])`, [
      wanted,
    ]);
    return found.rows.map(supplierOf);
  }

  async findByExternalIds(keys: readonly SupplierExternalKey[]): Promise<Owned<StoredSupplier>[]> {
    if (keys.length === 0) return [];
    const found = await this.#db.query<SupplierColumns>(
      `${SELECT} JOIN unnest($1::bigint[], $2::text[]) AS k (company_ref, external_id)
         ON k.company_ref = s.company_ref AND k.external_id = s.external_id`,
      [keys.map((key) => key.companyRef), keys.map((key) => key.externalId)],
    );
    const unique = new Map(found.rows.map((row) => [row.id, supplierOf(row)]));
    return [...unique.values()];
  }

  /** Ordered by name, then id; an unknown company is not_found. */
  async list(query: SupplierQuery): Promise<Page<StoredSupplier>> {
    const { where, params } = await this.#listing.conditions(query);
    if (query.type !== undefined) {
      params.push(query.type);
      where.push(`s.type = $${params.length}`);
    }
    return this.#listing.page({ where, params }, query);
  }

  /** Inserts or replaces each by id, in order, keeping createdAt; a statement per batch. */
  async saveMany(records: readonly SupplierRecord[], at: string): Promise<void> {
    // An id twice: the later record replaces the earlier, as one after the other would (and a
    // statement may not change a row twice).
    const last = [...new Map(records.map((record) => [record.id, record])).values()];
    for (let start = 0; start < last.length; start += BATCH) {
      const batch = last.slice(start, start + BATCH);
      const params: unknown[] = [at];
      const rows = batch.map((record) => {
        params.push(
          record.companyRef,
          record.id,
          record.type,
          record.name,
          record.email,
          record.address,
          record.externalId,
        );
        const n = params.length;
        return `($${n - 6}::bigint, $${n - 5}::uuid, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, $1, $1)`;
      });
      await this.#db.query(
        `INSERT INTO suppliers (company_ref, id, type, name, email, address, external_id,
           created_at, updated_at)
         VALUES ${rows.join(", ")}
         ON CONFLICT (company_ref, id) DO UPDATE SET type = excluded.type, name = excluded.name,
           email = excluded.email, address = excluded.address, external_id = excluded.external_id,
           updated_at = excluded.updated_at`,
        params,
      );
    }
  }
}
