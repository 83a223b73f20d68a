import { notFound } from "../../core/errors.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Company } from "../../core/model/company.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { CompanyRecord, CompanyTable, StoredCompany } from "../../rules/store.js";
import { toCompany } from "../stored-records.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";

export type { StoredCompany };

interface CompanyRow {
  ref: number;
  id: string;
  name: string;
  country: string | null;
  created_at: string;
}

const COLUMNS = "ref, id, name, country, created_at";

function fromRow(row: CompanyRow): StoredCompany {
  return {
    ref: row.ref,
    id: row.id,
    name: row.name,
    country: row.country,
    createdAt: row.created_at,
  };
}

/** Companies in SQLite: listed by name, saved by id. */
export class CompanyRepository implements CompanyTable {
  readonly #byId;
  readonly #page;
  readonly #count;
  readonly #refs;
  readonly #upsert;

  constructor(db: Db) {
    this.#byId = lazy(() =>
      db.prepare<[string], CompanyRow>(`SELECT ${COLUMNS} FROM companies WHERE id = ?`),
    );
    this.#page = lazy(() =>
      db.prepare<[number, number], CompanyRow>(
        `SELECT ${COLUMNS} FROM companies ORDER BY name, id LIMIT ? OFFSET ?`,
      ),
    );
    this.#count = lazy(() => db.prepare<[], number>("SELECT count(*) FROM companies").pluck());
    this.#refs = lazy(() =>
      db.prepare<[], number>("SELECT ref FROM companies ORDER BY ref").pluck(),
    );
    this.#upsert = lazy(() =>
      db.prepare<[string, string, string | null, string]>(
        `INSERT INTO companies (id, name, country, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, country = excluded.country`,
      ),
    );
  }

  find(id: string): StoredCompany | undefined {
    const row = this.#byId().get(id.toLowerCase());
    return row === undefined ? undefined : fromRow(row);
  }

  findMany(ids: readonly string[]): StoredCompany[] {
    return [...new Set(ids.map((id) => id.toLowerCase()))].flatMap((id) => this.find(id) ?? []);
  }

  get(id: string): StoredCompany {
    const company = this.find(id);
    if (company === undefined) throw notFound("company", id);
    return company;
  }

  list(query: PageQuery): Page<Company> {
    const window = pageWindow(query);
    const rows = this.#page().all(window.limit, window.offset);
    return pageOf(
      rows.map((row) => toCompany(fromRow(row))),
      window,
      this.#count().get() ?? 0,
    );
  }

  /** The refs of every company (a list over all companies reads each one's rows in turn). */
  refs(): number[] {
    return this.#refs().all();
  }

  /** Every company in list order (name, id), for keyset pages (index companies_by_name). */
  keyset(): Keyset<CompanyRow, Company> {
    return {
      select: `SELECT ${COLUMNS} FROM companies`,
      where: [],
      params: [],
      order: ["name", "id"],
      key: (row) => [row.name, row.id],
      decode: (row) => toCompany(fromRow(row)),
    };
  }

  /** Inserts or replaces by id; createdAt is the first save's `at`. */
  save(record: CompanyRecord, at: string): void {
    this.#upsert().run(record.id, record.name, record.country, at);
  }
}
