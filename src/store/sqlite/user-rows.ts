/** The users table (docs/users.md): its schema, rows as accounts, and the list conditions. */
import type { StoredUser, UserQuery } from "../../core/model/user.js";
import { storedUserOf } from "../stored-users.js";
import type { SqlValue } from "./keyset.js";

/**
 * Migration 17: accounts, their companies as a JSON array of ids (empty: every company), the
 * e-mail unique without case (`email_key`), and a pending invitation's code hash and expiry.
 */
export const USERS_SCHEMA = `
CREATE TABLE users (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL UNIQUE,
  name TEXT,
  phone TEXT,
  language TEXT,
  external_id TEXT,
  role TEXT NOT NULL CHECK (role IN ('ROLE_OWNER', 'ROLE_MANAGER', 'ROLE_VALIDATOR', 'ROLE_VIEWER')),
  companies TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('active', 'pending', 'removed')),
  invite_hash TEXT UNIQUE,
  invite_expires_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX users_in_order ON users (email_key, id);
`;

export interface UserRow {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  language: string | null;
  external_id: string | null;
  role: string;
  companies: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export const SELECT = `SELECT u.id, u.email, u.name, u.phone, u.language, u.external_id, u.role,
  u.companies, u.status, u.created_at, u.updated_at FROM users u`;

export function fromRow(row: UserRow): StoredUser {
  return storedUserOf({ ...row, companies: JSON.parse(row.companies) });
}

/** The WHERE clauses of a query: one company's accounts, and only those within some companies. */
export function conditions(query: Omit<UserQuery, "page" | "limit">) {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (query.companyId !== undefined) {
    where.push("EXISTS (SELECT 1 FROM json_each(u.companies) c WHERE c.value = ?)");
    params.push(query.companyId.toLowerCase());
  }
  if (query.within !== undefined) {
    const marks = query.within.map(() => "?").join(", ");
    where.push("json_array_length(u.companies) > 0");
    where.push(
      `NOT EXISTS (SELECT 1 FROM json_each(u.companies) c WHERE c.value NOT IN (${marks || "NULL"}))`,
    );
    params.push(...query.within.map((id) => id.toLowerCase()));
  }
  return { where, params };
}
