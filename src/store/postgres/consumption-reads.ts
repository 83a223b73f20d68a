/**
 * Reads of consumptions and of their emission lines on PostgreSQL: the rows the SQLite store's
 * reads answer (src/store/sqlite/consumption-reads.ts), in the same order (start date, then
 * stored order: the row's `ref`, what SQLite's rowid is there), as the same tuples. Keys stay
 * keys: what they stand for is in PostgresRowReferences, and decoding a row is the rules'.
 *
 * A company's rows are read on consumptions_by_company (company_ref, start_date, ref) in order,
 * by keyset; a read of every company's takes each company's next rows on that index and merges
 * them (one statement, LATERAL), so no index over every company's rows is needed.
 */
import { isUuid } from "../../core/ids.js";
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
import { type LinePosition, type LinePositions, weightsKey } from "../line-positions.js";
import type { SharedLists, TransactionVersions } from "./consumption-versions.js";
import type { PostgresRowReferences } from "./row-references.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

/**
 * The columns a read takes from `consumptions c`: those of ConsumptionReadRow up to the key
 * to a custom input and the bill's kWh per m3, then what certificates cover (covered and
 * metered kWh), from which `rowOf` works out the market-based figure and the uncovered share.
 */
export const COLUMNS = `c.id, c.entity_id, c.company_ref, c.building_ref, c.category_ref,
  c.start_date, c.end_date, c.quantity, c.unit, c.created_at, c.updated_at, c.co2e, c.co2, c.ch4,
  c.n2o, c.co2e_market, c.converted_quantity, c.provenance_ref, c.ref, c.input_ref, c.kwh_per_m3,
  c.covered_kwh, c.metered_kwh`;

/** A row as COLUMNS reads it (bigint and numeric already numbers: the pool parses them once). */
export type RawRow = [
  id: string,
  entityId: string,
  companyRef: number,
  buildingRef: number,
  categoryRef: number,
  startDate: number,
  endDate: number,
  quantity: number,
  unit: string,
  createdAt: number,
  updatedAt: number,
  co2e: number | null,
  co2: number | null,
  ch4: number | null,
  n2o: number | null,
  co2eMarket: number | null,
  convertedQuantity: number | null,
  calculationRef: number | null,
  ref: number,
  inputRef: number | null,
  kwhPerM3: number | null,
  coveredKwh: number | null,
  meteredKwh: number | null,
];

const SELECT = `SELECT ${COLUMNS} FROM consumptions c`;
const ORDER = "ORDER BY c.start_date, c.ref";
/** Rows read a page at a time while the row holding a line is looked for. */
const ROWS_A_PAGE = 500;
/** Ids a statement takes at most. */
const IDS_A_STATEMENT = 5000;

/**
 * The market-based figure with the kWh certificates cover left out, and the share no
 * certificate covers: the SQLite store's MARKET_FIGURE and UNCOVERED_SHARE (certificate-cover.ts),
 * worked out in the same order in doubles (SQLite's REAL), so both stores answer the same bits;
 * a division by no metered kWh is null, as SQLite's.
 */
export function rowOf(raw: readonly [...RawRow, ...unknown[]]): ConsumptionReadRow {
  const covered = raw[21];
  const metered = raw[22];
  const market = raw[15];
  let figure = market;
  let share: number | null = 1;
  if (covered !== null) {
    const uncovered = metered === null || metered === 0 ? null : metered - covered;
    share = uncovered === null || metered === null ? null : uncovered / metered;
    figure =
      market === null || uncovered === null || metered === null
        ? null
        : (market * uncovered) / metered;
  }
  return [
    raw[0],
    raw[1],
    raw[2],
    raw[3],
    raw[4],
    raw[5],
    raw[6],
    raw[7],
    raw[8],
    raw[9],
    raw[10],
    raw[11],
    raw[12],
    raw[13],
    raw[14],
    figure,
    raw[16],
    raw[17],
    raw[18],
    raw[19],
    raw[20],
    // A parsed boundary: the share of a covered row with metered kWh is a number, as SQLite's.
    share as number,
  ];
}

/** A WHERE clause over `consumptions c` and its parameters ($1, $2, … in order). */
export interface Where {
  readonly clauses: readonly string[];
  readonly params: readonly unknown[];
  /** The filter's one company, when it names one. */
  readonly companyRef: number | undefined;
}

function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

function nextDayStart(day: string): number {
  const date = new Date(dayStart(day));
  date.setUTCDate(date.getUTCDate() + 1);
  return date.getTime();
}

