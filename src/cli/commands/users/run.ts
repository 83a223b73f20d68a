/** What the users verbs do: loaded only when one runs. */
import { usageError } from "../../../core/errors.js";
import { newId } from "../../../core/ids.js";
import {
  type HostedRole,
  hostedRoles,
  type UserInput,
  type UserPatch,
  userInputSchema,
  userInviteSchema,
  userPatchSchema,
} from "../../../core/model/user.js";
import { parseInput } from "../../../core/validate.js";
import type { Context } from "../../context.js";
import { parseChoice, parseText, parseUuid } from "../../flags.js";
import { idResolver } from "../../id-resolver.js";
import { renderObject } from "../../output/format.js";

export interface InviteOptions {
  readonly email: string;
  readonly company: string;
  readonly role: string;
}

export interface UpdateOptions {
  readonly id: string;
  readonly role?: string;
  readonly companies: readonly string[];
  readonly everyCompany: boolean;
  readonly status?: string;
}

export interface UpsertOptions {
  readonly id?: string;
  readonly email?: string;
  readonly role: string;
  readonly companies: readonly string[];
  readonly name?: string;
  readonly phone?: string;
  readonly language?: string;
  readonly externalId?: string;
}

import { userColumns } from "./columns.js";

/** A hosted role from --role, case ignored (a wrong one: exit 2). */
function parseRole(value: string): HostedRole {
  const wanted = value.trim().toUpperCase();
  return hostedRoles.find((role) => role === wanted) ?? parseChoice("--role", value, hostedRoles);
}

function optional<K extends string>(key: K, flag: string, value: string | undefined) {
  return value === undefined ? {} : { [key]: parseText(flag, value) };
}

async function companyList(ctx: Context, texts: readonly string[]) {
  const ids = idResolver(() => ctx.service());
  const companies: { companyId: string }[] = [];
  for (const text of texts) companies.push({ companyId: await ids.company("--company", text) });
  return companies;
}

export async function upsertUser(ctx: Context, opts: UpsertOptions): Promise<void> {
  const input: UserInput = {
    id: opts.id === undefined ? newId() : parseUuid("--id", opts.id),
    ...optional("email", "--email", opts.email),
    roles: parseRole(opts.role),
    ...optional("name", "--name", opts.name),
    ...optional("phone", "--phone", opts.phone),
    ...optional("language", "--language", opts.language),
    ...optional("externalId", "--external-id", opts.externalId),
  };
  const companies =
    opts.companies.length === 0 ? {} : { companies: await companyList(ctx, opts.companies) };
  const checked = parseInput(userInputSchema, { ...input, ...companies }, "user");
  const service = await ctx.service();
  renderObject(ctx.io, ctx.format(), await service.users.upsert(checked), userColumns);
}

export async function updateUser(ctx: Context, opts: UpdateOptions): Promise<void> {
  const id = parseUuid("user id", opts.id);
  if (opts.everyCompany && opts.companies.length > 0) {
    throw usageError("give --company or --every-company, not both");
  }
  const status =
    opts.status === undefined
      ? {}
      : {
          status: parseChoice("--status", opts.status.trim().toLowerCase(), ["active", "removed"]),
        };
  const companies = opts.everyCompany
    ? { companies: [] }
    : opts.companies.length === 0
      ? {}
      : { companies: await companyList(ctx, opts.companies) };
  const patch: UserPatch = {
    id,
    ...(opts.role === undefined ? {} : { roles: parseRole(opts.role) }),
    ...companies,
    ...status,
  };
  if (patch.roles === undefined && patch.companies === undefined && patch.status === undefined) {
    throw usageError("nothing to change: give --role, --company, --every-company or --status");
  }
  const checked = parseInput(userPatchSchema, patch, "user change");
  const service = await ctx.service();
  renderObject(ctx.io, ctx.format(), await service.users.update(checked), userColumns);
}

export async function inviteUser(ctx: Context, opts: InviteOptions): Promise<void> {
  const [company] = await companyList(ctx, [opts.company]);
  const invite = parseInput(
    userInviteSchema,
    { email: opts.email.trim(), companyId: company?.companyId, roles: parseRole(opts.role) },
    "invitation",
  );
  const service = await ctx.service();
  const invitation = await service.users.invite(invite);
  const format = ctx.format();
  if (format === "json" || format === "ndjson") {
    ctx.io.out(JSON.stringify(invitation, null, format === "json" ? 2 : undefined));
    return;
  }
  if (invitation.code === undefined) {
    ctx.io.err(
      `invited ${invite.email}: the server answered no code (it may send the invitation itself)`,
    );
    return;
  }
  ctx.io.out(invitation.code);
  if (ctx.globals().quiet !== true) {
    const expiry = invitation.expiresAt === undefined ? "" : `, until ${invitation.expiresAt}`;
    ctx.io.err(
      `invited ${invite.email}: the code above is shown once and works once${expiry}; the user runs carbon auth accept-invite CODE`,
    );
  }
}
