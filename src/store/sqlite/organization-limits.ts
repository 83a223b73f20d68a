/** Organization limits in SQLite (migration 19): a company's boundaries, members kept as JSON. */
import type { Page } from "../../core/model/common.js";
import type {
  ConsolidationApproach,
  OrganizationLimit,
} from "../../core/model/organization-limit.js";
import type { OrganizationLimitQuery } from "../../core/ports/organization-limits.js";
import type { OrganizationLimitRecord, OrganizationLimitTable, Owned } from "../../rules/store.js";
import { limitOf, plainLimit } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import { CompanyListing } from "./company-listing.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";

/** Migration 19: one row per limit, its members a JSON array; listed by period, name and id. */
export const ORGANIZATION_LIMITS_SCHEMA = `
CREATE TABLE organization_limits (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  name TEXT NOT NULL,
  approach TEXT NOT NULL
    CHECK (approach IN ('operational_control', 'financial_control', 'equity_share')),
  period_from TEXT NOT NULL,
  period_to TEXT NOT NULL CHECK (period_to >= period_from),
  members TEXT NOT NULL CHECK (json_valid(members)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX organization_limits_in_order ON organization_limits (company_ref, period_from, name, id);
CREATE INDEX organization_limits_by_period ON organization_limits (period_from, name, id);
`;

export interface LimitRow {
  ref: number;
  id: string;
  company_id: string;
  company_ref: number;
  name: string;
  approach: ConsolidationApproach;
  period_from: string;
  period_to: string;
  members: string;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT l.ref, l.id, co.id AS company_id, l.company_ref, l.name, l.approach,
  l.period_from, l.period_to, l.members, l.created_at, l.updated_at
  FROM organization_limits l JOIN companies co ON co.ref = l.company_ref`;

function fromRow(row: LimitRow): Owned<OrganizationLimit> {
  return limitOf({ ...row, members: JSON.parse(row.members) });
}

function toLimit(row: LimitRow): OrganizationLimit {
  return plainLimit({ ...row, members: JSON.parse(row.members) });
}

type UpsertParams = [string, number, string, string, string, string, string, string, string];

export class OrganizationLimitRepository implements OrganizationLimitTable {
  readonly #byId;
  readonly #listing: CompanyListing<LimitRow, OrganizationLimit>;
  readonly #upsert;

  constructor(db: Db, companies: CompanyRepository) {
    this.#byId = lazy(() => db.prepare<[string], LimitRow>(`${SELECT} WHERE l.id = ?`));
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "organization_limits",
      alias: "l",
      order: ["period_from", "name", "id"],
      key: (row) => [row.period_from, row.name, row.id],
      decode: toLimit,
    });
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO organization_limits (id, company_ref, name, approach, period_from, period_to,
         members, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         name = excluded.name, approach = excluded.approach, period_from = excluded.period_from,
         period_to = excluded.period_to, members = excluded.members, updated_at = excluded.updated_at`,
      ),
    );
  }

  find(id: string): Owned<OrganizationLimit> | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  findMany(ids: readonly string[]): Owned<OrganizationLimit>[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  /** One company's page; an unknown company is not_found. */
  list(query: OrganizationLimitQuery): Page<OrganizationLimit> {
    return this.#listing.list(query);
  }

  /** What `list` pages, for keyset pages (organization_limits_in_order). */
  keyset(filter: { readonly companyId: string }): Keyset<LimitRow, OrganizationLimit> {
    return this.#listing.keyset(filter);
  }

  save(record: OrganizationLimitRecord, at: string): void {
    this.#upsert().run(
      record.id,
      record.companyRef,
      record.name,
      record.approach,
      record.periodFrom,
      record.periodTo,
      JSON.stringify(record.members),
      at,
      at,
    );
  }
}
