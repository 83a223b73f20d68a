import type Database from "better-sqlite3";
import type { Db } from "./database.js";

type Statement = Database.Statement<unknown[], unknown>;

/** Prepared statements that differ only in how many rows or ids they take, made once each. */
export class StatementCache {
  readonly #db: Db;
  readonly #sqlOf: (count: number) => string;
  readonly #statements = new Map<number, Statement>();

  constructor(db: Db, sqlOf: (count: number) => string) {
    this.#db = db;
    this.#sqlOf = sqlOf;
  }

  get(count: number): Statement {
    let statement = this.#statements.get(count);
    if (statement === undefined) {
      statement = this.#db.prepare<unknown[], unknown>(this.#sqlOf(count));
      this.#statements.set(count, statement);
    }
    return statement;
  }
}
