/** Companies in PostgreSQL: found and saved by id, shared by every node (a reference table). */

import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Company } from "../../core/model/company.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { CompanyRecord, CompanyTable, StoredCompany } from "../../rules/store.js";
import { toCompany } from "../stored-records.js";
import type { TransactionVersions } from "./consumption-versions.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

interface CompanyRow {
  ref: string;
  id: string;
  name: string;
  country: string | null;
  created_at: string;
}

const COLUMNS = "ref, id, name, country, created_at";

function fromRow(row: CompanyRow): StoredCompany {
  return {
    ref: Number(row.ref),
    id: row.id,
    name: row.name,
    country: row.country,
    createdAt: row.created_at,
  };
}

export class PostgresCompanies implements CompanyTable {
  readonly #db: Queryable;
  /** Where a company found is told its version of its consumptions (read with it). */
  readonly #versions: TransactionVersions | undefined;

  constructor(db: Queryable, versions?: TransactionVersions) {
    this.#db = db;
    this.#versions = versions;
  }

  async find(id: string): Promise<StoredCompany | undefined> {
    if (!isUuid(id)) return undefined;
    const versions = this.#versions;
    if (versions !== undefined) {
      const found = await this.#db.query<CompanyRow & { version: string | null }>(
        `SELECT ${COLUMNS}, v.version FROM companies
           LEFT JOIN consumption_versions v ON v.company_ref = companies.ref WHERE id = $1`,
        [id],
      );
      const row = found.rows[0];
      if (row === undefined) return undefined;
      const company = fromRow(row);
      versions.know(company.ref, Number(row.version ?? 0));
      return company;
    }
    const found = await this.#db.query<CompanyRow>(
      `SELECT ${COLUMNS} FROM companies WHERE id = $1`,
      [id],
    );
    const row = found.rows[0];
    return row === undefined ? undefined : fromRow(row);
  }

  async findMany(ids: readonly string[]): Promise<StoredCompany[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<CompanyRow>(
      `SELECT ${COLUMNS} FROM companies WHERE id = ANY($1::uuid[])`,
      [wanted],
    );
    return found.rows.map(fromRow);
  }

  async list(query: PageQuery): Promise<Page<Company>> {
    const window = pageWindow(query);
    // One statement at a time: a transaction's connection runs one.
    const rows = await this.#db.query<CompanyRow>(
      `SELECT ${COLUMNS} FROM companies ORDER BY name, id LIMIT $1 OFFSET $2`,
      [window.limit, window.offset],
    );
    const count = await this.#db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM companies",
    );
    return pageOf(
      rows.rows.map((row) => toCompany(fromRow(row))),
      window,
      count.rows[0]?.count ?? 0,
    );
  }

  async refs(): Promise<number[]> {
    const found = await this.#db.query<{ ref: string }>("SELECT ref FROM companies ORDER BY ref");
    return found.rows.map((row) => Number(row.ref));
  }

  async save(record: CompanyRecord, at: string): Promise<void> {
    await this.#db.query(
      `INSERT INTO companies (id, name, country, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, country = excluded.country`,
      [record.id, record.name, record.country, at],
    );
  }
}
