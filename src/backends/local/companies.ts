import { notFound } from "../../core/errors.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import { type Company, type CompanyInput, companyInputSchema } from "../../core/model/company.js";
import { parseInput } from "../../core/validate.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";
import { pageOf, pageWindow } from "./pagination.js";

export interface StoredCompany extends Company {
  readonly ref: number;
}

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

export function toCompany(company: StoredCompany): Company {
  return {
    id: company.id,
    name: company.name,
    country: company.country,
    createdAt: company.createdAt,
  };
}

export class CompanyRepository {
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

  /** Upsert by id; returns the stored company and the one it replaced, if any. */
  upsert(input: CompanyInput): {
    readonly company: StoredCompany;
    readonly before?: StoredCompany;
  } {
    const parsed = parseInput(companyInputSchema, input, "company");
    const id = parsed.id.toLowerCase();
    const before = this.find(id);
    this.#upsert().run(id, parsed.name, parsed.country, new Date().toISOString());
    const company = this.get(id);
    return before === undefined ? { company } : { company, before };
  }
}
