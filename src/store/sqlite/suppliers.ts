/** Suppliers and clients in SQLite (migration 4): listed by name, saved by id. */
import type { Page } from "../../core/model/common.js";
import type { StoredSupplier, SupplierQuery, SupplierType } from "../../core/model/supplier.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type {
  Owned,
  SupplierExternalKey,
  SupplierRecord,
  SupplierTable,
} from "../../rules/store.js";
import { plainSupplier, supplierOf } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { lazy } from "./lazy.js";

interface SupplierRow {
  ref: number;
  id: string;
  company_id: string;
  company_ref: number;
  type: SupplierType;
  name: string;
  email: string | null;
  address: string | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT s.ref, s.id, co.id AS company_id, s.company_ref, s.type, s.name, s.email,
    s.address, s.external_id, s.created_at, s.updated_at
  FROM suppliers s JOIN companies co ON co.ref = s.company_ref`;

function fromRow(row: SupplierRow): Owned<StoredSupplier> {
  return supplierOf(row);
}

function toSupplier(row: SupplierRow): StoredSupplier {
  return plainSupplier(row);
}

type Filter = { readonly companyRef?: number; readonly type?: SupplierType };

/** The stored suppliers and clients. */
export class SupplierRepository implements SupplierTable {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #byId;
  readonly #byExternalId;
  readonly #upsert;

  constructor(db: Db, companies: CompanyRepository) {
    this.#db = db;
    this.#companies = companies;
    this.#byId = lazy(() => db.prepare<[string], SupplierRow>(`${SELECT} WHERE s.id = ?`));
    this.#byExternalId = lazy(() =>
      db.prepare<[number, string], SupplierRow>(
        `${SELECT} WHERE s.company_ref = ? AND s.external_id = ?`,
      ),
    );
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare(
        `INSERT INTO suppliers (id, company_ref, type, name, email, address, external_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET type = excluded.type, name = excluded.name,
         email = excluded.email, address = excluded.address, external_id = excluded.external_id,
         updated_at = excluded.updated_at`,
      ),
    );
  }

  find(id: string): Owned<StoredSupplier> | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  findMany(ids: readonly string[]): Owned<StoredSupplier>[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  findByExternalIds(keys: readonly SupplierExternalKey[]): Owned<StoredSupplier>[] {
    const found = new Map<string, Owned<StoredSupplier>>();
    for (const key of keys) {
      const row = this.#byExternalId().get(key.companyRef, key.externalId);
      if (row !== undefined) found.set(row.id, fromRow(row));
    }
    return [...found.values()];
  }

  /** The clauses of a query's company and type filters, and their parameters. */
  #where(query: Omit<SupplierQuery, "page" | "limit">): { where: string[]; params: SqlValue[] } {
    const filter: Filter = {
      ...(query.companyId === undefined
        ? {}
        : { companyRef: this.#companies.get(query.companyId).ref }),
      ...(query.type === undefined ? {} : { type: query.type }),
    };
    const where: string[] = [];
    const params: SqlValue[] = [];
    if (filter.companyRef !== undefined) {
      where.push("s.company_ref = ?");
      params.push(filter.companyRef);
    }
    if (filter.type !== undefined) {
      where.push("s.type = ?");
      params.push(filter.type);
    }
    return { where, params };
  }

  /** Ordered by name, then id. */
  list(query: SupplierQuery): Page<StoredSupplier> {
    const window = pageWindow(query);
    const { where, params } = this.#where(query);
    const clause = where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`;
    const rows = this.#db
      .prepare<(string | number)[], SupplierRow>(
        `${SELECT}${clause} ORDER BY s.name, s.id LIMIT ? OFFSET ?`,
      )
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<(string | number)[], number>(`SELECT count(*) FROM suppliers s${clause}`)
      .pluck()
      .get(...params);
    return pageOf(rows.map(toSupplier), window, total ?? 0);
  }

  /** What `list` pages, for keyset pages (name, id: suppliers_by_company or _by_name). */
  keyset(query: Omit<SupplierQuery, "page" | "limit">): Keyset<SupplierRow, StoredSupplier> {
    return {
      select: SELECT,
      ...this.#where(query),
      order: ["s.name", "s.id"],
      key: (row) => [row.name, row.id],
      decode: toSupplier,
    };
  }

  saveMany(records: readonly SupplierRecord[], at: string): void {
    for (const record of records) {
      this.#upsert().run(
        record.id,
        record.companyRef,
        record.type,
        record.name,
        record.email,
        record.address,
        record.externalId,
        at,
        at,
      );
    }
  }
}
