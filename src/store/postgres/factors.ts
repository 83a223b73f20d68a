/**
 * The factor library in PostgreSQL as the rules read it (the tables library-load.ts writes):
 * the current release's rows listed, the releases kept and their rows, and the calculation
 * policy in carbon_meta; the same answers in the same order as the SQLite store's.
 */
import type { CalculationPolicy } from "../../core/model/calculation-policy.js";
import type { Page } from "../../core/model/common.js";
import type { EmissionFactor } from "../../core/model/factor.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { FactorQuery } from "../../core/ports/factors.js";
import type { FactorTable, StoredRelease } from "../../rules/store.js";
import { FACTOR_COLUMNS, type FactorRow, factorFromRow } from "../../shipped/factor-rows.js";
import { factorOrderTerms, fromReleaseRow, type ReleaseRow } from "../stored-library.js";
import { readPolicy, writePolicy } from "./meta.js";
import type { Queryable } from "./transactions.js";

const ORDER = factorOrderTerms((column) => `coalesce(${column}, '')`).join(", ");

/** The rows of a release: those its range holds. */
const IN_RELEASE = "first_release <= $1 AND (last_release IS NULL OR last_release >= $1)";

export class PostgresFactors implements FactorTable {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async list(query: FactorQuery): Promise<Page<EmissionFactor>> {
    const window = pageWindow(query);
    // The current release's rows (the earlier releases' are kept too).
    const where = ["last_release IS NULL"];
    const params: unknown[] = [];
    if (query.key !== undefined) {
      params.push(query.key.trim());
      where.push(`key = $${params.length}`);
    }
    if (query.country !== undefined) {
      params.push(query.country.trim().toUpperCase());
      where.push(`country = $${params.length}`);
    }
    const clause = where.join(" AND ");
    const rows = await this.#db.query<FactorRow>(
      `SELECT ${FACTOR_COLUMNS} FROM emission_factors WHERE ${clause}
       ORDER BY ${ORDER} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, window.limit, window.offset],
    );
    const total = await this.#db.query<{ count: number }>(
      `SELECT count(*) AS count FROM emission_factors WHERE ${clause}`,
      params,
    );
    return pageOf(rows.rows.map(factorFromRow), window, total.rows[0]?.count ?? 0);
  }

  async releases(): Promise<StoredRelease[]> {
    const found = await this.#db.query<ReleaseRow>("SELECT * FROM factor_releases ORDER BY ref");
    return found.rows.map(fromReleaseRow);
  }

  async release(versionOrName: string): Promise<StoredRelease | undefined> {
    const found = await this.#db.query<ReleaseRow>(
      "SELECT * FROM factor_releases WHERE version = $1 OR name = $1 ORDER BY ref DESC LIMIT 1",
      [versionOrName.trim()],
    );
    const row = found.rows[0];
    return row === undefined ? undefined : fromReleaseRow(row);
  }

  async factorsOf(releaseRef: number): Promise<EmissionFactor[]> {
    const found = await this.#db.query<FactorRow>(
      `SELECT ${FACTOR_COLUMNS} FROM emission_factors WHERE ${IN_RELEASE} ORDER BY priority`,
      [releaseRef],
    );
    return found.rows.map(factorFromRow);
  }

  policy(): Promise<CalculationPolicy> {
    return readPolicy(this.#db);
  }

  savePolicy(policy: CalculationPolicy): Promise<void> {
    return writePolicy(this.#db, policy);
  }
}
