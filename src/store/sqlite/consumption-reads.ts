/**
 * Reads of consumptions in SQLite: rows of `consumptions c` as tuples (ROW_COLUMNS), in list
 * order (start date, then the row's place in the table), by page, by keyset (streams) or one
 * statement iterated (exports, dashboards). Refs stay refs: what they stand for is in
 * ReferenceMaps, and decoding a row is the rules' (src/rules/consumption-rows.ts).
 *
 * Emission lines are not rows of their own: each consumption row gives its lines. A page of lines
 * deep in the list skips the rows before it by their line counts (`linePage`, the weights the
 * rules worked out per calculation record) without decoding them.
 */
import type Database from "better-sqlite3";
import type { ConsumptionSummaryRow } from "../../engine/summary.js";
import type {
  CalculationCount,
  CalculationRecords,
  CategoryCondition,
  ConsumptionReadRow,
  ConsumptionReadTable,
  ConsumptionRowFilter,
  LinePage,
  LinePageRequest,
  RowReferences,
} from "../../rules/store.js";
import { LinePositions, weightsKey } from "../line-positions.js";
import { MARKET_FIGURE, UNCOVERED_SHARE } from "./certificate-cover.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import { type Keyset, KeysetReader, type SqlValue } from "./keyset.js";
import type { ReferenceMaps } from "./reference-maps.js";
import { StoredDates } from "./stored-dates.js";
import { UntilChanged } from "./until-changed.js";

/**
 * The columns every read takes from `consumptions c`, in the order of ConsumptionReadRow. Refs
 * are turned into ids in memory (ReferenceMaps, CategoryCatalog): no joins, no repeated strings.
 * The market-based figure leaves out the share of kWh that certificates cover
 * (certificate-cover.ts); the uncovered share itself scales the market-based figures of a split
 * consumption's parts.
 */
export const ROW_COLUMNS = `c.id, c.entity_id, c.company_ref, c.building_ref, c.category_ref,
  c.start_date, c.end_date, c.quantity, c.unit, c.created_at, c.updated_at, c.co2e, c.co2, c.ch4,
  c.n2o, ${MARKET_FIGURE}, c.converted_quantity, c.provenance_ref, c.rowid, c.input_ref,
  c.kwh_per_m3, ${UNCOVERED_SHARE}`;

/** A row as ROW_COLUMNS reads it; `position` is the rowid. */
export type RowTuple = ConsumptionReadRow;

type Statement = Database.Statement<unknown[], unknown>;

const SELECT = `SELECT ${ROW_COLUMNS} FROM consumptions c`;
/**
 * The list order: start date, then the row's place in the table (rowid). Both are in every index
 * of consumptions (SQLite appends the rowid), so a company's rows are read in this order on
 * consumptions_by_company without sorting, and no index over (start_date, id) has to be built by
 * every import.
 */
const ORDER = "ORDER BY c.start_date, c.rowid";
/** Rows read a page at a time while the row holding a line is looked for. */
const ROWS_A_PAGE = 500;

/** A WHERE clause over `consumptions c` and its parameters. */
export interface Where {
  readonly sql: string;
  readonly params: readonly (string | number)[];
  /** True when `sql` holds `c.company_ref = ?` (or matches nothing). */
  readonly pinsCompany: boolean;
}

/** The stored form (integer milliseconds, stored-dates.ts) of the start of a day... */
function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** ...and of the start of the next one. */
function nextDayStart(day: string): number {
  const date = new Date(dayStart(day));
  date.setUTCDate(date.getUTCDate() + 1);
  return date.getTime();
}

/** Calculation records with a derived line, of any category. */
const WITH_DERIVED_LINES =
  "c.provenance_ref IN (SELECT calculation_ref FROM emission_lines WHERE category_ref IS NOT NULL)";

/** A condition on categories; category refs are our own integers: safe to inline. */
function categoryClause(condition: CategoryCondition): string {
  const { refs } = condition;
  const own = refs.length === 0 ? "0" : `c.category_ref IN (${refs.join(", ")})`;
  if (condition.orDerivedLine === "any") return `(${own} OR ${WITH_DERIVED_LINES})`;
  if (condition.orDerivedLine === "ofRefs" && refs.length > 0) {
    const derived = `c.provenance_ref IN (SELECT calculation_ref FROM emission_lines WHERE category_ref IN (${refs.join(", ")}))`;
    return `(${own} OR ${derived})`;
  }
  return own;
}

/**
 * The clause of a filter. A company's rows are read on the (company_ref, start_date) index, which
 * a building filter uses too (its company is pinned with it).
 */
