import type { Page, PageQuery } from "../../core/model/common.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { pageOf, pageWindow } from "./pagination.js";

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
}

/**
 * Every company's records or one company's, a page at a time with its count (`list`) or as a
 * keyset for `streamList`; an unknown company is not_found. One home for what every repository
 * of company records lists the same way.
 */
export class CompanyListing<Row, T> {
  readonly #companies: CompanyRepository;
  readonly #spec: CompanyListingSpec<Row, T>;
  readonly #page;
  readonly #pageOfCompany;
  readonly #count;
  readonly #countOfCompany;

  constructor(db: Db, companies: CompanyRepository, spec: CompanyListingSpec<Row, T>) {
    this.#companies = companies;
    this.#spec = spec;
    const order = spec.order.map((column) => `${spec.alias}.${column}`).join(", ");
    this.#page = db.prepare<[number, number], Row>(
      `${spec.select} ORDER BY ${order} LIMIT ? OFFSET ?`,
    );
    this.#pageOfCompany = db.prepare<[number, number, number], Row>(
      `${spec.select} WHERE ${spec.alias}.company_ref = ? ORDER BY ${order} LIMIT ? OFFSET ?`,
    );
    this.#count = db.prepare<[], number>(`SELECT count(*) FROM ${spec.table}`).pluck();
    this.#countOfCompany = db
      .prepare<[number], number>(`SELECT count(*) FROM ${spec.table} WHERE company_ref = ?`)
      .pluck();
  }

  list(query: { readonly companyId?: string } & PageQuery): Page<T> {
    const window = pageWindow(query);
    const decode = (row: Row) => this.#spec.decode(row);
    if (query.companyId === undefined) {
      const rows = this.#page.all(window.limit, window.offset);
      return pageOf(rows.map(decode), window, this.#count.get() ?? 0);
    }
    const company = this.#companies.get(query.companyId);
    const rows = this.#pageOfCompany.all(company.ref, window.limit, window.offset);
    return pageOf(rows.map(decode), window, this.#countOfCompany.get(company.ref) ?? 0);
  }

  keyset(filter: { readonly companyId?: string }): Keyset<Row, T> {
    const { alias } = this.#spec;
    const company =
      filter.companyId === undefined ? undefined : this.#companies.get(filter.companyId);
    return {
      select: this.#spec.select,
      where: company === undefined ? [] : [`${alias}.company_ref = ?`],
      params: company === undefined ? [] : [company.ref],
      order: this.#spec.order.map((column) => `${alias}.${column}`),
      key: (row) => this.#spec.key(row),
      decode: (row) => this.#spec.decode(row),
    };
  }
}
