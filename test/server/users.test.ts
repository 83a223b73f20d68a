/**
 * carbon serve's users: a token minted for an account speaks with the account's current role
 * and companies, and stops working when the account is removed; PATCH is audited; an invitation's
 * code gives a token once; a scoped admin manages only the users of its companies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../src/server/auth.js";
import {
  BUILDING_A,
  COMPANY_A,
  COMPANY_B,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const ANA = "a1000000-0000-4000-8000-000000000001";
const BEA = "a1000000-0000-4000-8000-000000000002";
const CAL = "a1000000-0000-4000-8000-000000000003";
const OWNER_A = "a1000000-0000-4000-8000-000000000004";
const USERS = "/api/v1/users";

describe("users over HTTP", () => {
  let server: TestServer;
  let root: string;

  /** A token for a stored account, as `carbon serve token` mints it. */
  const accountToken = async (userId: string) => {
    const user = await server.service.users.get(userId);
    return signToken(
      {
        email: user.email ?? "",
        role: "viewer",
        companies: [],
        userId,
        ttlSeconds: 3600,
      },
      server.secret,
    );
  };

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    // The install's bootstrap: a token without an account keeps its own claims.
    root = await server.token("admin");
    for (const [id, email, roles, companies] of [
      [ANA, "ana@example.com", "ROLE_MANAGER", [COMPANY_A]],
      [BEA, "bea@example.com", "ROLE_VIEWER", [COMPANY_B]],
      [OWNER_A, "owner-a@example.com", "ROLE_OWNER", [COMPANY_A]],
    ] as const) {
      const answer = await server.call("POST", USERS, {
        token: root,
        body: { id, email, roles, companies: companies.map((companyId) => ({ companyId })) },
      });
      expect(answer.status).toBe(201);
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers an account with our role beside the hosted one", async () => {
    const answer = await server.call("GET", `${USERS}/${ANA}`, { token: root });
    expect(answer.json).toMatchObject({
      id: ANA,
      email: "ana@example.com",
      roles: ["ROLE_MANAGER"],
      role: "member",
      companies: [{ companyId: COMPANY_A }],
      status: "active",
    });
  });

  it("a token of an account takes the account's role, and a change applies to the next request", async () => {
    const token = await accountToken(ANA);
    const building = { id: BUILDING_A, companyId: COMPANY_A, name: "HQ", country: "ES" };
    expect((await server.call("POST", "/api/v1/buildings", { token, body: building })).status).toBe(
      200,
    );
    const who = await server.call("POST", "/api/v1/auth/who-am-i", { token });
    expect(who.json).toMatchObject({ role: "member", roles: ["ROLE_MANAGER"], userId: ANA });
    const patch = await server.call("PATCH", USERS, {
      token: root,
      body: { id: ANA, roles: "ROLE_VALIDATOR" },
    });
    expect(patch.status).toBe(200);
    const refused = await server.call("POST", "/api/v1/buildings", { token, body: building });
    expect(refused.status).toBe(403);
  });

  it("a removed user's token stops working (401), and the change is in the audit trail", async () => {
    const token = await accountToken(BEA);
    expect((await server.call("GET", "/api/v1/companies", { token })).status).toBe(200);
    const patch = await server.call("PATCH", USERS, {
      token: root,
      body: { id: BEA, status: "removed" },
    });
    expect(patch.status).toBe(200);
    expect(field(patch, "status")).toBe("removed");
    const refused = await server.call("GET", "/api/v1/companies", { token });
    expect(refused.status).toBe(401);
    expect(problemOf(refused).detail).toBe("the account of bea@example.com is removed");
    const audit = await server.call("GET", "/api/v1/audit", { token: root });
    const records = field(audit, "data");
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "users.update",
          actor: "admin@example.com",
          recordId: BEA,
          companyId: COMPANY_B,
          record: {
            email: "bea@example.com",
            before: { roles: ["ROLE_VIEWER"], companies: [COMPANY_B], status: "active" },
            after: { roles: ["ROLE_VIEWER"], companies: [COMPANY_B], status: "removed" },
          },
        }),
      ]),
    );
  });

  it("an invitation's code gives a token once: the account becomes active, the code is spent", async () => {
    const invited = await server.call("POST", `${USERS}/invite`, {
      token: root,
      body: { email: "Cal@Example.com", companyId: COMPANY_A, roles: ["ROLE_VIEWER"] },
    });
    expect(invited.status).toBe(201);
    expect(field(invited, "user", "status")).toBe("pending");
    const code = field(invited, "code");
    if (typeof code !== "string") throw new Error("no code");
    const accepted = await server.call("POST", "/api/v1/auth/accept-invite", { body: { code } });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({
      email: "Cal@Example.com",
      role: "viewer",
      companies: [COMPANY_A],
    });
    const token = field(accepted, "token");
    if (typeof token !== "string") throw new Error("no token");
    const who = await server.call("POST", "/api/v1/auth/who-am-i", { token });
    expect(who.json).toMatchObject({ email: "Cal@Example.com", roles: ["ROLE_VIEWER"] });
    const again = await server.call("POST", "/api/v1/auth/accept-invite", { body: { code } });
    expect(again.status).toBe(422);
    expect(problemOf(again).detail).toMatch(/not valid: unknown, already used or expired/);
    const listed = await server.call("GET", `${USERS}?companyId=${COMPANY_A}`, { token: root });
    expect(field(listed, "data")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "Cal@Example.com", status: "active" }),
      ]),
    );
    const actions = (await server.service.audit.list({})).data.map((record) => record.action);
    expect(actions).toEqual(expect.arrayContaining(["users.invite", "users.accept"]));
  });

  it("an admin of company A neither lists nor invites the users of company B (404), and sees only A's", async () => {
    const token = await accountToken(OWNER_A);
    const ofB = await server.call("GET", `${USERS}?companyId=${COMPANY_B}`, { token });
    expect(ofB.status).toBe(404);
    const invite = await server.call("POST", `${USERS}/invite`, {
      token,
      body: { email: "dan@example.com", companyId: COMPANY_B, roles: "ROLE_VIEWER" },
    });
    expect(invite.status).toBe(404);
    expect(await server.service.users.byEmail("dan@example.com").catch(() => undefined)).toBe(
      undefined,
    );
    expect((await server.call("GET", `${USERS}/${BEA}`, { token })).status).toBe(404);
    const own = await server.call("GET", USERS, { token });
    const emails = JSON.stringify(field(own, "data"));
    expect(emails).toContain('"ana@example.com"');
    expect(emails).not.toContain('"bea@example.com"');
    const everyCompany = await server.call("POST", USERS, {
      token,
      body: { id: CAL, email: "new@example.com", roles: "ROLE_VIEWER" },
    });
    expect(everyCompany.status).toBe(403);
  });

  it("only admins manage users; an admin may not remove itself", async () => {
    const member = await server.token("member");
    expect((await server.call("GET", USERS, { token: member })).status).toBe(403);
    const self = await accountToken(OWNER_A);
    const removal = await server.call("PATCH", USERS, {
      token: self,
      body: { id: OWNER_A, status: "removed" },
    });
    expect(removal.status).toBe(409);
    expect(field(await server.call("GET", `${USERS}/${OWNER_A}`, { token: root }), "status")).toBe(
      "active",
    );
  });

  it("refuses a password, a new user without e-mail and a taken e-mail, storing nothing", async () => {
    const id = "a1000000-0000-4000-8000-0000000000ff";
    const cases = [
      [{ id, email: "eve@example.com", roles: "ROLE_VIEWER", password: "secret" }, 422, "password"],
      [{ id, roles: "ROLE_VIEWER" }, 422, "email"],
      [{ id, email: "ANA@example.com", roles: "ROLE_VIEWER" }, 409, "email"],
      [{ id, email: "eve@example.com", roles: "ROLE_ROOT" }, 422, "roles"],
    ] as const;
    for (const [body, status, path] of cases) {
      const answer = await server.call("POST", USERS, { token: root, body });
      expect(answer.status).toBe(status);
      expect(problemOf(answer).errors[0]?.path).toBe(path);
    }
    expect((await server.call("GET", `${USERS}/${id}`, { token: root })).status).toBe(404);
  });
});
