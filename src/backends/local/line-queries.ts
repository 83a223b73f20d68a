/**
 * Reads of emission lines. A consumption's lines are not rows of their own: each consumption row
 * read gives its lines (rows.ts), in list order (start date, then the row's place in the table,
 * then the consumption's lines in order). Pages are counted in lines: the total counts them in
 * SQL by calculation record (each record knows its lines), and a page deep in the list skips the
 * rows before it by their line counts without building their lines.
 */
import type Database from "better-sqlite3";
import type { Page } from "../../core/model/common.js";
import type { Emission } from "../../core/model/emission.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { EmissionFilter, EmissionQuery } from "../../core/ports/emissions.js";
import type { Calculation } from "../../engine/emission-lines.js";
import type { Db } from "../../store/sqlite/database.js";
import { type Keyset, KeysetReader } from "../../store/sqlite/keyset.js";
import { type FilterContext, lineFilterOf, type Where, whereOf } from "./filters.js";
import type { RefCache } from "./ref-cache.js";
import { type LineFilter, ROW_COLUMNS, type RowDecoder, type RowTuple } from "./rows.js";

export type Statement = Database.Statement<unknown[], unknown>;

const SELECT = `SELECT ${ROW_COLUMNS} FROM consumptions c`;
/** The list order (queries.ts says why): start date, then the row's place in the table. */
const ORDER = "ORDER BY c.start_date, c.rowid";
/** Rows read a page at a time while a page of lines is looked for. */
const ROWS_A_PAGE = 500;

/**
 * Consumption rows in list order as keysets merged by `KeysetReader.merged`: one per company
 * (each read on consumptions_by_company), or the one company the filter pins.
 */
export function rowKeysets<T>(
  where: Where,
  ctx: FilterContext,
  refs: RefCache,
  decode: (row: RowTuple) => T,
): Keyset<RowTuple, T>[] {
  const keyset = (clauses: readonly string[], params: readonly (string | number)[]) => ({
    select: SELECT,
    where: clauses,
    params,
    order: ["c.start_date", "c.rowid"],
    raw: true,
    key: (row: RowTuple) => [row[5], row[18]],
    decode,
    beforePage: () => refs.ensure(),
  });
  if (where.pinsCompany) return [keyset([where.sql], where.params)];
  return ctx.companies
    .refs()
    .map((ref) => keyset(["c.company_ref = ?", where.sql], [ref, ...where.params]));
}

export class LineQueries {
  readonly #db: Db;
  readonly #ctx: FilterContext;
  readonly #refs: RefCache;
  readonly #decode: RowDecoder;
  readonly #reader: KeysetReader;
  /** A statement prepared once per distinct SQL (the consumption queries' cache). */
  readonly #statement: (sql: string) => Statement;

  constructor(
    db: Db,
    ctx: FilterContext,
    refs: RefCache,
    decode: RowDecoder,
    statement: (sql: string) => Statement,
  ) {
    this.#db = db;
    this.#ctx = ctx;
    this.#refs = refs;
    this.#decode = decode;
    this.#reader = new KeysetReader(db);
    this.#statement = statement;
  }

  /** One page of lines; `pagination.total` is the number of lines the filter keeps. */
  list(query: EmissionQuery): Page<Emission> {
    const window = pageWindow(query);
    const where = whereOf(query, this.#ctx, true);
    const lines = lineFilterOf(query, this.#ctx.catalog);
    const total = this.#count(where, lines);
    const data: Emission[] = [];
    let skip = window.offset;
    if (skip < total) {
      const counted = this.#lineCounter(lines);
      const rows = this.#reader.merged(
        this.#keysets(where, (row) => row),
        ROWS_A_PAGE,
      );
      outer: for (const page of rows) {
        for (const row of page) {
          if (skip > 0) {
            const count = counted(row);
            if (count <= skip) {
              skip -= count;
              continue;
            }
          }
          for (const line of this.#decode.lines(row, lines)) {
            if (skip > 0) {
              skip -= 1;
              continue;
            }
            data.push(line);
            if (data.length === window.limit) break outer;
          }
        }
      }
    }
    return pageOf(data, window, total);
  }

  /** Lines kept per (category, record), remembered for the read. */
  #lineCounter(filter: LineFilter | undefined): (row: RowTuple) => number {
    const known = new Map<number, Map<number | null, number>>();
    return (row) => {
      let byRef = known.get(row[4]);
      if (byRef === undefined) {
        byRef = new Map();
        known.set(row[4], byRef);
      }
      let count = byRef.get(row[17]);
      if (count === undefined) {
        count = this.#decode.lineCount(row[4], this.#refs.calculation(row[17]), filter);
        byRef.set(row[17], count);
      }
      return count;
    };
  }

  /**
   * Lines the filter keeps: consumptions counted in SQL by calculation record, and by category
   * when the filter names scopes or categories (a direct line's are its consumption's).
   */
  #count(where: Where, filter: LineFilter | undefined): number {
    this.#refs.ensure();
    const byCategory = filter?.scopes !== undefined || filter?.categoryRefs !== undefined;
    const category = byCategory ? "c.category_ref" : "min(c.category_ref)";
    const sql = `SELECT ${category}, c.provenance_ref, count(*) FROM consumptions c
      WHERE ${where.sql} GROUP BY ${byCategory ? "c.category_ref, " : ""}c.provenance_ref`;
    const groups = this.#statement(sql)
      .raw(true)
      .all(...where.params) as [number, number | null, number][];
    let total = 0;
    for (const [categoryRef, ref, consumptions] of groups) {
      const calculation: Calculation = this.#refs.calculation(ref);
      total += consumptions * this.#decode.lineCount(categoryRef, calculation, filter);
    }
    return total;
  }

  /** The first line of a consumption (its direct line), or undefined without the consumption. */
  first(consumptionId: string): Emission | undefined {
    this.#refs.ensure();
    const [row] = this.#statement(`${SELECT} WHERE c.id = ?`)
      .raw(true)
      .all(consumptionId.toLowerCase()) as RowTuple[];
    return row === undefined ? undefined : this.#decode.emission(row);
  }

  /**
   * What `list` pages, as keysets merged in list order (one per company, or the one company the
   * filter pins): each row read gives the consumption's lines the filter keeps.
   */
  keysets(filter: EmissionFilter): Keyset<RowTuple, readonly Emission[]>[] {
    const where = whereOf(filter, this.#ctx, true);
    const lines = lineFilterOf(filter, this.#ctx.catalog);
    return this.#keysets(where, (row) => this.#decode.lines(row, lines));
  }

  #keysets<T>(where: Where, decode: (row: RowTuple) => T): Keyset<RowTuple, T>[] {
    return rowKeysets(where, this.#ctx, this.#refs, decode);
  }

  /**
   * Every matching line in list order, one consumption row at a time (`Statement.iterate`).
   * While it is open the connection runs no other statement: consume it, then use the service.
   */
  *iterate(filter: EmissionFilter): Generator<Emission, void, undefined> {
    const where = whereOf(filter, this.#ctx, true);
    const lines = lineFilterOf(filter, this.#ctx.catalog);
    this.#refs.ensure();
    const statement = this.#db
      .prepare<unknown[], unknown>(`${SELECT} WHERE ${where.sql} ${ORDER}`)
      .raw(true);
    for (const row of statement.iterate(...where.params)) {
      // A parsed boundary: ROW_COLUMNS decides the tuple's shape.
      yield* this.#decode.lines(row as RowTuple, lines);
    }
  }
}
