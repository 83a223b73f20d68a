/** The served GLEC routes: status codes, roles and company scope (docs/http-api.md). */
import { readFileSync } from "node:fs";
import path from "node:path";
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

const PATH = "/api/v1/service-footprint/glec";
// The fixture's company is COMPANY_A of the helpers.
const entryA = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);
const entryB = { ...entryA, id: "6a1f0c2e-7b3d-4e5f-8a9b-0000000000bb", companyId: COMPANY_B };

describe("served GLEC routes", () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let memberOfB: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
    viewer = await server.token("viewer");
    memberOfB = await server.token("member", [COMPANY_B]);
  });
  afterAll(async () => {
    await server.close();
  });

  it("POST answers 201 {message, id} when created, 200 when the id is replaced", async () => {
    const created = await server.call("POST", PATH, { token: admin, body: entryA });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ message: "GLEC entry created", id: entryA.id });
    const replaced = await server.call("POST", PATH, { token: admin, body: entryA });
    expect(replaced.status).toBe(200);
    expect(field(replaced, "message")).toBe("GLEC entry replaced");
    const member = await server.call("POST", PATH, { token: memberOfB, body: entryB });
    expect(member.status).toBe(201);
  });

  it("a bad code is 422 naming the field and the accepted codes", async () => {
    const bad = { ...entryA, actions: [{ ...entryA.actions[0], loadUnit: "TEU" }] };
    const answer = await server.call("POST", PATH, { token: admin, body: bad });
    expect(answer.status).toBe(422);
    const problem = problemOf(answer);
    expect(problem.errors[0]?.path).toBe("actions.0.loadUnit");
    expect(problem.errors[0]?.message).toContain("accepted: kg, t");
  });

  it("a viewer reads but may not write (403)", async () => {
    expect((await server.call("GET", PATH, { token: viewer })).status).toBe(200);
    expect((await server.call("GET", `${PATH}/${entryA.id}`, { token: viewer })).status).toBe(200);
    expect((await server.call("POST", PATH, { token: viewer, body: entryA })).status).toBe(403);
    expect((await server.call("DELETE", `${PATH}/${entryA.id}`, { token: viewer })).status).toBe(
      403,
    );
  });

  it("GET lists with page, limit and companyId; a scoped token sees its companies only", async () => {
    const all = await server.call("GET", `${PATH}?limit=1`, { token: admin });
    expect(field(all, "pagination")).toEqual({ page: 1, limit: 1, total: 2 });
    const ofA = await server.call("GET", `${PATH}?companyId=${COMPANY_A}`, { token: admin });
    expect(field(ofA, "data", 0, "id")).toBe(entryA.id);
    expect(field(ofA, "data", 0, "calculation", "legs", 0, "method")).toBe("measured_energy");
    const scoped = await server.call("GET", PATH, { token: memberOfB });
    expect(field(scoped, "pagination", "total")).toBe(1);
    expect(field(scoped, "data", 0, "companyId")).toBe(COMPANY_B);
  });

  it("GET filters by a period the entry overlaps, under our names (from, to) and the hosted service's (startDate, endDate)", async () => {
    const june = { ...entryA, id: "6a1f0c2e-7b3d-4e5f-8a9b-0000000000dd" };
    const body = { ...june, startDate: "2025-06-02", endDate: "2025-06-05" };
    expect((await server.call("POST", PATH, { token: admin, body })).status).toBe(201);
    const ids = async (query: string, token = admin) => {
      const answer = await server.call("GET", `${PATH}?${query}`, { token });
      expect(answer.status).toBe(200);
      return (answer.json as { data: { id: string }[] }).data.map((entry) => entry.id);
    };
    const ofA = `companyId=${COMPANY_A}`;
    expect(await ids(`${ofA}&startDate=2025-06-01&endDate=2025-06-30`)).toEqual([june.id]);
    expect(await ids(`${ofA}&from=2025-06-01&to=2025-06-30`)).toEqual([june.id]);
    expect(await ids(`${ofA}&startDate=2025-03-12&endDate=2025-06-02`)).toEqual([
      entryA.id,
      june.id,
    ]);
    expect(await ids(`${ofA}&endDate=2025-03-02`)).toEqual([]);
    expect(await ids("startDate=2025-06-01", memberOfB)).toEqual([]);
    expect(await ids("startDate=2025-03-01&endDate=2025-03-31", memberOfB)).toEqual([entryB.id]);
    const both = await server.call("GET", `${PATH}?from=2025-06-01&startDate=2025-06-01`, {
      token: admin,
    });
    expect([both.status, problemOf(both).errors[0]?.path]).toEqual([400, "startDate"]);
    const bad = await server.call("GET", `${PATH}?startDate=2025-13-01`, { token: admin });
    expect([bad.status, problemOf(bad).errors[0]?.path]).toEqual([400, "startDate"]);
    expect((await server.call("DELETE", `${PATH}?id=${june.id}`, { token: admin })).status).toBe(
      200,
    );
  });

  it("another company's entry is 404 for a scoped token, whatever the verb", async () => {
    const get = await server.call("GET", `${PATH}/${entryA.id}`, { token: memberOfB });
    expect(get.status).toBe(404);
    const filter = await server.call("GET", `${PATH}?companyId=${COMPANY_A}`, { token: memberOfB });
    expect(filter.status).toBe(404);
    const post = await server.call("POST", PATH, { token: memberOfB, body: entryA });
    expect(post.status).toBe(404);
    const hijack = { ...entryA, companyId: COMPANY_B };
    expect((await server.call("POST", PATH, { token: memberOfB, body: hijack })).status).toBe(404);
    const del = await server.call("DELETE", `${PATH}/${entryA.id}`, { token: memberOfB });
    expect(del.status).toBe(404);
    expect((await server.call("GET", `${PATH}/${entryA.id}`, { token: admin })).status).toBe(200);
  });

  it("DELETE answers 200 {message, id}; then the entry is 404", async () => {
    const del = await server.call("DELETE", `${PATH}/${entryB.id}`, { token: memberOfB });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ message: "GLEC entry deleted", id: entryB.id });
    expect((await server.call("GET", `${PATH}/${entryB.id}`, { token: admin })).status).toBe(404);
  });

  it("DELETE with the id as a query parameter (the spec's path) deletes; a scoped token sees its companies only", async () => {
    const entryC = { ...entryA, id: "6a1f0c2e-7b3d-4e5f-8a9b-0000000000cc" };
    expect((await server.call("POST", PATH, { token: admin, body: entryC })).status).toBe(201);
    const hidden = await server.call("DELETE", `${PATH}?id=${entryC.id}`, { token: memberOfB });
    expect(hidden.status).toBe(404);
    const del = await server.call("DELETE", `${PATH}?id=${entryC.id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ message: "GLEC entry deleted", id: entryC.id });
    expect((await server.call("GET", `${PATH}/${entryC.id}`, { token: admin })).status).toBe(404);
    const bad = await server.call("DELETE", `${PATH}?id=nope`, { token: admin });
    expect([bad.status, problemOf(bad).errors[0]?.path]).toEqual([400, "id"]);
  });

  it("who-am-i announces the /{id} routes as extensions, not the spec's DELETE", async () => {
    const answer = await server.call("POST", "/api/v1/auth/who-am-i", { token: admin });
    const { extensions } = answer.json as { extensions: string[] };
    expect(extensions).toContain("GET /service-footprint/glec/{id}");
    expect(extensions).toContain("DELETE /service-footprint/glec/{id}");
    expect(extensions).not.toContain("DELETE /service-footprint/glec");
    expect(extensions).toContain("glecEveryCompany");
  });
});
