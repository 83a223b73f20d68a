/**
 * A company table's list on PostgreSQL: one company's page (or every company's) in the table's
 * order, with its total; an unknown company is not_found. What the SQLite store's CompanyListing
 * is there (its keysets are for streams, which PostgreSQL reads with a cursor).
 */
import { notFound } from "../../core/errors.js";
import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { Queryable } from "./transactions.js";

export interface ListingSpec<Row, T> {
  /** `SELECT … FROM table alias JOIN …`, without WHERE. */
  readonly select: string;
  readonly table: string;
  readonly alias: string;
  /** The list's order: terms on the alias (`w.name`), the last one unique (its id). */
  readonly order: readonly string[];
  decode(row: Row): T;
}

/** Conditions of a list (`alias.column = $n`, numbered from 1) and their values. */
export interface Conditions {
  readonly where: string[];
  readonly params: unknown[];
}

/** The store's key of the company of this id; an unknown (or malformed) id is not_found. */
export async function companyRefOf(db: Queryable, companyId: string): Promise<string> {
  const found = isUuid(companyId)
    ? await db.query<{ ref: string }>("SELECT ref FROM companies WHERE id = $1", [
        companyId.toLowerCase(),
      ])
    : undefined;
  const ref = found?.rows[0]?.ref;
  if (ref === undefined) throw notFound("company", companyId);
  return ref;
}

export class CompanyListing<Row extends object, T> {
  readonly #db: Queryable;
  readonly #spec: ListingSpec<Row, T>;

  constructor(db: Queryable, spec: ListingSpec<Row, T>) {
    this.#db = db;
    this.#spec = spec;
  }

  /** The conditions of a company filter (none without one). */
  async conditions(filter: { readonly companyId?: string | undefined }): Promise<Conditions> {
    if (filter.companyId === undefined) return { where: [], params: [] };
    const ref = await companyRefOf(this.#db, filter.companyId);
    return { where: [`${this.#spec.alias}.company_ref = $1`], params: [ref] };
  }

  /** Adds the building a filter names to the conditions; an unknown building is not_found. */
  async building(conditions: Conditions, buildingId: string | undefined): Promise<void> {
    if (buildingId === undefined) return;
    const id = buildingId.toLowerCase();
    const building = isUuid(id)
      ? (
          await this.#db.query<{ company_ref: number; ref: number }>(
            "SELECT company_ref, ref FROM buildings WHERE id = $1",
            [id],
          )
        ).rows[0]
      : undefined;
    if (building === undefined) throw notFound("building", buildingId);
    const { alias } = this.#spec;
    conditions.params.push(building.company_ref, building.ref);
    const n = conditions.params.length;
    conditions.where.push(`${alias}.company_ref = $${n - 1} AND ${alias}.building_ref = $${n}`);
  }

  /** One page in the list's order, with the number of rows the conditions keep. */
  async page(conditions: Conditions, query: PageQuery): Promise<Page<T>> {
    const { select, table, alias, order, decode } = this.#spec;
    const window = pageWindow(query);
    const { where, params } = conditions;
    const clause = where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`;
    const sorted = order.join(", ");
    const rows = await this.#db.query<Row>(
      `${select}${clause} ORDER BY ${sorted} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, window.limit, window.offset],
    );
    const total = await this.#db.query<{ count: string }>(
      `SELECT count(*) AS count FROM ${table} ${alias}${clause}`,
      params,
    );
    return pageOf(rows.rows.map(decode), window, Number(total.rows[0]?.count ?? 0));
  }

  /** One company's page, or every company's. */
  async list(query: { readonly companyId?: string | undefined } & PageQuery): Promise<Page<T>> {
    return this.page(await this.conditions(query), query);
  }
}