export function whereOf(filter: ConsumptionRowFilter): Where {
  if (filter.none === true) return { sql: "0", params: [], pinsCompany: true };
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.companyRef !== undefined) {
    clauses.push("c.company_ref = ?");
    params.push(filter.companyRef);
  }
  if (filter.buildingRef !== undefined) {
    clauses.push("c.building_ref = ?");
    params.push(filter.buildingRef);
  }
  if (filter.to !== undefined) {
    clauses.push("c.start_date < ?");
    params.push(nextDayStart(filter.to));
  }
  if (filter.from !== undefined) {
    clauses.push("c.end_date >= ?");
    params.push(dayStart(filter.from));
  }
  if (filter.scopes !== undefined) clauses.push(categoryClause(filter.scopes));
  if (filter.entityIds !== undefined) {
    clauses.push(`c.entity_id IN (${filter.entityIds.map(() => "?").join(", ")})`);
    params.push(...filter.entityIds);
  }
  if (filter.categories !== undefined) clauses.push(categoryClause(filter.categories));
  return {
    sql: clauses.length === 0 ? "1" : clauses.join(" AND "),
    params,
    pinsCompany: filter.companyRef !== undefined,
  };
}

/** Lines of a row by its (category, record), as a request weighs them. */
function weigher(request: LinePageRequest): (row: RowTuple) => number | undefined {
  const byRecord = new Map<number | null, number>();
  const byPair = new Map<number, Map<number | null, number>>();
  for (const { categoryRef, calculationRef, lines } of request.weights) {
    if (!request.byCategory) {
      byRecord.set(calculationRef, lines);
      continue;
    }
    let byRef = byPair.get(categoryRef);
    if (byRef === undefined) {
      byRef = new Map();
      byPair.set(categoryRef, byRef);
    }
    byRef.set(calculationRef, lines);
  }
  return request.byCategory
    ? (row) => byPair.get(row[4])?.get(row[17])
    : (row) => byRecord.get(row[17]);
}

export class ConsumptionReadRepository implements ConsumptionReadTable {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #references: ReferenceMaps;
  readonly #reader: KeysetReader;
  /** Statements prepared once per distinct filter shape. */
  readonly #statements = new Map<string, Statement>();
  /** Totals of a filter, counted once until the data changes (every page asks for them). */
  readonly #counts: UntilChanged<number>;
  readonly #groups: UntilChanged<readonly CalculationCount[]>;
  /** Where the lines of a list start, by the places pages passed (linePage). */
  readonly #positions: UntilChanged<LinePositions<readonly SqlValue[]>>;

  constructor(db: Db, companies: CompanyRepository, references: ReferenceMaps) {
    this.#db = db;
    this.#companies = companies;
    this.#references = references;
    this.#reader = new KeysetReader(db);
    this.#counts = new UntilChanged(db);
    this.#groups = new UntilChanged(db);
    this.#positions = new UntilChanged(db);
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
    // A parsed boundary: ROW_COLUMNS decides the tuple's shape.
    return this.#statement(sql)
      .raw(true)
      .all(...params) as RowTuple[];
  }

  find(id: string): RowTuple | undefined {
    return this.#rows(`${SELECT} WHERE c.id = ?`, [id])[0];
  }

  /** The row at a rowid (what an overlap index keeps instead of its id). */
  at(rowid: number): RowTuple | undefined {
    return this.#rows(`${SELECT} WHERE c.rowid = ?`, [rowid])[0];
  }

