/**
 * carbon serve's organization limits: the spec's get at its exact path, our list, upsert and
 * delete announced as extensions, who may write, what a scoped token reads and may name as a member,
 * and a body refused at its field with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPANY_A,
  COMPANY_B,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const LIMIT_A = "d4000000-0000-4000-8000-00000000000a";
const LIMIT_B = "d4000000-0000-4000-8000-00000000000b";
const LIMIT_NEW = "d4000000-0000-4000-8000-00000000000c";

const limitBody = (id: string, companyId: string, members: object[] = []) => ({
  id,
  companyId,
  name: "FY2024",
  approach: "equity_share",
  periodFrom: "2024-01-01",
  periodTo: "2024-12-31",
  members,
});

describe("organization limits over HTTP", () => {
  let server: TestServer;
  let admin: string;
  const path = (companyId: string, id = "") =>
    `/api/v1/companies/${companyId}/organization-limits${id === "" ? "" : `/${id}`}`;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
    for (const [id, companyId, members] of [
      [LIMIT_A, COMPANY_A, [{ companyId: COMPANY_B, sharePercent: 40 }]],
      [LIMIT_B, COMPANY_B, []],
    ] as const) {
      const created = await server.call("POST", path(companyId), {
        token: admin,
        body: limitBody(id, companyId, [...members]),
      });
      expect(created.status, created.text).toBe(201);
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers the spec's get, with the hosted service's repeated companyId", async () => {
    const got = await server.call("GET", `${path(COMPANY_A, LIMIT_A)}?companyId=${COMPANY_A}`, {
      token: admin,
    });
    expect(got.status, got.text).toBe(200);
    expect(field(got, "members", 0, "sharePercent")).toBe(40);
    expect((await server.call("GET", path(COMPANY_B, LIMIT_A), { token: admin })).status).toBe(404);
    const listed = await server.call("GET", path(COMPANY_A), { token: admin });
    expect(field(listed, "pagination", "total")).toBe(1);
  });

  it("who-am-i announces the list, the upsert and the delete", async () => {
    const who = await server.call("POST", "/api/v1/auth/who-am-i", { token: admin });
    expect(field(who, "extensions")).toEqual(
      expect.arrayContaining([
        "GET /companies/{id}/organization-limits",
        "POST /companies/{id}/organization-limits",
        "DELETE /companies/{id}/organization-limits/{limitId}",
      ]),
    );
    expect(field(who, "extensions")).not.toContain(
      "GET /companies/{id}/organization-limits/{limitId}",
    );
  });

  it("a token of one company reads only its limits, and may not name another as a member", async () => {
    const onlyA = await server.token("member", [COMPANY_A]);
    expect((await server.call("GET", path(COMPANY_B, LIMIT_B), { token: onlyA })).status).toBe(404);
    expect((await server.call("GET", path(COMPANY_B), { token: onlyA })).status).toBe(404);
    expect((await server.call("GET", path(COMPANY_A, LIMIT_A), { token: onlyA })).status).toBe(200);
    const answer = await server.call("POST", path(COMPANY_A), {
      token: onlyA,
      body: limitBody(LIMIT_NEW, COMPANY_A, [{ companyId: COMPANY_B }]),
    });
    expect(answer.status).toBe(404);
    expect(problemOf(answer).errors.map((issue) => issue.path)).toEqual(["members.0.companyId"]);
    expect((await server.call("GET", path(COMPANY_A, LIMIT_NEW), { token: admin })).status).toBe(
      404,
    );
  });

  it("a viewer may not write: 403, nothing stored", async () => {
    const viewer = await server.token("viewer", [COMPANY_A]);
    const answer = await server.call("POST", path(COMPANY_A), {
      token: viewer,
      body: limitBody(LIMIT_NEW, COMPANY_A),
    });
    expect(answer.status).toBe(403);
    expect((await server.call("GET", path(COMPANY_A, LIMIT_NEW), { token: admin })).status).toBe(
      404,
    );
  });

  it("DELETE: out of scope or under another company 404, a viewer 403, a dry run keeps it, then 200", async () => {
    const onlyA = await server.token("member", [COMPANY_A]);
    const viewer = await server.token("viewer", [COMPANY_B]);
    const remove = (companyId: string, token: string, query = "") =>
      server.call("DELETE", `${path(companyId, LIMIT_B)}${query}`, { token });
    expect((await remove(COMPANY_B, onlyA)).status).toBe(404);
    expect((await remove(COMPANY_A, admin)).status).toBe(404);
    expect((await remove(COMPANY_B, viewer)).status).toBe(403);
    const dryRun = await remove(COMPANY_B, admin, "?dryRun=true");
    expect(dryRun.status, dryRun.text).toBe(200);
    expect(field(dryRun, "deleted", 0, "auditId")).toBeNull();
    expect((await server.call("GET", path(COMPANY_B, LIMIT_B), { token: admin })).status).toBe(200);
    const done = await remove(COMPANY_B, admin);
    expect(done.status, done.text).toBe(200);
    expect(field(done, "deleted", 0, "resource")).toBe("organizationLimit");
    expect((await server.call("GET", path(COMPANY_B, LIMIT_B), { token: admin })).status).toBe(404);
    expect((await remove(COMPANY_B, admin)).status).toBe(404);
  });

  it.each([
    [{ companyId: COMPANY_B }, "companyId"],
    [{ approach: "control" }, "approach"],
    [{ periodFrom: "2024-13-01" }, "periodFrom"],
    [{ members: [{ companyId: COMPANY_B, sharePercent: 0 }] }, "members.0.sharePercent"],
    [{ members: [{ companyId: COMPANY_A }] }, "members.0.companyId"],
  ])("a body with %j is refused at its field, nothing stored", async (change, at) => {
    const answer = await server.call("POST", path(COMPANY_A), {
      token: admin,
      body: { ...limitBody(LIMIT_NEW, COMPANY_A), ...change },
    });
    expect(answer.status).toBe(422);
    expect(problemOf(answer).errors.map((issue) => issue.path)).toContain(at);
    expect((await server.call("GET", path(COMPANY_A, LIMIT_NEW), { token: admin })).status).toBe(
      404,
    );
  });
});