/** Calculation records with a derived line, of any category. */
const WITH_DERIVED_LINES =
  "c.provenance_ref IN (SELECT calculation_ref FROM emission_lines WHERE category_ref IS NOT NULL)";

/**
 * A condition on categories. The refs go as one array parameter: a scope names thousands of
 * categories, which inlined would make a statement PostgreSQL parses and plans at length.
 */
function categoryClause(condition: CategoryCondition, param: (value: unknown) => string): string {
  const { refs } = condition;
  if (refs.length === 0) return condition.orDerivedLine === "any" ? WITH_DERIVED_LINES : "false";
  const marks = param([...refs]);
  const own = `c.category_ref = ANY(${marks}::bigint[])`;
  if (condition.orDerivedLine === "any") return `(${own} OR ${WITH_DERIVED_LINES})`;
  if (condition.orDerivedLine === "ofRefs") {
    const derived = `c.provenance_ref IN (SELECT calculation_ref FROM emission_lines WHERE category_ref = ANY(${marks}::bigint[]))`;
    return `(${own} OR ${derived})`;
  }
  return own;
}

/** A filter the kept counts answer: every row of one company, or every row. */
interface Counted {
  readonly where: string;
  readonly params: unknown[];
}

/**
 * The filter as the kept counts can answer it (it names at most a company), else undefined.
 * A category of a count is one with rows in it (`n > 0` once summed).
 */
function countedCompany(filter: ConsumptionRowFilter): Counted | undefined {
  const { companyRef, ...others } = filter;
  if (Object.values(others).some((value) => value !== undefined)) return undefined;
  return companyRef === undefined
    ? { where: " WHERE k.n <> 0", params: [] }
    : { where: " WHERE k.company_ref = $1 AND k.n <> 0", params: [companyRef] };
}

/** The clauses of a filter, its parameters numbered from 1. */
export function whereOf(filter: ConsumptionRowFilter): Where {
  if (filter.none === true) return { clauses: ["false"], params: [], companyRef: undefined };
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.companyRef !== undefined) clauses.push(`c.company_ref = ${param(filter.companyRef)}`);
  if (filter.buildingRef !== undefined) {
    clauses.push(`c.building_ref = ${param(filter.buildingRef)}`);
  }
  if (filter.to !== undefined) clauses.push(`c.start_date < ${param(nextDayStart(filter.to))}`);
  if (filter.from !== undefined) clauses.push(`c.end_date >= ${param(dayStart(filter.from))}`);
  if (filter.scopes !== undefined) clauses.push(categoryClause(filter.scopes, param));
  if (filter.entityIds !== undefined) {
    clauses.push(`c.entity_id = ANY(${param([...filter.entityIds])}::text[])`);
  }
  if (filter.categories !== undefined) {
    clauses.push(categoryClause(filter.categories, param));
  }
  return { clauses, params, companyRef: filter.companyRef };
}

/** A filter as one string: the lists a store keeps are told apart by it. */
function listKey(filter: ConsumptionRowFilter): string {
  const where = whereOf(filter);
  return `${where.clauses.join(" AND ")}|${JSON.stringify(where.params)}`;
}

function whereSql(clauses: readonly string[]): string {
  return clauses.length === 0 ? "" : ` WHERE ${clauses.join(" AND ")}`;
}

/** Rows skipped, then rows taken. */
interface Window {
  readonly limit: number;
  readonly offset: number;
}

/** Where rows of the list continue: after this (start date, ref). */
type After = readonly [startDate: number, ref: number];

/** Where a read starts: after a row's key, or at it. */
interface From {
  readonly key: After;
  readonly inclusive: boolean;
}

/**
 * The statement of `columns` (of `consumptions c`, the order's among them) of the rows of a filter
 * in list order from `from` (the first without), skipping `offset` and taking `limit`. A filter
 * of one company reads its index in order; one of every company takes each company's first
 * `offset + limit` rows on its index and merges them.
 */
function orderedSql(
  where: Where,
  from: From | undefined,
  window: Window,
  columns = COLUMNS,
): { text: string; values: unknown[] } {
  const values = [...where.params];
  const param = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const clauses = [...where.clauses];
  if (from !== undefined) {
    const [startDate, ref] = from.key;
    const after = from.inclusive ? ">=" : ">";
    clauses.push(
      `(c.start_date, c.ref) ${after} (${param(startDate)}::bigint, ${param(ref)}::bigint)`,
    );
  }
  const select = `SELECT ${columns} FROM consumptions c`;
  if (where.companyRef !== undefined) {
    const text = `${select}${whereSql(clauses)} ${ORDER} LIMIT ${param(window.limit)} OFFSET ${param(window.offset)}`;
    return { text, values };
  }
  const each = param(window.offset + window.limit);
  const text = `SELECT r.* FROM companies co CROSS JOIN LATERAL (
      ${select}${whereSql(["c.company_ref = co.ref", ...clauses])} ${ORDER} LIMIT ${each}
    ) r ORDER BY r.start_date, r.ref LIMIT ${param(window.limit)} OFFSET ${param(window.offset)}`;
  return { text, values };
}

