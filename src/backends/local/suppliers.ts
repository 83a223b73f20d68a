import { CarbonError } from "../../core/errors.js";
import type { Page } from "../../core/model/common.js";
import {
  effectiveSupplierId,
  type StoredSupplier,
  type SupplierQuery,
  type SupplierType,
  type SupplierUpsertResult,
  supplierInputSchema,
} from "../../core/model/supplier.js";
import { ownerConflict } from "../../core/ownership.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import { parseInput } from "../../core/validate.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset, SqlValue } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";

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

function fromRow(row: SupplierRow): StoredSupplier {
  return {
    id: row.id,
    companyId: row.company_id,
    type: row.type,
    name: row.name,
    email: row.email,
    address: row.address,
    externalId: row.external_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type Filter = { readonly companyRef?: number; readonly type?: SupplierType };

/** The stored suppliers and clients (migration 4). */
export class SupplierRepository {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #byId;
  readonly #byExternalId;
  readonly #upsert;
  readonly #delete;

  constructor(db: Db, companies: CompanyRepository) {
    this.#db = db;
    this.#companies = companies;
    this.#byId = lazy(() => db.prepare<[string], SupplierRow>(`${SELECT} WHERE s.id = ?`));
    this.#byExternalId = lazy(() =>
      db.prepare<[number, string], SupplierRow>(
        `${SELECT} WHERE s.company_ref = ? AND s.external_id = ?`,
      ),
    );
    this.#upsert = lazy(() =>
      db.prepare(
        `INSERT INTO suppliers (id, company_ref, type, name, email, address, external_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET type = excluded.type, name = excluded.name,
         email = excluded.email, address = excluded.address, external_id = excluded.external_id,
         updated_at = excluded.updated_at`,
      ),
    );
    this.#delete = lazy(() => db.prepare<[string]>("DELETE FROM suppliers WHERE id = ?"));
  }

  find(id: string): StoredSupplier | undefined {
    const row = this.#byId().get(id.trim().toLowerCase());
    return row === undefined ? undefined : fromRow(row);
  }

  /** Deletes by id (nothing refers to a supplier); false when there was none. */
  delete(id: string): boolean {
    return this.#delete().run(id.trim().toLowerCase()).changes > 0;
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
    return pageOf(rows.map(fromRow), window, total ?? 0);
  }

  /** What `list` pages, for keyset pages (name, id: suppliers_by_company or _by_name). */
  keyset(query: Omit<SupplierQuery, "page" | "limit">): Keyset<SupplierRow, StoredSupplier> {
    return {
      select: SELECT,
      ...this.#where(query),
      order: ["s.name", "s.id"],
      key: (row) => [row.name, row.id],
      decode: fromRow,
    };
  }

  /**
   * Upsert by id (derived from company + externalId when missing). The company must exist
   * (not_found). A supplier keeps its company, and an externalId already naming another
   * supplier of the company is refused (conflict; the issue's path says which field).
   */
  upsert(input: unknown, now: string): SupplierUpsertResult {
    const parsed = parseInput(supplierInputSchema, input, "supplier");
    const company = this.#companies.get(parsed.companyId);
    const id = effectiveSupplierId(parsed);
    const before = this.#byId().get(id);
    if (before !== undefined && before.company_ref !== company.ref) {
      throw ownerConflict("supplier", id, before.company_id, company.id);
    }
    if (parsed.externalId !== null) {
      const holder = this.#byExternalId().get(company.ref, parsed.externalId);
      if (holder !== undefined && holder.id !== id) {
        const message = `externalId "${parsed.externalId}" already names supplier ${holder.id} of company ${company.id}`;
        throw new CarbonError("conflict", message, {
          issues: [{ path: "externalId", message: `already names supplier ${holder.id}` }],
          hint: "send that supplier's id, or leave id out to update it by externalId",
        });
      }
    }
    const result = (outcome: SupplierUpsertResult["outcome"]): SupplierUpsertResult => ({
      id,
      name: parsed.name,
      email: parsed.email,
      outcome,
    });
    if (
      before !== undefined &&
      before.type === parsed.type &&
      before.name === parsed.name &&
      before.email === parsed.email &&
      before.address === parsed.address &&
      before.external_id === parsed.externalId
    ) {
      return result("unchanged");
    }
    this.#upsert().run(
      id,
      company.ref,
      parsed.type,
      parsed.name,
      parsed.email,
      parsed.address,
      parsed.externalId,
      before?.created_at ?? now,
      now,
    );
    return result(before === undefined ? "inserted" : "updated");
  }
}
