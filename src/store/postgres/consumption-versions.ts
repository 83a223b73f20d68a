/**
 * Each company's version of its consumptions: a number that every statement writing a
 * company's consumption rows (insert, update, delete, a move to another company) raises in the
 * writing transaction, by statement-level triggers. A server process may keep what it worked
 * out of a company's rows (the counts by calculation record, where a page of its emissions
 * starts) while the version a read sees is the one it kept them at: another process's commit
 * raises it, so nothing is trusted across processes without this check.
 */
import type { CalculationCount } from "../../rules/store.js";
import { LinePositions } from "../line-positions.js";
import type { PoolClient } from "./database.js";
import type { Queryable } from "./transactions.js";

/** Migration 7. A company without a row is at version 0. */
export const CONSUMPTION_VERSIONS = `
CREATE TABLE consumption_versions (
  company_ref bigint PRIMARY KEY,
  version bigint NOT NULL
);

CREATE FUNCTION consumption_versions_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO consumption_versions AS v (company_ref, version)
      SELECT DISTINCT company_ref, 1 FROM new_rows ORDER BY 1
      ON CONFLICT (company_ref) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO consumption_versions AS v (company_ref, version)
      SELECT DISTINCT company_ref, 1 FROM old_rows ORDER BY 1
      ON CONFLICT (company_ref) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO consumption_versions AS v (company_ref, version)
      SELECT company_ref, 1 FROM (SELECT company_ref FROM old_rows
        UNION SELECT company_ref FROM new_rows) AS touched ORDER BY 1
      ON CONFLICT (company_ref) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER consumption_versions_inserted AFTER INSERT ON consumptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_versions_raise();
CREATE TRIGGER consumption_versions_updated AFTER UPDATE ON consumptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION consumption_versions_raise();
CREATE TRIGGER consumption_versions_deleted AFTER DELETE ON consumptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_versions_raise();
`;

export async function versionConsumptions(client: PoolClient): Promise<void> {
  await client.query(CONSUMPTION_VERSIONS);
}

/** The company's version as the transaction on `db` sees it. */
export async function consumptionVersion(db: Queryable, companyRef: number): Promise<number> {
  const found = await db.query<[number]>({
    text: "SELECT version FROM consumption_versions WHERE company_ref = $1",
    values: [companyRef],
    rowMode: "array",
  });
  return Number(found.rows[0]?.[0] ?? 0);
}

/**
 * Each company's version as one transaction sees it: read once, or with the company when the
 * transaction finds it (PostgresCompanies), one statement fewer for a read of its rows.
 */
export class TransactionVersions {
  readonly #db: Queryable;
  readonly #known = new Map<number, Promise<number>>();

  constructor(db: Queryable) {
    this.#db = db;
  }

  get(companyRef: number): Promise<number> {
    let version = this.#known.get(companyRef);
    if (version === undefined) {
      version = consumptionVersion(this.#db, companyRef);
      this.#known.set(companyRef, version);
    }
    return version;
  }

  /** The version read with the company. */
  know(companyRef: number, version: number): void {
    this.#known.set(companyRef, Promise.resolve(version));
  }
}

/** Lists of one company kept at one version of its consumptions. */
class CompanyLists {
  readonly version: number;
  readonly counts = new Map<string, readonly CalculationCount[]>();
  readonly positions = new Map<string, LinePositions<readonly [number, number]>>();

  constructor(version: number) {
    this.version = version;
  }
}

/** Companies kept at most, and lists a company at most; past either, they start over. */
const COMPANIES_KEPT = 256;
const LISTS_KEPT = 64;

/**
 * What reads of a company's rows worked out, for every read-only transaction of a store: kept
 * by company at the version those reads saw, and given only to a read that sees that version.
 */
export class SharedLists {
  readonly #companies = new Map<number, CompanyLists>();

  #at(companyRef: number, version: number): CompanyLists {
    let lists = this.#companies.get(companyRef);
    if (lists === undefined || lists.version !== version) {
      // An older version is of no use to anyone; a newer one stays for the reads that see it.
      if (lists !== undefined && lists.version > version) return new CompanyLists(version);
      if (this.#companies.size >= COMPANIES_KEPT) this.#companies.clear();
      lists = new CompanyLists(version);
      this.#companies.set(companyRef, lists);
    }
    if (lists.counts.size + lists.positions.size >= LISTS_KEPT) {
      lists.counts.clear();
      lists.positions.clear();
    }
    return lists;
  }

  /** The counts of a list (its filter as `key`) at this version, worked out once. */
  async counts(
    companyRef: number,
    version: number,
    key: string,
    count: () => Promise<readonly CalculationCount[]>,
  ): Promise<readonly CalculationCount[]> {
    const kept = this.#at(companyRef, version).counts.get(key);
    if (kept !== undefined) return kept;
    const counted = await count();
    this.#at(companyRef, version).counts.set(key, counted);
    return counted;
  }

  /** Where the lines of a list (its filter and weights as `key`) start, at this version. */
  positions(
    companyRef: number,
    version: number,
    key: string,
  ): LinePositions<readonly [number, number]> {
    const lists = this.#at(companyRef, version);
    let positions = lists.positions.get(key);
    if (positions === undefined) {
      positions = new LinePositions();
      lists.positions.set(key, positions);
    }
    return positions;
  }
}