/**
 * COLUMNS and the row's building (id, name): what a page's rows name, read in the statement
 * that reads them rather than in one more.
 */
const WITH_BUILDINGS = `${COLUMNS},
  (SELECT b.id FROM buildings b WHERE b.ref = c.building_ref) AS building_id,
  (SELECT b.name FROM buildings b WHERE b.ref = c.building_ref) AS building_name`;
type RowWithBuilding = [...RawRow, buildingId: string, buildingName: string];

/** What passing over a row by its lines reads of it: its place, category and record. */
const PASS_COLUMNS = "c.start_date, c.ref, c.category_ref, c.provenance_ref";
type PassRow = [startDate: number, ref: number, categoryRef: number, calculationRef: number | null];

/** Lines of a row by its (category, record), as a request weighs them. */
function weigher(
  request: LinePageRequest,
): (categoryRef: number, calculationRef: number | null) => number | undefined {
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
    ? (categoryRef, calculationRef) => byPair.get(categoryRef)?.get(calculationRef)
    : (_categoryRef, calculationRef) => byRecord.get(calculationRef);
}

export class PostgresConsumptionReads implements ConsumptionReadTable {
  readonly #db: Queryable;
  readonly #references: PostgresRowReferences;

  /** Rows a page of `linePage` reads (fewer in tests, to read many pages of a few rows). */
  readonly #rowsAPage: number;
  /**
   * What read-only transactions of the store worked out of a company's rows, by its version of
   * them; undefined in a transaction that writes (what it sees may yet roll back).
   */
  readonly #lists: { shared: SharedLists; versions: TransactionVersions } | undefined;

  constructor(
    db: Queryable,
    references: PostgresRowReferences,
    rowsAPage = ROWS_A_PAGE,
    lists?: { shared: SharedLists; versions: TransactionVersions },
  ) {
    this.#db = db;
    this.#references = references;
    this.#rowsAPage = rowsAPage;
    this.#lists = lists;
  }

