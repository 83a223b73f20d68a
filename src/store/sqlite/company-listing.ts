import type Database from "better-sqlite3";
import type { Page, PageQuery } from "../../core/model/common.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";

/** A table of records that belong to companies (a `company_ref` column), listed in one order. */
export interface CompanyListingSpec<Row, T> {
  /** `SELECT … FROM <table> <alias> JOIN …`, without WHERE. */
  readonly select: string;
  readonly table: string;
  /** The table's alias in `select`. */
  readonly alias: string;
  /** The list order, columns of the alias, ending with its id (an index of this order exists). */
  readonly order: readonly string[];
  key(row: Row): readonly SqlValue[];
  decode(row: Row): T;
  /** Records that may name a building (a `building_ref` column): lists filter by it too. */
  readonly buildings?: { get(id: string): { readonly ref: number } };
}

interface ListStatements<Row> {
  readonly page: Database.Statement<SqlValue[], Row>;
  readonly count: Database.Statement<SqlValue[], number>;
}

/** One company's records, or every company's; of one building's where the records name one. */
export interface ListingFilter {
  readonly companyId?: string;
  readonly buildingId?: string;
}

/**
 * Every company's records or one company's (and one building's), a page at a time with its
 * count (`list`) or as a keyset for `streamList`; an unknown company or building is not_found.
 * One home for what every repository of company records lists the same way.
 */
export class CompanyListing<Row, T> {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #spec: CompanyListingSpec<Row, T>;
  /** A list's statements by their WHERE clause, prepared once each. */
  readonly #lists = new Map<string, ListStatements<Row>>();

  constructor(db: Db, companies: CompanyRepository, spec: CompanyListingSpec<Row, T>) {
    this.#db = db;
    this.#companies = companies;
    this.#spec = spec;
  }

  #listStatements(clause: string): ListStatements<Row> {
    let found = this.#lists.get(clause);
    if (found === undefined) {
      const { select, table, alias, order } = this.#spec;
      const ordered = order.map((column) => `${alias}.${column}`).join(", ");
      found = {
        page: this.#db.prepare<SqlValue[], Row>(
          `${select}${clause} ORDER BY ${ordered} LIMIT ? OFFSET ?`,
        ),
        count: this.#db
          .prepare<SqlValue[], number>(`SELECT count(*) FROM ${table} ${alias}${clause}`)
          .pluck(),
      };
      this.#lists.set(clause, found);
    }
    return found;
  }

  /** The filter as SQL conditions on the alias; an unknown company or building is not_found. */
  #where(filter: ListingFilter): { readonly where: string[]; readonly params: SqlValue[] } {
    const { alias, buildings } = this.#spec;
    const where: string[] = [];
    const params: SqlValue[] = [];
    if (filter.companyId !== undefined) {
      where.push(`${alias}.company_ref = ?`);
      params.push(this.#companies.get(filter.companyId).ref);
    }
    if (filter.buildingId !== undefined) {
      if (buildings === undefined) throw new Error(`${this.#spec.table}: no building to filter by`);
      where.push(`${alias}.building_ref = ?`);
      params.push(buildings.get(filter.buildingId).ref);
    }
    return { where, params };
  }

  list(query: ListingFilter & PageQuery): Page<T> {
    const window = pageWindow(query);
    const { where, params } = this.#where(query);
    const { page, count } = this.#listStatements(
      where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`,
    );
    const rows = page.all(...params, window.limit, window.offset);
    return pageOf(
      rows.map((row) => this.#spec.decode(row)),
      window,
      count.get(...params) ?? 0,
    );
  }

  keyset(filter: ListingFilter): Keyset<Row, T> {
    const { where, params } = this.#where(filter);
    return {
      select: this.#spec.select,
      where,
      params,
      order: this.#spec.order.map((column) => `${this.#spec.alias}.${column}`),
      key: (row) => this.#spec.key(row),
      decode: (row) => this.#spec.decode(row),
    };
  }
}
