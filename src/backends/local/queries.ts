import { notFound } from "../../core/errors.js";
import type { Page } from "../../core/model/common.js";
import type { Consumption } from "../../core/model/consumption.js";
import type { Emission } from "../../core/model/emission.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { ConsumptionQuery } from "../../core/ports/consumptions.js";
import type { EmissionFilter, EmissionQuery } from "../../core/ports/emissions.js";
import type { ConsumptionSummaryRow } from "../../engine/summary.js";
import { BuildingRepository } from "../../store/sqlite/buildings.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset } from "../../store/sqlite/keyset.js";
import { StoredDates } from "../../store/sqlite/stored-dates.js";
import { type FilterContext, type Where, whereOf } from "./filters.js";
import { LineQueries, rowKeysets, type Statement } from "./line-queries.js";
import { RefCache } from "./ref-cache.js";
import { ROW_COLUMNS, RowDecoder, type RowTuple } from "./rows.js";

/**
 * The list order: start date, then the row's place in the table (rowid). Both are in every index
 * of consumptions (SQLite appends the rowid), so a company's rows are read in this order on
 * consumptions_by_company without sorting, and no index over (start_date, id) has to be built by
 * every import.
 */
const ORDER = "ORDER BY c.start_date, c.rowid";
const SELECT = `SELECT ${ROW_COLUMNS} FROM consumptions c`;

/** Reads of consumptions and emissions; statements are prepared once per distinct filter shape. */
export class ConsumptionQueries {
  readonly #db: Db;
  readonly #ctx: FilterContext;
  readonly #refs: RefCache;
  readonly #decode: RowDecoder;
  readonly #lines: LineQueries;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Db, ctx: FilterContext, refs: RefCache, decode: RowDecoder) {
    this.#db = db;
    this.#ctx = ctx;
    this.#refs = refs;
    this.#decode = decode;
    this.#lines = new LineQueries(db, ctx, refs, decode, (sql) => this.#statement(sql));
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare<unknown[], unknown>(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #rows(sql: string, params: readonly unknown[]): RowTuple[] {
    this.#refs.ensure();
    // A parsed boundary: ROW_COLUMNS decides the tuple's shape.
    return this.#statement(sql)
      .raw(true)
      .all(...params) as RowTuple[];
  }

  #count(where: Where): number {
    const sql = `SELECT count(*) FROM consumptions c WHERE ${where.sql}`;
    const value = this.#statement(sql)
      .pluck(true)
      .get(...where.params);
    return typeof value === "number" ? value : 0;
  }

  listConsumptions(query: ConsumptionQuery): Page<Consumption> {
    const window = pageWindow(query);
    const where = whereOf(query, this.#ctx);
    const rows = this.#rows(`${SELECT} WHERE ${where.sql} ${ORDER} LIMIT ? OFFSET ?`, [
      ...where.params,
      window.limit,
      window.offset,
    ]);
    return pageOf(
      rows.map((row) => this.#decode.consumption(row)),
      window,
      this.#count(where),
    );
  }

  findConsumption(id: string): Consumption | undefined {
    const [row] = this.#rows(`${SELECT} WHERE c.id = ?`, [id.toLowerCase()]);
    return row === undefined ? undefined : this.#decode.consumption(row);
  }

  /** The consumption at a rowid (what an overlap index keeps instead of its id). */
  consumptionAt(rowid: number): Consumption | undefined {
    const [row] = this.#rows(`${SELECT} WHERE c.rowid = ?`, [rowid]);
    return row === undefined ? undefined : this.#decode.consumption(row);
  }

  getConsumption(id: string): Consumption {
    const consumption = this.findConsumption(id);
    if (consumption === undefined) throw notFound("consumption", id);
    return consumption;
  }

  /** A consumption's first emission line: its direct line (of its first year when split). */
  emissionOf(consumptionId: string): Emission {
    const first = this.#lines.first(consumptionId);
    if (first === undefined) throw notFound("emission of consumption", consumptionId);
    return first;
  }

  /** A page of emission lines (line-queries.ts). */
  listEmissions(query: EmissionQuery): Page<Emission> {
    return this.#lines.list(query);
  }

  /**
   * What `listConsumptions` pages, as keysets merged in list order: one per company (each read
   * on consumptions_by_company), or the one company the filter pins.
   */
  consumptionKeysets(filter: EmissionFilter): Keyset<RowTuple, Consumption>[] {
    const where = whereOf(filter, this.#ctx);
    return rowKeysets(where, this.#ctx, this.#refs, (row) => this.#decode.consumption(row));
  }

  /** What `listEmissions` pages, the same way: each row read gives its consumption's lines. */
  emissionKeysets(filter: EmissionFilter): Keyset<RowTuple, readonly Emission[]>[] {
    return this.#lines.keysets(filter);
  }

  /**
   * Every matching emission line in list order, one consumption row at a time
   * (`Statement.iterate`). While it is open the connection runs no other statement: consume it,
   * then use the service.
   */
  iterateEmissions(filter: EmissionFilter): Generator<Emission, void, undefined> {
    return this.#lines.iterate(filter);
  }

  /** What the consumption dashboard adds up, in no particular order. */
  *iterateConsumptionRows(
    filter: EmissionFilter,
  ): Generator<ConsumptionSummaryRow, void, undefined> {
    const where = whereOf(filter, this.#ctx);
    const statement = this.#db
      .prepare<unknown[], unknown>(
        `SELECT c.category_ref, c.start_date, c.end_date, c.quantity, c.unit, c.co2e IS NULL
           FROM consumptions c WHERE ${where.sql}`,
      )
      .raw(true);
    const { catalog } = this.#ctx;
    const dates = new StoredDates();
    for (const row of statement.iterate(...where.params)) {
      // A parsed boundary: the column list above decides the tuple's shape.
      const [categoryRef, startMs, endMs, quantity, unitType, awaiting] = row as [
        number,
        number,
        number,
        number,
        string,
        number,
      ];
      const categoryId = catalog.byRef(categoryRef)?.id ?? "";
      const startDate = dates.iso(startMs);
      const endDate = dates.iso(endMs);
      yield { categoryId, startDate, endDate, quantity, unitType, awaitingFactor: awaiting === 1 };
    }
  }
}

export interface BoundQueries {
  readonly queries: ConsumptionQueries;
  readonly refs: RefCache;
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
}

/** Reads bound to one connection, with caches of their own. */
export function queriesOn(db: Db, catalog: CategoryCatalog): BoundQueries {
  const companies = new CompanyRepository(db);
  const buildings = new BuildingRepository(db, companies);
  const refs = new RefCache(db);
  const decode = new RowDecoder(catalog, refs);
  const queries = new ConsumptionQueries(db, { companies, buildings, catalog }, refs, decode);
  return { queries, refs, companies, buildings };
}
