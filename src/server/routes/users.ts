/**
 * Users (docs/users.md): the spec's `GET, POST, PATCH /users` and `POST /users/invite`, the get by
 * id, and accepting an invitation (`POST /auth/accept-invite`, without a token). Managing users
 * needs an admin; a scoped admin manages only accounts whose companies are all within its own.
 */
import { z } from "zod";
import { CarbonError, notFound } from "../../core/errors.js";
import { ACCEPT_INVITE_PATH } from "../../core/extensions.js";
import { pageSchema } from "../../core/model/common.js";
import {
  acceptedSchema,
  acceptInviteSchema,
  invitationSchema,
  type User,
  userInviteSchema,
  userPatchSchema,
  userSchema,
} from "../../core/model/user.js";
import { oneUuid } from "../../core/resources/fields.js";
import { usersResource } from "../../core/resources/users.js";
import { type Access, findOrUndefined } from "../access.js";
import { roleOfUser } from "../accounts.js";
import { ignoredBody, noQuery, pageFields } from "../input.js";
import { defineRoute, ok, param, type Route, upserted } from "../route.js";

const record = { name: usersResource.schemaNames.record, schema: userSchema };

function mustManage(access: Access): void {
  if (access.claims.role === "admin") return;
  throw new CarbonError(
    "forbidden",
    `a ${access.claims.role} token may not manage users; that needs the role admin`,
    { hint: "ask an admin of the server" },
  );
}

function companyIdsOf(user: Pick<User, "companies">): string[] {
  return user.companies.map((entry) => entry.companyId.toLowerCase());
}

/** True when the token may manage the account: unscoped, or every company of it in scope. */
function manages(access: Access, companies: readonly string[]): boolean {
  if (!access.scoped) return true;
  return companies.length > 0 && companies.every((id) => access.sees(id));
}

/** The stored account, as not_found when it is out of the token's reach. */
async function reachable(
  access: Access,
  read: () => Promise<User>,
  id: string,
): Promise<User | undefined> {
  const found = await findOrUndefined(read);
  if (found !== undefined && !manages(access, companyIdsOf(found))) throw notFound("user", id);
  return found;
}

/** Companies a write gives an account: each in scope (404), and named by a scoped admin. */
function checkCompanies(access: Access, companies: readonly string[] | undefined): void {
  for (const id of companies ?? []) access.company(id);
  if (access.scoped && companies !== undefined && companies.length === 0) {
    throw new CarbonError(
      "forbidden",
      "only an admin of every company may give a user every company",
      {
        issues: [{ path: "companies", message: "name the user's companies" }],
      },
    );
  }
}

const listQuery = z.strictObject({ companyId: oneUuid.optional(), ...pageFields });

export const userRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: usersResource.operations.list.path,
    summary: usersResource.summaries.list,
    query: listQuery,
    body: ignoredBody,
    statuses: [200],
    response: { name: "UserPage", schema: pageSchema(userSchema) },
    async handle({ service, access, query }) {
      if (query.companyId !== undefined) access.company(query.companyId);
      mustManage(access);
      return ok(
        await service.users.list({
          ...query,
          ...(access.scoped ? { within: access.companies } : {}),
        }),
      );
    },
  }),
  defineRoute({
    method: "GET",
    path: usersResource.operations.get.path,
    summary: usersResource.summaries.get,
    extension: true,
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: record,
    async handle({ service, access, params }) {
      const id = param(params, "id");
      const found = await reachable(access, () => service.users.get(id), id);
      if (found === undefined) throw notFound("user", id);
      mustManage(access);
      return ok(found);
    },
  }),
  defineRoute({
    method: "POST",
    path: usersResource.operations.upsert.path,
    summary: usersResource.summaries.upsert,
    query: noQuery,
    body: usersResource.input,
    bodyName: usersResource.schemaNames.input,
    statuses: [201, 200],
    response: record,
    async handle({ service, access, body }) {
      const companies = body.companies?.map((entry) => entry.companyId);
      checkCompanies(access, companies);
      const before = await reachable(access, () => service.users.get(body.id), body.id);
      if (before === undefined && access.scoped && companies === undefined) {
        checkCompanies(access, []);
      }
      mustManage(access);
      const user = await service.users.upsert(body, { actor: access.claims.email });
      return upserted(before === undefined, user);
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/users",
    summary:
      "Change a user's roles, companies or status (removed: its tokens stop working); audited (admin)",
    query: noQuery,
    body: userPatchSchema,
    bodyName: "UserPatch",
    statuses: [200],
    response: record,
    async handle({ service, access, body }) {
      const companies = body.companies?.map((entry) => entry.companyId);
      checkCompanies(access, companies);
      const before = await reachable(access, () => service.users.get(body.id), body.id);
      if (before === undefined) throw notFound("user", body.id);
      mustManage(access);
      if (body.status === "removed" && before.id === access.claims.userId) {
        throw new CarbonError("conflict", "an admin may not remove its own account", {
          issues: [{ path: "status", message: "your own account" }],
          hint: "ask another admin, or use `carbon users remove` on the server's database",
        });
      }
      return ok(await service.users.update(body, { actor: access.claims.email }));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/users/invite",
    summary:
      "Invite a user: a pending account and a one-time code, shown once, valid for 7 days (admin)",
    query: noQuery,
    body: userInviteSchema,
    bodyName: "UserInvite",
    statuses: [201],
    response: { name: "Invitation", schema: invitationSchema },
    async handle({ service, access, body }) {
      access.company(body.companyId);
      mustManage(access);
      const existing = await findOrUndefined(() => service.users.byEmail(body.email));
      if (existing !== undefined && !manages(access, companyIdsOf(existing))) {
        throw new CarbonError("conflict", `${body.email} already has an account`, {
          issues: [{ path: "email", message: "has an account" }],
        });
      }
      return {
        status: 201,
        body: await service.users.invite(body, { actor: access.claims.email }),
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: ACCEPT_INVITE_PATH,
    summary: "Exchange an invitation's code for a token (no token needed); the code works once",
    extension: true,
    public: true,
    query: noQuery,
    body: acceptInviteSchema,
    bodyName: "AcceptInvite",
    statuses: [200],
    response: { name: "AcceptedInvitation", schema: acceptedSchema },
    async handle({ service, server, body }) {
      const user = await service.users.redeemInvitation(body.code);
      const role = roleOfUser(user);
      const companies = companyIdsOf(user);
      const email = user.email ?? "";
      const { token, expiresAt } = await server.mint({ email, role, companies, userId: user.id });
      return ok({ token, email, role, companies, expiresAt });
    },
  }),
];
