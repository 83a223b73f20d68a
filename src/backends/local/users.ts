/**
 * Users in SQLite (docs/users.md): accounts listed by e-mail, upserted by id, their access
 * changed and audited, invited with a one-time code kept only as its SHA-256.
 */
import { randomBytes } from "node:crypto";
import { CarbonError, notFound } from "../../core/errors.js";
import { newId } from "../../core/ids.js";
import type { UserAction } from "../../core/model/audit.js";
import type { Page } from "../../core/model/common.js";
import {
  type Invitation,
  roleOfHosted,
  type StoredUser,
  type UserInput,
  type UserInvite,
  type UserPatch,
  type UserQuery,
  userInputSchema,
  userInviteSchema,
  userPatchSchema,
} from "../../core/model/user.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import { parseInput } from "../../core/validate.js";
import type { AuditLog } from "../../store/sqlite/audit.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset, SqlValue } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";
import {
  accessOf,
  codeHash,
  conditions,
  fromRow,
  INVITATION_DAYS,
  SELECT,
  type UserRow,
} from "../../store/sqlite/user-rows.js";

export class UserRepository {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #log: AuditLog;
  readonly #byId;
  readonly #byEmail;
  readonly #byCode;
  readonly #insert;

  constructor(db: Db, companies: CompanyRepository, audit: AuditLog) {
    this.#db = db;
    this.#companies = companies;
    this.#log = audit;
    this.#byId = lazy(() => db.prepare<[string], UserRow>(`${SELECT} WHERE u.id = ?`));
    this.#byEmail = lazy(() => db.prepare<[string], UserRow>(`${SELECT} WHERE u.email_key = ?`));
    this.#byCode = lazy(() =>
      db.prepare<[string], UserRow & { invite_expires_at: string | null }>(
        `SELECT u.*, u.invite_expires_at FROM users u WHERE u.invite_hash = ? AND u.status = 'pending'`,
      ),
    );
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

  /** One account by id, or undefined (the per-request check of a token's account). */
  find(id: string): StoredUser | undefined {
    const row = this.#byId().get(id.trim().toLowerCase());
    return row === undefined ? undefined : fromRow(row);
  }

  get(id: string): StoredUser {
    const found = this.find(id);
    if (found === undefined) throw notFound("user", id);
    return found;
  }

  byEmail(email: string): StoredUser {
    const row = this.#byEmail().get(email.trim().toLowerCase());
    if (row === undefined) throw notFound("user", email);
    return fromRow(row);
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

  /** No other account may hold the e-mail (conflict). */
  #checkEmail(email: string, id: string): void {
    const other = this.#byEmail().get(email.toLowerCase());
    if (other === undefined || other.id === id) return;
    throw new CarbonError("conflict", `another user (${other.id}) has the e-mail ${email}`, {
      issues: [{ path: "email", message: "taken by another user" }],
      hint: "one account per e-mail address: change that user instead",
    });
  }