  storedIds(ids: readonly string[]): Set<string> {
    if (ids.length === 0) return new Set();
    const found = this.#statement(
      "SELECT id FROM consumptions WHERE id IN (SELECT value FROM json_each(?))",
    )
      .pluck(true)
      .all(JSON.stringify(ids)) as string[];
    return new Set(found);
  }

  list(filter: ConsumptionRowFilter, window: { limit: number; offset: number }): RowTuple[] {
    const where = whereOf(filter);
    return this.#rows(`${SELECT} WHERE ${where.sql} ${ORDER} LIMIT ? OFFSET ?`, [
      ...where.params,
      window.limit,
      window.offset,
    ]);
  }

  count(filter: ConsumptionRowFilter): number {
    const where = whereOf(filter);
    const sql = `SELECT count(*) FROM consumptions c WHERE ${where.sql}`;
    return this.#counts.get(`${sql}|${JSON.stringify(where.params)}`, () => {
      const value = this.#statement(sql)
        .pluck(true)
        .get(...where.params);
      return typeof value === "number" ? value : 0;
    });
  }

  countByCalculation(
    filter: ConsumptionRowFilter,
    byCategory: boolean,
  ): readonly CalculationCount[] {
    const where = whereOf(filter);
    const category = byCategory ? "c.category_ref" : "min(c.category_ref)";
    const sqlOf = (table: string) => `SELECT ${category}, c.provenance_ref, count(*) FROM ${table}
      WHERE ${where.sql} GROUP BY ${byCategory ? "c.category_ref, " : ""}c.provenance_ref`;
    const sql = sqlOf("consumptions c");
    return this.#groups.get(`${sql}|${JSON.stringify(where.params)}`, () => {
      // A company of most of the table: reading the table through is quicker than reading its
      // rows one by one from its index.
      const read = this.#mostOfTheTable(filter) ? sqlOf("consumptions c NOT INDEXED") : sql;
      const groups = this.#statement(read)
        .raw(true)
        .all(...where.params) as [number, number | null, number][];
      return groups.map(([categoryRef, calculationRef, consumptions]) => ({
        categoryRef,
        calculationRef,
        consumptions,
      }));
    });
  }

  /**
   * True when the filter names one company and nothing else, and that company has more than
   * half of the table's rows (counted on its index, which holds nothing else to read).
   */
  #mostOfTheTable(filter: ConsumptionRowFilter): boolean {
    const { companyRef, ...others } = filter;
    if (companyRef === undefined || Object.values(others).some((v) => v !== undefined)) {
      return false;
    }
    const count = (sql: string, ...params: number[]) => {
      const value = this.#statement(sql)
        .pluck(true)
        .get(...params);
      return typeof value === "number" ? value : 0;
    };
    const all = count("SELECT count(*) FROM consumptions");
    return 2 * count("SELECT count(*) FROM consumptions WHERE company_ref = ?", companyRef) > all;
  }

  /**
   * Rows in list order from the one holding line `offset`: the rows before it are passed over by
   * their weights, undecoded, from the nearest place an earlier page of the list passed (kept
   * until the data changes). A row of a pair the request does not weigh (stored since it was
   * counted) is where passing over stops; the caller skips the rest of `skip` line by line.
   */
  linePage(filter: ConsumptionRowFilter, request: LinePageRequest): LinePage {
    const weight = weigher(request);
    const rows: RowTuple[] = [];
    if (request.rows <= 0) return { rows, skip: request.offset };
    const where = whereOf(filter);
    const list = `${where.sql}|${JSON.stringify(where.params)}|${weightsKey(request.weights, request.byCategory)}`;
    const positions = this.#positions.get(list, () => new LinePositions<readonly SqlValue[]>());
    const start = positions.nearest(request.offset);
    let skip = request.offset - start.lines;
    // Lines before the next row, and the key of the row before it.
    let lines = start.lines;
    let last = start.after;
    let passed = 0;
    const pages = this.#reader.merged(
      this.keysets(where, (row) => row, false),
      ROWS_A_PAGE,
      start.after,
    );
    for (const page of pages) {
      for (const row of page) {
        // A row of no line under the filter is passed over too: it holds no line.
        if (rows.length === 0) {
          const weighs = weight(row);
          if (weighs !== undefined && weighs <= skip) {
            skip -= weighs;
            lines += weighs;
            last = [row[5], row[18]];
            passed += 1;
            if (passed % ROWS_A_PAGE === 0) positions.add({ lines, after: last });
            continue;
          }
          positions.add({ lines, after: last });
        }
        rows.push(row);
        if (rows.length === request.rows) return { rows, skip };
      }
    }
    return { rows, skip };
  }

  references(): RowReferences {
    this.#references.ensure();
    return this.#references;
  }

  /** Every record is in memory once loaded: the maps answer for any page. */
  calculations(refs: readonly (number | null)[]): CalculationRecords {
    if (!this.#references.holds(refs)) this.#references.ensure();
    return this.#references;
  }

  /**
   * Rows in list order as keysets merged by `KeysetReader.merged`: one per company (each read on
   * consumptions_by_company), or the one company the filter pins. Kept for streams, off the port.
   * With `refresh`, each page first reloads the reference maps a decoder reads.
   */
  keysets<T>(where: Where, decode: (row: RowTuple) => T, refresh = true): Keyset<RowTuple, T>[] {
    const references = this.#references;
    const keyset = (clauses: readonly string[], params: readonly (string | number)[]) => ({
      select: SELECT,
      where: clauses,
      params,
      order: ["c.start_date", "c.rowid"],
      raw: true,
      key: (row: RowTuple) => [row[5], row[18]],
      decode,
      ...(refresh ? { beforePage: () => references.ensure() } : {}),
    });
    if (where.pinsCompany) return [keyset([where.sql], where.params)];
    return this.#companies
      .refs()
      .map((ref) => keyset(["c.company_ref = ?", where.sql], [ref, ...where.params]));
  }

  /**
   * Every matching row in list order, one at a time (`Statement.iterate`), the reference maps
   * loaded first. While it is open the connection runs no other statement: consume it first.
   * The statement's own iterator: no generator between it and the caller's loop.
   */
  iterate(filter: ConsumptionRowFilter): IterableIterator<RowTuple> {
    const where = whereOf(filter);
    this.#references.ensure();
    const statement = this.#db
      .prepare<unknown[], unknown>(`${SELECT} WHERE ${where.sql} ${ORDER}`)
      .raw(true);
    // A parsed boundary: ROW_COLUMNS decides the tuple's shape.
    return statement.iterate(...where.params) as IterableIterator<RowTuple>;
  }

  /** What the consumption dashboard adds up, in no particular order. */
  *summaryRows(filter: ConsumptionRowFilter): Generator<ConsumptionSummaryRow, void, undefined> {
    const where = whereOf(filter);
    const statement = this.#db
      .prepare<unknown[], unknown>(
        `SELECT c.category_ref, c.start_date, c.end_date, c.quantity, c.unit, c.co2e IS NULL
           FROM consumptions c WHERE ${where.sql}`,
      )
      .raw(true);
    const catalog = this.#references.categories;
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
