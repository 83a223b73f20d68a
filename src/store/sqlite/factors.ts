/**
 * The factor library in SQLite as the rules read it: the current release's rows listed, the
 * releases kept (library-store.ts) and the database's calculation policy (resolution-schema.ts).
 */
import type { CalculationPolicy } from "../../core/model/calculation-policy.js";
import type { Page } from "../../core/model/common.js";
import type { EmissionFactor } from "../../core/model/factor.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { FactorQuery } from "../../core/ports/factors.js";
import type { FactorTable, StoredRelease } from "../../rules/store.js";
import { FACTOR_COLUMNS, type FactorRow, factorFromRow } from "../../shipped/factor-rows.js";
import { factorOrderTerms } from "../stored-library.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { LibraryStore } from "./library-store.js";
import { readPolicy, writePolicy } from "./resolution-schema.js";

const ORDER_TERMS = factorOrderTerms((column) => `ifnull(${column}, '')`);

/** The clauses of a query's key and country filters, and their parameters. */
function filterOf(query: Omit<FactorQuery, "page" | "limit">): {
  where: string[];
  params: SqlValue[];
} {
  // The current release's rows (library-store.ts keeps the earlier ones too).
  const where: string[] = ["last_release IS NULL"];
  const params: SqlValue[] = [];
  if (query.key !== undefined) {
    where.push("key = ?");
    params.push(query.key.trim());
  }
  if (query.country !== undefined) {
    where.push("country = ?");
    params.push(query.country.trim().toUpperCase());
  }
  return { where, params };
}

export class FactorRepository implements FactorTable {
  readonly #db: Db;
  readonly #library: LibraryStore;

  constructor(db: Db) {
    this.#db = db;
    this.#library = new LibraryStore(db);
  }

  list(query: FactorQuery): Page<EmissionFactor> {
    const window = pageWindow(query);
    const { where: clauses, params } = filterOf(query);
    const where = `WHERE ${clauses.join(" AND ")}`;
    const rows = this.#db
      .prepare<unknown[], FactorRow>(
        `SELECT ${FACTOR_COLUMNS} FROM emission_factors ${where}
         ORDER BY ${ORDER_TERMS.join(", ")} LIMIT ? OFFSET ?`,
      )
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<unknown[], number>(`SELECT count(*) FROM emission_factors ${where}`)
      .pluck()
      .get(...params);
    return pageOf(rows.map(factorFromRow), window, total ?? 0);
  }

  /** What `list` pages, for keyset pages. */
  keyset(query: Omit<FactorQuery, "page" | "limit">): Keyset<FactorRow, EmissionFactor> {
    return {
      select: `SELECT ${FACTOR_COLUMNS} FROM emission_factors`,
      ...filterOf(query),
      order: ORDER_TERMS,
      key: (row) => [row.key, row.country ?? "", row.year, row.priority, row.id],
      decode: factorFromRow,
    };
  }

  releases(): StoredRelease[] {
    return this.#library.releases();
  }

  release(versionOrName: string): StoredRelease | undefined {
    return this.#library.release(versionOrName);
  }

  factorsOf(releaseRef: number): EmissionFactor[] {
    return this.#library.rowsOf(releaseRef);
  }

  policy(): CalculationPolicy {
    return readPolicy(this.#db);
  }

  savePolicy(policy: CalculationPolicy): void {
    writePolicy(this.#db, policy);
  }
}
