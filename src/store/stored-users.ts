/** An account as both stores keep it (docs/users.md), read back the same way. */
import {
  type HostedRole,
  hostedRoles,
  roleOfHosted,
  type StoredUser,
  type UserStatus,
  userStatuses,
} from "../core/model/user.js";
import { listOf } from "./stored-values.js";

/** The columns of an account; `companies` is its JSON array, parsed. */
export interface StoredUserColumns {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly language: string | null;
  readonly external_id: string | null;
  readonly role: string;
  readonly companies: unknown;
  readonly status: string;
  readonly created_at: string;
  readonly updated_at: string;
}

function isText(value: unknown): value is string {
  return typeof value === "string";
}

function hostedRoleOf(text: string): HostedRole {
  return hostedRoles.find((role) => role === text) ?? "ROLE_VIEWER";
}

function statusOf(text: string): UserStatus {
  return userStatuses.find((status) => status === text) ?? "removed";
}

export function storedUserOf(row: StoredUserColumns): StoredUser {
  const role = hostedRoleOf(row.role);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    language: row.language,
    externalId: row.external_id,
    roles: [role],
    role: roleOfHosted[role],
    companies: listOf(row.companies, isText).map((companyId) => ({ companyId })),
    status: statusOf(row.status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