  #audit(
    action: UserAction,
    actor: string,
    before: StoredUser | undefined,
    after: StoredUser,
  ): void {
    this.#log.appendUserChange({
      id: newId(),
      action,
      actor,
      at: after.updatedAt,
      recordId: after.id,
      companyId: after.companies[0]?.companyId ?? before?.companies[0]?.companyId ?? null,
      buildingId: null,
      consumptions: 0,
      emissions: 0,
      awaitingFactor: 0,
      record: {
        email: after.email,
        before: before === undefined ? null : accessOf(before),
        after: accessOf(after),
      },
    });
  }

  #store(user: StoredUser, invitation?: { hash: string; expiresAt: string }): StoredUser {
    this.#insert().run({
      id: user.id,
      email: user.email,
      emailKey: user.email.toLowerCase(),
      name: user.name,
      phone: user.phone,
      language: user.language,
      externalId: user.externalId,
      role: user.roles[0] ?? "ROLE_VIEWER",
      companies: JSON.stringify(user.companies.map((entry) => entry.companyId)),
      status: user.status,
      inviteHash: invitation?.hash ?? null,
      inviteExpiresAt: invitation?.expiresAt ?? null,
      now: user.updatedAt,
    });
    return this.get(user.id);
  }

  /**
   * Upsert by id: a new account needs an e-mail and is active; an existing one keeps its status,
   * and its companies when none are given (they need not exist yet: an admin of a company may
   * create it). A change of role, companies or e-mail is audited.
   */
  upsert(input: UserInput, actor: string): { user: StoredUser; created: boolean } {
    const parsed = parseInput(userInputSchema, input, "user");
    const id = parsed.id.toLowerCase();
    const before = this.find(id);
    const email = parsed.email ?? before?.email;
    if (email === undefined) {
      throw new CarbonError("validation", "invalid user: email: needed to create a user", {
        issues: [{ path: "email", message: "needed to create a user" }],
        hint: "give the new user's e-mail, or invite them (carbon users invite)",
      });
    }
    this.#checkEmail(email, id);
    const companies =
      parsed.companies?.map((entry) => entry.companyId) ??
      before?.companies.map((entry) => entry.companyId) ??
      [];
    const now = new Date().toISOString();
    const user: StoredUser = {
      id,
      email,
      name: parsed.name ?? before?.name ?? null,
      phone: parsed.phone ?? before?.phone ?? null,
      language: parsed.language ?? before?.language ?? null,
      externalId: parsed.externalId ?? before?.externalId ?? null,
      roles: [parsed.roles],
      role: roleOfHosted[parsed.roles],
      companies: companies.map((companyId) => ({ companyId })),
      status: before?.status ?? "active",
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    const stored = this.#store(user);
    const changed =
      before === undefined ||
      before.email !== stored.email ||
      JSON.stringify(accessOf(before)) !== JSON.stringify(accessOf(stored));
    if (changed)
      this.#audit(before === undefined ? "users.create" : "users.update", actor, before, stored);
    return { user: stored, created: before === undefined };
  }

  /** `PATCH /users`: role, companies or status; a pending account is activated only by its code. */
  update(patch: UserPatch, actor: string): StoredUser {
    const parsed = parseInput(userPatchSchema, patch, "user change");
    const before = this.get(parsed.id);
    if (parsed.status === "active" && before.status === "pending") {
      throw new CarbonError(
        "conflict",
        `user ${before.id} (${before.email}) is invited and not active yet; the account becomes active when its invitation is accepted`,
        {
          issues: [{ path: "status", message: "pending" }],
          hint: "invite them again for a new code",
        },
      );
    }
    const companies = (parsed.companies ?? before.companies).map((entry) => entry.companyId);
    const role = parsed.roles ?? before.roles[0] ?? "ROLE_VIEWER";
    const after = this.#store({
      ...before,
      roles: [role],
      role: roleOfHosted[role],
      companies: companies.map((companyId) => ({ companyId })),
      status: parsed.status ?? before.status,
      updatedAt: new Date().toISOString(),
    });
    this.#audit("users.update", actor, before, after);
    return after;
  }

  /**
   * A pending account for the e-mail with a new one-time code (an earlier code stops working);
   * an active or removed account of that e-mail is a conflict.
   */
  invite(invite: UserInvite, actor: string, now = new Date()): Invitation {
    const parsed = parseInput(userInviteSchema, invite, "invitation");
    const existing = this.#byEmail().get(parsed.email.toLowerCase());
    if (existing !== undefined && existing.status !== "pending") {
      throw new CarbonError(
        "conflict",
        `${parsed.email} already has an account (${existing.id}, ${existing.status})`,
        {
          issues: [{ path: "email", message: `has an ${existing.status} account` }],
          hint: "change that account with `carbon users update` instead",
        },
      );
    }
    const before = existing === undefined ? undefined : fromRow(existing);
    const code = invitationCode();
    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
    const user = this.#store(
      {
        id: before?.id ?? newId(),
        email: parsed.email,
        name: before?.name ?? null,
        phone: before?.phone ?? null,
        language: before?.language ?? null,
        externalId: before?.externalId ?? null,
        roles: [parsed.roles],
        role: roleOfHosted[parsed.roles],
        companies: [{ companyId: parsed.companyId.toLowerCase() }],
        status: "pending",
        createdAt: before?.createdAt ?? at,
        updatedAt: at,
      },
      { hash: codeHash(code), expiresAt },
    );
    this.#audit("users.invite", actor, before, user);
    return { user, code, expiresAt };
  }

  /**
   * The pending account whose code this is, made active and its code forgotten; an unknown,
   * used or expired code is a validation error at `code` (the same answer for each, so codes
   * cannot be probed; not a 401, which a client reads as a server without the route).
   */
  redeem(code: string, now = new Date()): StoredUser {
    const row = this.#byCode().get(codeHash(code.trim()));
    if (
      row === undefined ||
      row.invite_expires_at === null ||
      Date.parse(row.invite_expires_at) <= now.getTime()
    ) {
      throw new CarbonError(
        "validation",
        "this invitation code is not valid: unknown, already used or expired",
        {
          issues: [{ path: "code", message: "unknown, already used or expired" }],
          hint: "ask an admin to invite you again (carbon users invite)",
        },
      );
    }
    const before = fromRow(row);
    const after = this.#store({ ...before, status: "active", updatedAt: now.toISOString() });
    this.#audit("users.accept", before.email, before, after);
    return after;
  }
}

/**
 * A new invitation's code: 24 random bytes in base64url, never starting with "-", which a
 * command line would read as an option (`carbon auth accept-invite -x...`).
 */
export function invitationCode(random: (size: number) => Buffer = randomBytes): string {
  for (;;) {
    const code = random(24).toString("base64url");
    if (!code.startsWith("-")) return code;
  }
}
