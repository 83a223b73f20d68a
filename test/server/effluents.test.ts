/**
 * carbon serve's effluents: the spec's listing with its required company and its filters, our
 * writes, get and delete as announced extensions, who may write, and what a scoped token reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILDING_A,
  BUILDING_B,
  COMPANY_A,
  COMPANY_B,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const LIMIT_A = "e7000000-0000-4000-8000-00000000000a";
const SAMPLE_A = "e7000000-0000-4000-8000-00000000000b";
const LIMIT_B = "e7000000-0000-4000-8000-00000000000c";

const limitBody = (id: string, companyId: string, buildingId: string) => ({
  id,
  companyId,
  buildingId,
  type: "limit",
  parameter: "COD",
  value: 125,
  unit: "mg/L",
  year: 2025,
});

describe("effluents over HTTP", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
    for (const body of [
      limitBody(LIMIT_A, COMPANY_A, BUILDING_A),
      limitBody(LIMIT_B, COMPANY_B, BUILDING_B),
      {
        ...limitBody(SAMPLE_A, COMPANY_A, BUILDING_A),
        type: "quality",
        value: 140,
        year: undefined,
        sampledAt: "2025-03-14",
      },
    ]) {
      const created = await server.call("POST", "/api/v1/effluents", { token: admin, body });
      expect(created.status, created.text).toBe(201);
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it("lists a company's records with the spec's filters, the sample flagged", async () => {
    const query = `companyId=${COMPANY_A}&buildingId=${BUILDING_A}&type=quality&year=2025`;
    const listed = await server.call("GET", `/api/v1/effluents?${query}`, { token: admin });
    expect(listed.status, listed.text).toBe(200);
    expect(field(listed, "pagination", "total")).toBe(1);
    expect(field(listed, "data", 0, "exceedsLimit")).toBe(true);
    expect(field(listed, "data", 0, "limitId")).toBe(LIMIT_A);
  });

  it("requires the company, as the specification does (400 naming companyId)", async () => {
    const answer = await server.call("GET", "/api/v1/effluents", { token: admin });
    expect(answer.status).toBe(400);
    expect(problemOf(answer).errors.map((issue) => issue.path)).toContain("companyId");
  });

  it("who-am-i announces the write, the get and the delete", async () => {
    const who = await server.call("POST", "/api/v1/auth/who-am-i", { token: admin });
    expect(field(who, "extensions")).toEqual(
      expect.arrayContaining(["POST /effluents", "GET /effluents/{id}", "DELETE /effluents/{id}"]),
    );
  });

  it("a token of one company reads only its records; another company's is 404", async () => {
    const onlyA = await server.token("viewer", [COMPANY_A]);
    const other = await server.call("GET", `/api/v1/effluents?companyId=${COMPANY_B}`, {
      token: onlyA,
    });
    expect(other.status).toBe(404);
    expect(
      (await server.call("GET", `/api/v1/effluents/${LIMIT_B}`, { token: onlyA })).status,
    ).toBe(404);
    const removed = await server.call("DELETE", `/api/v1/effluents/${LIMIT_B}`, { token: onlyA });
    expect(removed.status).toBe(404);
  });

  it("a viewer may not write or delete: 403, nothing changed", async () => {
    const viewer = await server.token("viewer", [COMPANY_A]);
    const write = await server.call("POST", "/api/v1/effluents", {
      token: viewer,
      body: { ...limitBody(LIMIT_A, COMPANY_A, BUILDING_A), value: 1 },
    });
    expect(write.status).toBe(403);
    const removed = await server.call("DELETE", `/api/v1/effluents/${SAMPLE_A}`, { token: viewer });
    expect(removed.status).toBe(403);
    const got = await server.call("GET", `/api/v1/effluents/${LIMIT_A}`, { token: admin });
    expect(field(got, "value")).toBe(125);
  });

  it("deletes with a dry run first, audited with the token's user", async () => {
    const dry = await server.call("DELETE", `/api/v1/effluents/${SAMPLE_A}?dryRun=true`, {
      token: admin,
    });
    expect(field(dry, "dryRun")).toBe(true);
    expect(
      (await server.call("GET", `/api/v1/effluents/${SAMPLE_A}`, { token: admin })).status,
    ).toBe(200);
    const done = await server.call("DELETE", `/api/v1/effluents/${SAMPLE_A}`, { token: admin });
    expect(done.status, done.text).toBe(200);
    expect(
      (await server.call("GET", `/api/v1/effluents/${SAMPLE_A}`, { token: admin })).status,
    ).toBe(404);
  });
});
