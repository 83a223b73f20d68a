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

  /** Each `next()` reads one page; the last page is the first shorter than `limit`. */
  *pages<Row, T>(keyset: Keyset<Row, T>, limit: number): Generator<readonly T[], void, undefined> {
    let after: readonly SqlValue[] | undefined;
    for (;;) {
      keyset.beforePage?.();
      const statement = this.#statement(
        keysetSql(keyset, after !== undefined),
        keyset.raw === true,
      );
      // A parsed boundary: the keyset's select decides the row's shape.
      const rows = statement.all(...keyset.params, ...(after ?? []), limit) as Row[];
      if (rows.length > 0) yield rows.map((row) => keyset.decode(row));
      const last = rows.at(-1);
      if (last === undefined || rows.length < limit) return;
      after = keyset.key(last);
    }
  }
}
