/**
 * Users (docs/users.md): accounts upserted by id, one per e-mail, their access changed and
 * audited, invited with a one-time code the store keeps only as its SHA-256.
 */
import { createHash, randomBytes } from "node:crypto";
import { CarbonError, notFound } from "../core/errors.js";
import { newId } from "../core/ids.js";
import type { UserAction } from "../core/model/audit.js";
import type { Page } from "../core/model/common.js";
import {
  type HostedRole,
  type Invitation,
  type StoredUser,
  type UserInput,
  type UserInvite,
  type UserPatch,
  type UserQuery,
  type UserStatus,
  userInputSchema,
  userInviteSchema,
  userPatchSchema,
} from "../core/model/user.js";
import { parseInput } from "../core/validate.js";
import type { StoreTransaction, UserInvitation, UserRecord } from "./store.js";

/** How long an invitation's code works. */
export const INVITATION_DAYS = 7;

/** The SHA-256 of a code: what is stored, so the database never holds a usable code. */
export function codeHash(code: string): string {
  return createHash("sha256").update(code).digest("hex");
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

/** An account's access, as an audit record keeps it. */
function accessOf(user: StoredUser) {
  return {
    roles: user.roles,
    companies: user.companies.map((entry) => entry.companyId),
    status: user.status,
  };
}

/** The account with this id; an unknown one is not_found. */
export async function getUser(tx: StoreTransaction, id: string): Promise<StoredUser> {
  const found = await tx.users.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("user", id);
  return found;
}

/** The account of an e-mail (case ignored); not_found when there is none. */
export async function getUserByEmail(tx: StoreTransaction, email: string): Promise<StoredUser> {
  const found = await tx.users.findByEmail(email.trim().toLowerCase());
  if (found === undefined) throw notFound("user", email);
  return found;
}

/** By e-mail (case ignored), then id; an unknown company is not_found. */
export async function listUsers(tx: StoreTransaction, query: UserQuery): Promise<Page<StoredUser>> {
  return tx.users.list(query);
}

/** What the store keeps of an account. */
interface Account {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly language: string | null;
  readonly externalId: string | null;
  readonly role: HostedRole;
  readonly companies: readonly string[];
  readonly status: UserStatus;
}

/** Saves the account and answers it as stored. */
async function store(
  tx: StoreTransaction,
  account: Account,
  at: string,
  invitation?: UserInvitation,
): Promise<StoredUser> {
  const record: UserRecord = { ...account, emailKey: account.email.toLowerCase() };
  await tx.users.save(record, at, invitation);
  return getUser(tx, account.id);
}

/** The account as stored, its access as `store` takes it. */
function accountOf(user: StoredUser): Account {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    language: user.language,
    externalId: user.externalId,
    role: user.roles[0] ?? "ROLE_VIEWER",
    companies: user.companies.map((entry) => entry.companyId),
    status: user.status,
  };
}

/** No other account may hold the e-mail (conflict). */
async function checkEmail(tx: StoreTransaction, email: string, id: string): Promise<void> {
  const other = await tx.users.findByEmail(email.toLowerCase());
  if (other === undefined || other.id === id) return;
  throw new CarbonError("conflict", `another user (${other.id}) has the e-mail ${email}`, {
    issues: [{ path: "email", message: "taken by another user" }],
    hint: "one account per e-mail address: change that user instead",
  });
}

