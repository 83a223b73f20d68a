import type Database from "better-sqlite3";
import type { Db } from "./database.js";

export type SqlValue = string | number;

/**
 * A list read in keyset pages: each page is the rows whose sort key comes after the last key of
 * the page before (`WHERE (a, b) > (?, ?) ORDER BY a, b LIMIT n`), so a page deep into the list
 * is one index seek, never an OFFSET scan over the rows before it.
 */
export interface Keyset<Row, T> {
  /** `SELECT … FROM …`, without WHERE. */
  readonly select: string;
  /** Filter clauses, ANDed, and their parameters in order. */
  readonly where: readonly string[];
  readonly params: readonly SqlValue[];
  /** The sort key, unique per row (it ends with an id); all ascending, or all descending. */
  readonly order: readonly string[];
  readonly descending?: boolean;
  /** Rows as arrays (`Statement.raw`) rather than objects. */
  readonly raw?: boolean;
  /** The values of `order` for a row. */
  key(row: Row): readonly SqlValue[];
  decode(row: Row): T;
  /** Runs before each page's query (e.g. to refresh a cache the decoder reads). */
  beforePage?(): void;
}

/** The SQL of a page: the first one (`after` false), or one after a key. */
export function keysetSql(keyset: Keyset<unknown, unknown>, after: boolean): string {
  const { order, descending = false } = keyset;
  const clauses = [...keyset.where];
  if (after) {
    const marks = order.map(() => "?").join(", ");
    clauses.push(`(${order.join(", ")}) ${descending ? "<" : ">"} (${marks})`);
  }
  const where = clauses.length === 0 ? "" : ` WHERE ${clauses.join(" AND ")}`;
  const by = order.map((term) => (descending ? `${term} DESC` : term)).join(", ");
  return `${keyset.select}${where} ORDER BY ${by} LIMIT ?`;
}

/** Pages of at most `limit` rows; a statement is prepared once per distinct SQL. */
export class KeysetReader {
  readonly #db: Db;
  readonly #statements = new Map<string, Database.Statement<SqlValue[], unknown>>();

  constructor(db: Db) {
    this.#db = db;
  }

  #statement(sql: string, raw: boolean): Database.Statement<SqlValue[], unknown> {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare<SqlValue[], unknown>(sql);
      this.#statements.set(sql, statement);
    }
    return statement.raw(raw);
  }

  /** One page of rows after `after` (undecoded). */
  #page<Row>(keyset: Keyset<Row, unknown>, after: readonly SqlValue[] | undefined, limit: number) {
    keyset.beforePage?.();
    const statement = this.#statement(keysetSql(keyset, after !== undefined), keyset.raw === true);
    // A parsed boundary: the keyset's select decides the row's shape.
    return statement.all(...keyset.params, ...(after ?? []), limit) as Row[];
  }

  /**
   * Each `next()` reads one page; the last page is the first shorter than `limit`. With `start`,
   * the rows after that key.
   */
  *pages<Row, T>(
    keyset: Keyset<Row, T>,
    limit: number,
    start?: readonly SqlValue[],
  ): Generator<readonly T[], void, undefined> {
    let after: readonly SqlValue[] | undefined = start;
    for (;;) {
      const rows = this.#page(keyset, after, limit);
      if (rows.length > 0) yield rows.map((row) => keyset.decode(row));
      const last = rows.at(-1);
      if (last === undefined || rows.length < limit) return;
      after = keyset.key(last);
    }
  }

  /**
   * Several keysets of one order (a list's rows, one keyset per company) read as one list in
   * that order: each is read a few rows at a time on its own index and the heads are merged, so
   * no index over all the rows is needed and at most `limit` rows (plus a page per source) are held.
   * With `start`, the rows after that key (the keysets' order is one order over all of them).
   */
  *merged<Row, T>(
    keysets: readonly Keyset<Row, T>[],
    limit: number,
    start?: readonly SqlValue[],
  ): Generator<readonly T[], void, undefined> {
    const [only] = keysets;
    if (only !== undefined && keysets.length === 1) {
      yield* this.pages(only, limit, start);
      return;
    }
    const each = Math.max(MIN_SOURCE_PAGE, Math.ceil(limit / Math.max(1, keysets.length)));
    const heads = new MergeHeap<Row>();
    const sources = keysets.map((keyset) => ({ keyset, rows: [] as Row[], at: 0, done: false }));
    const refill = (index: number): void => {
      const source = sources[index];
      if (source === undefined || source.done) return;
      const last = source.rows.at(-1);
      source.rows = this.#page(
        source.keyset,
        last === undefined ? start : source.keyset.key(last),
        each,
      );
      source.at = 0;
      source.done = source.rows.length < each;
      const first = source.rows[0];
      if (first !== undefined)
        heads.push({ source: index, key: source.keyset.key(first), row: first });
    };
    for (let index = 0; index < sources.length; index += 1) refill(index);
    let page: T[] = [];
    for (let head = heads.pop(); head !== undefined; head = heads.pop()) {
      const source = sources[head.source];
      if (source === undefined) continue;
      page.push(source.keyset.decode(head.row));
      source.at += 1;
      const next = source.rows[source.at];
      if (next !== undefined)
        heads.push({ source: head.source, key: source.keyset.key(next), row: next });
      else if (!source.done) refill(head.source);
      if (page.length === limit) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }
}

/** Rows read from each source at least, when several keysets are merged. */
const MIN_SOURCE_PAGE = 32;

/** Sort keys compared term by term (numbers as numbers, text as text). */
function compareKeys(a: readonly SqlValue[], b: readonly SqlValue[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

interface Head<Row> {
  readonly source: number;
  readonly key: readonly SqlValue[];
  readonly row: Row;
}

/** A binary min-heap of the sources' next rows, by key. */
class MergeHeap<Row> {
  readonly #items: Head<Row>[] = [];

  push(item: Head<Row>): void {
    const items = this.#items;
    items.push(item);
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const above = items[parent];
      if (above === undefined || compareKeys(above.key, item.key) <= 0) break;
      items[at] = above;
      at = parent;
    }
    items[at] = item;
  }

  pop(): Head<Row> | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let smallest = at;
      let smallestKey = last.key;
      const l = items[left];
      if (l !== undefined && compareKeys(l.key, smallestKey) < 0) {
        smallest = left;
        smallestKey = l.key;
      }
      const r = items[right];
      if (r !== undefined && compareKeys(r.key, smallestKey) < 0) smallest = right;
      if (smallest === at) break;
      const child = items[smallest];
      if (child === undefined) break;
      items[at] = child;
      at = smallest;
    }
    items[at] = last;
    return top;
  }
}
