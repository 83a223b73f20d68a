/** Accounts of carbon serve in PostgreSQL (docs/users.md): shared by every node, listed by e-mail. */

import { isUuid } from "../../core/ids.js";
import type { Page } from "../../core/model/common.js";
import type { StoredUser, UserQuery } from "../../core/model/user.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { UserInvitation, UserRecord, UserTable } from "../../rules/store.js";
import { type StoredUserColumns, storedUserOf } from "../stored-users.js";
import { companyRefOf } from "./company-listing.js";
import type { Queryable } from "./transactions.js";

const SELECT = `SELECT u.id, u.email, u.name, u.phone, u.language, u.external_id, u.role,
  u.companies, u.status, u.created_at, u.updated_at FROM users u`;

/** The conditions of a query: one company's accounts, and only those within some companies. */
function conditions(query: Omit<UserQuery, "page" | "limit">): {
  where: string[];
  params: unknown[];
} {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.companyId !== undefined) {
    params.push(query.companyId.toLowerCase());
    where.push(`u.companies ? $${params.length}`);
  }
  if (query.within !== undefined) {
    params.push(query.within.map((id) => id.toLowerCase()));
    where.push("jsonb_array_length(u.companies) > 0");
    where.push(
      `NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(u.companies) c
        WHERE c <> ALL($${params.length}::text[]))`,
    );
  }
  return { where, params };
}

export class PostgresUsers implements UserTable {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async #one(sql: string, params: unknown[]): Promise<StoredUser | undefined> {
    const row = (await this.#db.query<StoredUserColumns>(sql, params)).rows[0];
    return row === undefined ? undefined : storedUserOf(row);
  }

  find(id: string): Promise<StoredUser | undefined> {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return this.#one(`${SELECT} WHERE u.id = $1`, [id]);
  }

  findByEmail(emailKey: string): Promise<StoredUser | undefined> {
    return this.#one(`${SELECT} WHERE u.email_key = $1`, [emailKey]);
  }

  async findInvited(
    hash: string,
  ): Promise<{ user: StoredUser; expiresAt: string | null } | undefined> {
    const row = (
      await this.#db.query<StoredUserColumns & { invite_expires_at: string | null }>(
        `SELECT u.*, u.invite_expires_at FROM users u
         WHERE u.invite_hash = $1 AND u.status = 'pending'`,
        [hash],
      )
    ).rows[0];
    return row === undefined
      ? undefined
      : { user: storedUserOf(row), expiresAt: row.invite_expires_at };
  }

  /** By e-mail (case ignored), then id; an unknown company is not_found. */
  async list(query: UserQuery): Promise<Page<StoredUser>> {
    const window = pageWindow(query);
    if (query.companyId !== undefined) await companyRefOf(this.#db, query.companyId);
    const { where, params } = conditions(query);
    const clause = where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`;
    const rows = await this.#db.query<StoredUserColumns>(
      `${SELECT}${clause} ORDER BY u.email_key, u.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, window.limit, window.offset],
    );
    const total = await this.#db.query<{ count: string }>(
      `SELECT count(*) AS count FROM users u${clause}`,
      params,
    );
    return pageOf(rows.rows.map(storedUserOf), window, Number(total.rows[0]?.count ?? 0));
  }

  async save(record: UserRecord, at: string, invitation?: UserInvitation): Promise<void> {
    // created_at is kept on update; a pending account keeps its invitation unless given a new
    // one, any other status forgets it.
    await this.#db.query(
      `INSERT INTO users (id, email, email_key, name, phone, language, external_id, role, companies,
         status, invite_hash, invite_expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
       ON CONFLICT (id) DO UPDATE SET email = excluded.email, email_key = excluded.email_key,
         name = excluded.name, phone = excluded.phone, language = excluded.language,
         external_id = excluded.external_id, role = excluded.role, companies = excluded.companies,
         status = excluded.status, updated_at = excluded.updated_at,
         invite_hash = CASE WHEN excluded.status = 'pending'
           THEN coalesce(excluded.invite_hash, users.invite_hash) END,
         invite_expires_at = CASE WHEN excluded.status = 'pending'
           THEN coalesce(excluded.invite_expires_at, users.invite_expires_at) END`,
      [
        record.id,
        record.email,
        record.emailKey,
        record.name,
        record.phone,
        record.language,
        record.externalId,
        record.role,
        JSON.stringify(record.companies),
        record.status,
        invitation?.hash ?? null,
        invitation?.expiresAt ?? null,
        at,
      ],
    );
  }
}
