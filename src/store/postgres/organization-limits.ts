/** Organization limits in PostgreSQL: a company's boundaries, members kept as jsonb. */

import { isUuid } from "../../core/ids.js";
import type { Page } from "../../core/model/common.js";
import type { OrganizationLimit } from "../../core/model/organization-limit.js";
import type { OrganizationLimitQuery } from "../../core/ports/organization-limits.js";
import type { OrganizationLimitRecord, OrganizationLimitTable, Owned } from "../../rules/store.js";
import { type LimitColumns, limitOf, plainLimit } from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const SELECT = `SELECT l.id, co.id AS company_id, l.company_ref, l.name, l.approach,
  l.period_from, l.period_to, l.members, l.created_at, l.updated_at
  FROM organization_limits l JOIN companies co ON co.ref = l.company_ref`;

export class PostgresOrganizationLimits implements OrganizationLimitTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<LimitColumns, OrganizationLimit>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "organization_limits",
      alias: "l",
      order: ["l.period_from", "l.name", "l.id"],
      decode: plainLimit,
    });
  }

  async find(id: string): Promise<Owned<OrganizationLimit> | undefined> {
    if (!isUuid(id)) return undefined;
    const row = (await this.#db.query<LimitColumns>(`${SELECT} WHERE l.id = $1`, [id])).rows[0];
    return row === undefined ? undefined : limitOf(row);
  }

  async findMany(ids: readonly string[]): Promise<Owned<OrganizationLimit>[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<LimitColumns>(`${SELECT} WHERE l.id = ANY($1::uuid[])`, [
      wanted,
    ]);
    return found.rows.map(limitOf);
  }

  list(query: OrganizationLimitQuery): Promise<Page<OrganizationLimit>> {
    return this.#listing.list(query);
  }

  async save(record: OrganizationLimitRecord, at: string): Promise<void> {
    // created_at is kept on update; updated_at moves.
    await this.#db.query(
      `INSERT INTO organization_limits (company_ref, id, name, approach, period_from, period_to,
         members, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (company_ref, id) DO UPDATE SET
         name = excluded.name, approach = excluded.approach, period_from = excluded.period_from,
         period_to = excluded.period_to, members = excluded.members, updated_at = excluded.updated_at`,
      [
        record.companyRef,
        record.id,
        record.name,
        record.approach,
        record.periodFrom,
        record.periodTo,
        JSON.stringify(record.members),
        at,
      ],
    );
  }
}
