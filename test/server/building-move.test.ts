/**
 * `POST /api/v1/buildings/move` and `GET /api/v1/audit` through a real server: who may move
 * (an admin seeing both companies), the dry run, and what the answers carry.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Role } from "../../src/server/auth.js";
import {
  BUILDING_A,
  BUILDING_B,
  COMPANY_A,
  COMPANY_B,
  consumptionBody,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const MOVE = "/api/v1/buildings/move";
const moveAToB = { buildingIds: [BUILDING_A], companyId: COMPANY_B };

describe("POST /api/v1/buildings/move", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    await server.service.consumptions.upsert(consumptionBody());
  });
  afterEach(async () => {
    await server.close();
  });

  async function companyOfA(): Promise<string> {
    return (await server.service.buildings.get(BUILDING_A)).companyId;
  }

  it.each<[string, Role, readonly string[], number, string]>([
    ["a member", "member", [], 403, "forbidden"],
    ["a viewer", "viewer", [], 403, "forbidden"],
    ["a member of both companies", "member", [COMPANY_A, COMPANY_B], 403, "forbidden"],
    ["an admin of the source company only", "admin", [COMPANY_A], 404, "not_found"],
    ["an admin of the target company only", "admin", [COMPANY_B], 404, "not_found"],
  ])("%s is refused, nothing moves", async (_label, role, companies, status, code) => {
    const token = await server.token(role, companies);
    for (const query of ["", "?dryRun=true"]) {
      const answer = await server.call("POST", `${MOVE}${query}`, { token, body: moveAToB });
      expect(answer.status).toBe(status);
      expect(problemOf(answer).code).toBe(code);
    }
    expect(await companyOfA()).toBe(COMPANY_A);
    expect((await server.service.audit.list({})).pagination.total).toBe(0);
  });

  it("an admin of both companies moves, and the audit trail names the token's user", async () => {
    const token = await server.token("admin", [COMPANY_A, COMPANY_B], "ops@example.com");
    const answer = await server.call("POST", MOVE, { token, body: moveAToB });
    expect(answer.status).toBe(200);
    expect(field(answer, "totals")).toEqual({
      moved: 1,
      unchanged: 0,
      consumptions: 1,
      emissions: 1,
      awaitingFactor: 0,
    });
    expect(field(answer, "buildings", 0, "fromCompanyId")).toBe(COMPANY_A);
    expect(await companyOfA()).toBe(COMPANY_B);
    const audit = await server.call("GET", "/api/v1/audit", { token });
    expect(audit.status).toBe(200);
    expect(field(audit, "data", 0, "actor")).toBe("ops@example.com");
    expect(field(audit, "data", 0, "moveId")).toBe(field(answer, "moveId"));
  });

  it("?dryRun=true answers the plan and moves nothing", async () => {
    const token = await server.token("admin");
    const answer = await server.call("POST", `${MOVE}?dryRun=true`, { token, body: moveAToB });
    expect(answer.status).toBe(200);
    expect(field(answer, "dryRun")).toBe(true);
    expect(field(answer, "buildings", 0, "action")).toBe("move");
    expect(field(answer, "buildings", 0, "consumptions")).toBe(1);
    expect(await companyOfA()).toBe(COMPANY_A);
  });

  it.each([
    ["a duplicate id", { buildingIds: [BUILDING_A, BUILDING_A], companyId: COMPANY_B }, "", 422],
    ["an unknown field", { ...moveAToB, from: COMPANY_A }, "", 422],
    ["a bad dryRun", moveAToB, "?dryRun=yes", 400],
  ])("refuses %s", async (_label, body, query, status) => {
    const token = await server.token("admin");
    const answer = await server.call("POST", `${MOVE}${query}`, { token, body });
    expect(answer.status).toBe(status);
    expect(await companyOfA()).toBe(COMPANY_A);
  });

  it("names the duplicate's position", async () => {
    const token = await server.token("admin");
    const body = { buildingIds: [BUILDING_A, BUILDING_B, BUILDING_A], companyId: COMPANY_B };
    const answer = await server.call("POST", MOVE, { token, body });
    expect(problemOf(answer).errors).toEqual([
      {
        path: "buildingIds.2",
        message: `duplicate building id ${BUILDING_A} (also at buildingIds.0)`,
      },
    ]);
  });
});

describe("GET /api/v1/audit", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    await server.service.buildings.move({ ...moveAToB, actor: "first@example.com" });
  });
  afterEach(async () => {
    await server.close();
  });

  it.each<[string, Role, readonly string[], string, number, number]>([
    ["an admin", "admin", [], "", 200, 1],
    ["an admin of the source company", "admin", [COMPANY_A], "", 200, 1],
    ["an admin of another company", "admin", ["0e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b"], "", 200, 0],
    [
      "an admin filtering by a company it does not see",
      "admin",
      [COMPANY_A],
      `?companyId=${COMPANY_B},${COMPANY_A}`,
      404,
      0,
    ],
    [
      "an admin filtering by two companies",
      "admin",
      [],
      `?companyId=${COMPANY_B},${COMPANY_A}`,
      200,
      1,
    ],
    ["a member", "member", [], "", 403, 0],
    ["a viewer", "viewer", [], "", 403, 0],
  ])("%s", async (_label, role, companies, query, status, total) => {
    const token = await server.token(role, companies);
    const answer = await server.call("GET", `/api/v1/audit${query}`, { token });
    expect(answer.status).toBe(status);
    if (status === 200) expect(field(answer, "pagination", "total")).toBe(total);
  });

  it("refuses a company list that is not UUIDs (400)", async () => {
    const token = await server.token("admin");
    const answer = await server.call("GET", "/api/v1/audit?companyId=acme", { token });
    expect(answer.status).toBe(400);
  });
});
