import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  COMPANY_A,
  consumptionBody,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

/** Every failure is a problem body: its shape, its content type, and never a stack. */
function expectProblem(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.contentType).toBe("application/problem+json; charset=utf-8");
  const problem = problemOf(answer);
  expect(problem).toMatchObject({ type: `urn:carbon:problem:${code}`, status, code });
  expect(problem.title).not.toBe("");
  expect(problem.detail).not.toBe("");
  expect(Array.isArray(field(answer, "errors"))).toBe(true);
  expect(answer.text).not.toMatch(/<html|\bat .*\.(ts|js):\d+/i);
}

describe("problem bodies", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ bodyLimit: 4096 });
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
  });
  afterAll(async () => {
    await server.close();
  });

  describe("pagination", () => {
    it("defaults to page 1, limit 50", async () => {
      const answer = await server.call("GET", "/api/v1/companies", { token: admin });
      expect(field(answer, "pagination")).toEqual({ page: 1, limit: 50, total: 2 });
    });

    it("accepts limit 500", async () => {
      const answer = await server.call("GET", "/api/v1/companies?limit=500", { token: admin });
      expect(field(answer, "pagination", "limit")).toBe(500);
    });

    it.each([
      ["limit=501", "limit"],
      ["limit=0", "limit"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["limit=1.5", "limit"],
      ["page=1&page=2", "page"],
    ])("%s: 400 naming %s", async (query, path) => {
      const answer = await server.call("GET", `/api/v1/consumptions?${query}`, { token: admin });
      expectProblem(answer, 400, "usage");
      expect(problemOf(answer).errors[0]?.path).toBe(path);
    });
  });

  it("400 for an unknown query parameter (no silent ignore)", async () => {
    const answer = await server.call("GET", `/api/v1/consumptions?company=${COMPANY_A}`, {
      token: admin,
    });
    expectProblem(answer, 400, "usage");
    expect(problemOf(answer).errors).toEqual([
      { path: "company", message: "unknown query parameter" },
    ]);
  });

  it.each([
    ["from=2024-02-30", "from"],
    ["scope=4", "scope"],
    ["companyId=nope", "companyId"],
  ])("400 for a bad filter %s", async (query, path) => {
    const answer = await server.call("GET", `/api/v1/emissions?${query}`, { token: admin });
    expectProblem(answer, 400, "usage");
    expect(problemOf(answer).errors[0]?.path).toBe(path);
  });

  it("400 for a body that is not JSON", async () => {
    const answer = await server.call("POST", "/api/v1/companies", {
      token: admin,
      rawBody: "{not json",
    });
    expectProblem(answer, 400, "usage");
  });

  it("400 for another content type", async () => {
    const answer = await server.call("POST", "/api/v1/companies", {
      token: admin,
      rawBody: "name=x",
      contentType: "application/x-www-form-urlencoded",
    });
    expectProblem(answer, 400, "usage");
    expect(problemOf(answer).detail).toMatch(/application\/json/);
  });

  it("401 without a token", async () => {
    expectProblem(await server.call("GET", "/api/v1/companies"), 401, "unauthenticated");
  });

  it("403 for a viewer writing", async () => {
    const viewer = await server.token("viewer");
    const answer = await server.call("POST", "/api/v1/consumptions", {
      token: viewer,
      body: consumptionBody(),
    });
    expectProblem(answer, 403, "forbidden");
  });

  it("404 for a missing record and for an unknown route", async () => {
    expectProblem(
      await server.call("GET", "/api/v1/companies/9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", {
        token: admin,
      }),
      404,
      "not_found",
    );
    expectProblem(await server.call("GET", "/api/v1/nothing-here"), 404, "not_found");
    expectProblem(await server.call("DELETE", "/api/v1/companies"), 404, "not_found");
  });

  it("409 for a building moved to another company", async () => {
    const answer = await server.call("POST", "/api/v1/buildings", {
      token: admin,
      body: {
        id: "7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3b4c",
        companyId: "5c9d2e4f-1b3a-4c6d-8e7f-9a0b1c2d3e4f",
        name: "Moved",
      },
    });
    expectProblem(answer, 409, "conflict");
  });

  it("413 for a body over the limit", async () => {
    const answer = await server.call("POST", "/api/v1/companies", {
      token: admin,
      body: { id: COMPANY_A, name: "x".repeat(5000) },
    });
    expectProblem(answer, 413, "payload_too_large");
  });

  it("422 for unknown fields, listing each", async () => {
    const answer = await server.call("POST", "/api/v1/consumptions", {
      token: admin,
      body: { ...consumptionBody(), extra: 1, isAdmin: true },
    });
    expectProblem(answer, 422, "validation");
    expect(problemOf(answer).errors).toEqual([
      { path: "extra", message: "unknown field" },
      { path: "isAdmin", message: "unknown field" },
    ]);
  });

  it("422 for bad values, with a path per problem", async () => {
    const answer = await server.call("POST", "/api/v1/consumptions", {
      token: admin,
      body: { ...consumptionBody(), quantity: "12,5", startDate: "2024-13-01" },
    });
    expectProblem(answer, 422, "validation");
    const paths = problemOf(answer).errors.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["quantity", "startDate"]));
    expect(problemOf(answer).detail).toBe("2 problems in the request body");
  });

  it("422 for a missing body", async () => {
    const answer = await server.call("POST", "/api/v1/companies", { token: admin });
    expectProblem(answer, 422, "validation");
  });

  it("422 from the service (unit of another dimension), with its field", async () => {
    const answer = await server.call("POST", "/api/v1/consumptions", {
      token: admin,
      body: consumptionBody({ unitType: "km" }),
    });
    expectProblem(answer, 422, "validation");
    expect(problemOf(answer).errors[0]?.path).toBe("unitType");
  });

  it("a dry run's validation errors name the field, not the session row", async () => {
    const answer = await server.call("POST", "/api/v1/consumptions?dryRun=true", {
      token: admin,
      body: consumptionBody({ unitType: "km" }),
    });
    expectProblem(answer, 422, "validation");
    expect(problemOf(answer).errors[0]?.path).toBe("unitType");
  });
});