  /** Rows of a statement as tuples, what their keys name read along. */
  async #rows(text: string, values: readonly unknown[]): Promise<ConsumptionReadRow[]> {
    const found = await this.#db.query<RawRow>({ text, values: [...values], rowMode: "array" });
    const rows = found.rows.map(rowOf);
    await this.#references.cover(rows);
    return rows;
  }

  /** `#rows` of a statement of WITH_BUILDINGS: the rows' buildings come with them. */
  async #rowsWithBuildings(text: string, values: readonly unknown[]) {
    const found = await this.#db.query<RowWithBuilding>({
      text,
      values: [...values],
      rowMode: "array",
    });
    for (const raw of found.rows) {
      this.#references.knowBuilding(raw[3], { id: raw[23], name: raw[24] });
    }
    const rows = found.rows.map(rowOf);
    await this.#references.cover(rows);
    return rows;
  }

  async find(id: string): Promise<ConsumptionReadRow | undefined> {
    if (!isUuid(id)) return undefined;
    return (await this.#rows(`${SELECT} WHERE c.id = $1`, [id]))[0];
  }

  /** The rows of these store keys (what an overlap index keeps instead of ids). */
  async atRefs(refs: readonly number[]): Promise<ConsumptionReadRow[]> {
    const rows: ConsumptionReadRow[] = [];
    for (let start = 0; start < refs.length; start += IDS_A_STATEMENT) {
      const some = refs.slice(start, start + IDS_A_STATEMENT);
      rows.push(...(await this.#rows(`${SELECT} WHERE c.ref = ANY($1::bigint[])`, [some])));
    }
    return rows;
  }

  /** The rows of these ids (lower case). */
  async byIds(ids: readonly string[]): Promise<ConsumptionReadRow[]> {
    const wanted = uuidsOf(ids);
    const rows: ConsumptionReadRow[] = [];
    for (let start = 0; start < wanted.length; start += IDS_A_STATEMENT) {
      const some = wanted.slice(start, start + IDS_A_STATEMENT);
      rows.push(...(await this.#rows(`${SELECT} WHERE c.id = ANY($1::uuid[])`, [some])));
    }
    return rows;
  }

  async storedIds(ids: readonly string[]): Promise<Set<string>> {
    const wanted = uuidsOf(ids);
    const stored = new Set<string>();
    for (let start = 0; start < wanted.length; start += IDS_A_STATEMENT) {
      const found = await this.#db.query<{ id: string }>(
        "SELECT id FROM consumptions WHERE id = ANY($1::uuid[])",
        [wanted.slice(start, start + IDS_A_STATEMENT)],
      );
      for (const row of found.rows) stored.add(row.id);
    }
    return stored;
  }

  async list(filter: ConsumptionRowFilter, window: Window): Promise<ConsumptionReadRow[]> {
    const { text, values } = orderedSql(whereOf(filter), undefined, window);
    return this.#rows(text, values);
  }

  async count(filter: ConsumptionRowFilter): Promise<number> {
    const company = countedCompany(filter);
    if (company !== undefined) {
      const found = await this.#db.query<{ count: number }>(
        `SELECT coalesce(sum(n), 0) AS count FROM consumption_counts k${company.where}`,
        company.params,
      );
      return Number(found.rows[0]?.count ?? 0);
    }
    const where = whereOf(filter);
    const found = await this.#db.query<{ count: number }>(
      `SELECT count(*) AS count FROM consumptions c${whereSql(where.clauses)}`,
      [...where.params],
    );
    return Number(found.rows[0]?.count ?? 0);
  }

  /** In the order of the group's keys, nulls first, as SQLite groups them. */
  async countByCalculation(
    filter: ConsumptionRowFilter,
    byCategory: boolean,
  ): Promise<readonly CalculationCount[]> {
    const lists = this.#lists;
    const companyRef = filter.none === true ? undefined : filter.companyRef;
    if (lists === undefined || companyRef === undefined) {
      return this.#countByCalculation(filter, byCategory);
    }
    const version = await lists.versions.get(companyRef);
    return lists.shared.counts(companyRef, version, `${listKey(filter)}|${byCategory}`, () =>
      this.#countByCalculation(filter, byCategory),
    );
  }

  async #countByCalculation(
    filter: ConsumptionRowFilter,
    byCategory: boolean,
  ): Promise<CalculationCount[]> {
    const company = countedCompany(filter);
    if (company !== undefined) return this.#countedByCalculation(company, byCategory);
    const where = whereOf(filter);
    const category = byCategory ? "c.category_ref" : "min(c.category_ref)";
    const groups = byCategory ? "c.category_ref, c.provenance_ref" : "c.provenance_ref";
    const order = byCategory
      ? "c.category_ref, c.provenance_ref NULLS FIRST"
      : "c.provenance_ref NULLS FIRST";
    const found = await this.#db.query<[number, number | null, number]>({
      text: `SELECT ${category}, c.provenance_ref, count(*) FROM consumptions c${whereSql(where.clauses)}
        GROUP BY ${groups} ORDER BY ${order}`,
      values: [...where.params],
      rowMode: "array",
    });
    return found.rows.map(([categoryRef, calculationRef, consumptions]) => ({
      categoryRef,
      calculationRef,
      consumptions,
    }));
  }

  /** What countByCalculation answers, from the counts the triggers keep (consumption-counts.ts). */
  async #countedByCalculation(company: Counted, byCategory: boolean): Promise<CalculationCount[]> {
    const record = "nullif(k.record_key, 0)";
    const found = await this.#db.query<[number, number | null, number]>({
      text: byCategory
        ? `SELECT k.category_ref, ${record}, sum(k.n) FROM consumption_counts k${company.where}
             GROUP BY k.category_ref, k.record_key HAVING sum(k.n) > 0
             ORDER BY k.category_ref, ${record} NULLS FIRST`
        : `SELECT min(k.category_ref), ${record}, sum(k.n) FROM consumption_counts k${company.where}
             GROUP BY k.record_key HAVING sum(k.n) > 0 ORDER BY ${record} NULLS FIRST`,
      values: company.params,
      rowMode: "array",
    });
    return found.rows.map(([categoryRef, calculationRef, consumptions]) => ({
      categoryRef,
      calculationRef,
      consumptions,
    }));
  }

  /**
   * Rows in list order from the one holding line `offset`: the rows before it are passed over by
   * their weights, read a keyset page at a time and only as far as their keys (place, category,
   * record), from the nearest place an earlier page of the list reached when the store keeps them
   * (a read-only transaction, a filter of one company: kept at the company's version); then the
   * rows wanted are read whole from the first one kept. A row of a pair the request does not
   * weigh (stored since it was counted) is where passing over stops; the caller skips the rest
   * of `skip` line by line.
   */
  async linePage(filter: ConsumptionRowFilter, request: LinePageRequest): Promise<LinePage> {
    if (request.rows <= 0) return { rows: [], skip: request.offset };
    const where = whereOf(filter);
    const positions = await this.#positions(filter, request);
    const start = positions?.nearest(request.offset);
    let from: From | undefined =
      start?.after === undefined ? undefined : { key: start.after, inclusive: false };
    let skip = request.offset - (start?.lines ?? 0);
    // At the place an earlier page started, its first row is the next one: nothing to pass.
    if (start === undefined || skip > 0) {
      const passed = await this.#pass(where, weigher(request), positions, start, skip);
      if (passed.from === undefined) return { rows: [], skip: passed.skip };
      ({ from, skip } = passed);
    }
    const window = { limit: request.rows, offset: 0 };
    const { text, values } = orderedSql(where, from, window, WITH_BUILDINGS);
    return { rows: await this.#rowsWithBuildings(text, values), skip };
  }

  /**
   * Passes over rows from `start` while they hold no more lines than `skip`, reading only their
   * keys (place, category, record): where the rows wanted start (none when the list ends first)
   * and the lines still to skip. The place reached is remembered in `positions`.
   */
  async #pass(
    where: Where,
    weight: ReturnType<typeof weigher>,
    positions: LinePositions<After> | undefined,
    start: LinePosition<After> | undefined,
    skip: number,
  ): Promise<{ from: From | undefined; skip: number }> {
    // Lines before the next row, and the key of the row before it.
    let lines = start?.lines ?? 0;
    let last = start?.after;
    let from: From | undefined = last === undefined ? undefined : { key: last, inclusive: false };
    // Rows of a line at least: the first read takes no more rows than lines to pass, and one.
    let limit = Math.min(this.#rowsAPage, skip + 1);
    for (;;) {
      const page = { limit, offset: 0 };
      const { text, values } = orderedSql(where, from, page, PASS_COLUMNS);
      const found = await this.#db.query<PassRow>({ text, values, rowMode: "array" });
      for (const [startDate, ref, categoryRef, calculationRef] of found.rows) {
        // A row of no line under the filter is passed over too: it holds no line.
        const weighs = weight(categoryRef, calculationRef);
        if (weighs !== undefined && weighs <= skip) {
          skip -= weighs;
          lines += weighs;
          last = [startDate, ref];
          continue;
        }
        positions?.add({ lines, after: last });
        return { from: { key: [startDate, ref], inclusive: true }, skip };
      }
      const end = found.rows.at(-1);
      if (end === undefined || found.rows.length < limit) return { from: undefined, skip };
      from = { key: [end[0], end[1]], inclusive: false };
      limit = this.#rowsAPage;
    }
  }

  /** Where earlier pages of this list passed, when the store keeps them for its company. */
  async #positions(
    filter: ConsumptionRowFilter,
    request: LinePageRequest,
  ): Promise<LinePositions<After> | undefined> {
    const lists = this.#lists;
    const companyRef = filter.none === true ? undefined : filter.companyRef;
    if (lists === undefined || companyRef === undefined) return undefined;
    const version = await lists.versions.get(companyRef);
    const key = `${listKey(filter)}|${weightsKey(request.weights, request.byCategory)}`;
    return lists.shared.positions(companyRef, version, key);
  }

  /**
   * Every row of a filter in list order, a keyset page at a time: the rules' RowScan, what
   * streams of emission lines and the consumption dashboard read (scannedEmissions,
   * scannedSummaryRows). The list is never held whole, and what each page's keys name is read
   * with it. Off the port, as the SQLite store's streams are.
   */
  async *pages(
    filter: ConsumptionRowFilter,
    rowsAPage = this.#rowsAPage,
  ): AsyncGenerator<readonly ConsumptionReadRow[], void, undefined> {
    const where = whereOf(filter);
    let from: From | undefined;
    for (;;) {
      const { text, values } = orderedSql(where, from, { limit: rowsAPage, offset: 0 });
      const rows = await this.#rows(text, values);
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (last === undefined || rows.length < rowsAPage) return;
      from = { key: [last[5], last[18]], inclusive: false };
    }
  }

  async references(): Promise<RowReferences> {
    return this.#references.load();
  }

  async calculations(refs: readonly (number | null)[]): Promise<CalculationRecords> {
    return this.#references.records(refs);
  }
}