async function audit(
  tx: StoreTransaction,
  action: UserAction,
  actor: string,
  before: StoredUser | undefined,
  after: StoredUser,
): Promise<void> {
  await tx.audit.appendUserChange({
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

/**
 * Upsert by id: a new account needs an e-mail and is active; an existing one keeps its status,
 * and its companies when none are given (they need not exist yet: an admin of a company may
 * create it). A change of role, companies or e-mail is audited.
 */
export async function upsertUser(
  tx: StoreTransaction,
  input: UserInput,
  actor: string,
): Promise<{ readonly user: StoredUser; readonly created: boolean }> {
  const parsed = parseInput(userInputSchema, input, "user");
  const id = parsed.id.toLowerCase();
  const before = await tx.users.find(id);
  const email = parsed.email ?? before?.email;
  if (email === undefined) {
    throw new CarbonError("validation", "invalid user: email: needed to create a user", {
      issues: [{ path: "email", message: "needed to create a user" }],
      hint: "give the new user's e-mail, or invite them (carbon users invite)",
    });
  }
  await checkEmail(tx, email, id);
  const companies =
    parsed.companies?.map((entry) => entry.companyId) ??
    before?.companies.map((entry) => entry.companyId) ??
    [];
  const stored = await store(
    tx,
    {
      id,
      email,
      name: parsed.name ?? before?.name ?? null,
      phone: parsed.phone ?? before?.phone ?? null,
      language: parsed.language ?? before?.language ?? null,
      externalId: parsed.externalId ?? before?.externalId ?? null,
      role: parsed.roles,
      companies,
      status: before?.status ?? "active",
    },
    new Date().toISOString(),
  );
  const changed =
    before === undefined ||
    before.email !== stored.email ||
    JSON.stringify(accessOf(before)) !== JSON.stringify(accessOf(stored));
  if (changed) {
    await audit(tx, before === undefined ? "users.create" : "users.update", actor, before, stored);
  }
  return { user: stored, created: before === undefined };
}

/** `PATCH /users`: role, companies or status; a pending account is activated only by its code. */
export async function updateUser(
  tx: StoreTransaction,
  patch: UserPatch,
  actor: string,
): Promise<StoredUser> {
  const parsed = parseInput(userPatchSchema, patch, "user change");
  const before = await getUser(tx, parsed.id);
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
  const after = await store(
    tx,
    {
      ...accountOf(before),
      role: parsed.roles ?? before.roles[0] ?? "ROLE_VIEWER",
      companies,
      status: parsed.status ?? before.status,
    },
    new Date().toISOString(),
  );
  await audit(tx, "users.update", actor, before, after);
  return after;
}

/**
 * A pending account for the e-mail with a new one-time code (an earlier code stops working);
 * an active or removed account of that e-mail is a conflict.
 */
export async function inviteUser(
  tx: StoreTransaction,
  invite: UserInvite,
  actor: string,
  now = new Date(),
): Promise<Invitation> {
  const parsed = parseInput(userInviteSchema, invite, "invitation");
  const before = await tx.users.findByEmail(parsed.email.toLowerCase());
  if (before !== undefined && before.status !== "pending") {
    throw new CarbonError(
      "conflict",
      `${parsed.email} already has an account (${before.id}, ${before.status})`,
      {
        issues: [{ path: "email", message: `has an ${before.status} account` }],
        hint: "change that account with `carbon users update` instead",
      },
    );
  }
  const code = invitationCode();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
  const user = await store(
    tx,
    {
      id: before?.id ?? newId(),
      email: parsed.email,
      name: before?.name ?? null,
      phone: before?.phone ?? null,
      language: before?.language ?? null,
      externalId: before?.externalId ?? null,
      role: parsed.roles,
      companies: [parsed.companyId.toLowerCase()],
      status: "pending",
    },
    at,
    { hash: codeHash(code), expiresAt },
  );
  await audit(tx, "users.invite", actor, before, user);
  return { user, code, expiresAt };
}

/**
 * The pending account whose code this is, made active and its code forgotten; an unknown,
 * used or expired code is a validation error at `code` (the same answer for each, so codes
 * cannot be probed; not a 401, which a client reads as a server without the route).
 */
export async function redeemInvitation(
  tx: StoreTransaction,
  code: string,
  now = new Date(),
): Promise<StoredUser> {
  const invited = await tx.users.findInvited(codeHash(code.trim()));
  if (
    invited === undefined ||
    invited.expiresAt === null ||
    Date.parse(invited.expiresAt) <= now.getTime()
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
  const before = invited.user;
  const after = await store(tx, { ...accountOf(before), status: "active" }, now.toISOString());
  await audit(tx, "users.accept", before.email, before, after);
  return after;
}
