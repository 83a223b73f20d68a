/** Users in SQLite (docs/users.md): accounts listed by e-mail, saved by id. */
import type { Page } from "../../core/model/common.js";
import type { StoredUser, UserQuery } from "../../core/model/user.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { UserInvitation, UserRecord, UserTable } from "../../rules/store.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { lazy } from "./lazy.js";
import { conditions, fromRow, SELECT, type UserRow } from "./user-rows.js";

export class UserRepository implements UserTable {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #byId;
  readonly #byEmail;
  readonly #byCode;
  readonly #insert;

  constructor(db: Db, companies: CompanyRepository) {
    this.#db = db;
    this.#companies = companies;
    this.#byId = lazy(() => db.prepare<[string], UserRow>(`${SELECT} WHERE u.id = ?`));
    this.#byEmail = lazy(() => db.prepare<[string], UserRow>(`${SELECT} WHERE u.email_key = ?`));
    this.#byCode = lazy(() =>
      db.prepare<[string], UserRow & { invite_expires_at: string | null }>(
        `SELECT u.*, u.invite_expires_at FROM users u WHERE u.invite_hash = ? AND u.status = 'pending'`,
      ),
    );
    // created_at is kept on update; a pending account keeps its invitation unless given a new
    // one, any other status forgets it.
    this.#insert = lazy(() =>
      db.prepare(
        `INSERT INTO users (id, email, email_key, name, phone, language, external_id, role, companies,
         status, invite_hash, invite_expires_at, created_at, updated_at)
       VALUES (@id, @email, @emailKey, @name, @phone, @language, @externalId, @role, @companies,
         @status, @inviteHash, @inviteExpiresAt, @now, @now)
       ON CONFLICT (id) DO UPDATE SET email = excluded.email, email_key = excluded.email_key,
         name = excluded.name, phone = excluded.phone, language = excluded.language,
         external_id = excluded.external_id, role = excluded.role, companies = excluded.companies,
         status = excluded.status, updated_at = excluded.updated_at,
         invite_hash = CASE WHEN excluded.status = 'pending'
           THEN coalesce(excluded.invite_hash, users.invite_hash) END,
         invite_expires_at = CASE WHEN excluded.status = 'pending'
           THEN coalesce(excluded.invite_expires_at, users.invite_expires_at) END`,
      ),
    );
  }

  find(id: string): StoredUser | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  findByEmail(emailKey: string): StoredUser | undefined {
    const row = this.#byEmail().get(emailKey);
    return row === undefined ? undefined : fromRow(row);
  }

  findInvited(hash: string): { user: StoredUser; expiresAt: string | null } | undefined {
    const row = this.#byCode().get(hash);
    return row === undefined ? undefined : { user: fromRow(row), expiresAt: row.invite_expires_at };
  }

  /** By e-mail (case ignored), then id; an unknown company is not_found. */
  list(query: UserQuery): Page<StoredUser> {
    const window = pageWindow(query);
    if (query.companyId !== undefined) this.#companies.get(query.companyId);
    const { where, params } = conditions(query);
    const clause = where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`;
    const rows = this.#db
      .prepare<SqlValue[], UserRow>(
        `${SELECT}${clause} ORDER BY u.email_key, u.id LIMIT ? OFFSET ?`,
      )
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<SqlValue[], number>(`SELECT count(*) FROM users u${clause}`)
      .pluck()
      .get(...params);
    return pageOf(rows.map(fromRow), window, total ?? 0);
  }

  /** What `list` pages, for keyset pages (on users_in_order). */
  keyset(filter: Omit<UserQuery, "page" | "limit">): Keyset<UserRow, StoredUser> {
    if (filter.companyId !== undefined) this.#companies.get(filter.companyId);
    return {
      select: SELECT,
      ...conditions(filter),
      order: ["u.email_key", "u.id"],
      key: (row) => [row.email.toLowerCase(), row.id],
      decode: fromRow,
    };
  }

  save(record: UserRecord, at: string, invitation?: UserInvitation): void {
    this.#insert().run({
      id: record.id,
      email: record.email,
      emailKey: record.emailKey,
      name: record.name,
      phone: record.phone,
      language: record.language,
      externalId: record.externalId,
      role: record.role,
      companies: JSON.stringify(record.companies),
      status: record.status,
      inviteHash: invitation?.hash ?? null,
      inviteExpiresAt: invitation?.expiresAt ?? null,
      now: at,
    });
  }
}
