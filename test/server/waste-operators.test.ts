/**
 * carbon serve's waste operators at the spec's paths: who may write, what a scoped token lists
 * and reads, and the problem a bad body or a taken name answers (nothing stored either way).
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

const OPERATOR_A = "e4000000-0000-4000-8000-00000000000a";
const OPERATOR_B = "e4000000-0000-4000-8000-00000000000b";
const OPERATOR_NEW = "e4000000-0000-4000-8000-00000000000c";
const PATH = "/api/v1/waste-operators";

describe("waste operators over HTTP", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
    for (const [id, companyId, name] of [
      [OPERATOR_A, COMPANY_A, "Recycla"],
      [OPERATOR_B, COMPANY_B, "Vertedero"],
    ] as const) {
      const created = await server.call("POST", PATH, {
        token: admin,
        body: { id, companyId, name, treatments: ["landfill"] },
      });
      expect(created.status, created.text).toBe(201);
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it("the same body again is an update: 200, createdAt kept, updatedAt answered", async () => {
    const before = await server.call("GET", `${PATH}/${OPERATOR_A}`, { token: admin });
    const again = await server.call("POST", PATH, {
      token: admin,
      body: { id: OPERATOR_A, companyId: COMPANY_A, name: "Recycla", treatments: ["landfill"] },
    });
    expect(again.status).toBe(200);
    expect(field(again, "createdAt")).toBe(field(before, "createdAt"));
    expect(field(again, "updatedAt")).toEqual(expect.any(String));
  });

  it("a token of one company lists and reads only its operators; of both, the union", async () => {
    const onlyA = await server.token("viewer", [COMPANY_A]);
    const listed = await server.call("GET", PATH, { token: onlyA });
    expect(field(listed, "pagination", "total")).toBe(1);
    expect(field(listed, "data", 0, "id")).toBe(OPERATOR_A);
    const other = await server.call("GET", `${PATH}/${OPERATOR_B}`, { token: onlyA });
    expect(other.status).toBe(404);
    const both = await server.token("viewer", [COMPANY_A, COMPANY_B]);
    const union = await server.call("GET", `${PATH}?limit=1&page=2`, { token: both });
    expect(field(union, "pagination")).toEqual({ page: 2, limit: 1, total: 2 });
    expect(field(union, "data", 0, "id")).toBe(OPERATOR_B);
  });

  it("a viewer may not write: 403, nothing stored", async () => {
    const viewer = await server.token("viewer", [COMPANY_A]);
    const answer = await server.call("POST", PATH, {
      token: viewer,
      body: { id: OPERATOR_NEW, companyId: COMPANY_A, name: "New", treatments: ["recycling"] },
    });
    expect(answer.status).toBe(403);
    expect((await server.call("GET", `${PATH}/${OPERATOR_NEW}`, { token: admin })).status).toBe(
      404,
    );
  });

  it.each([
    [{ treatments: ["dumping"] }, "treatments.0"],
    [{ treatments: [] }, "treatments"],
    [{ countryCode: "Spain" }, "countryCode"],
    [{ name: "" }, "name"],
  ])("a body with %j is refused at its field, nothing stored", async (change, path) => {
    const answer = await server.call("POST", PATH, {
      token: admin,
      body: {
        id: OPERATOR_NEW,
        companyId: COMPANY_A,
        name: "New",
        treatments: ["landfill"],
        ...change,
      },
    });
    expect(answer.status).toBe(422);
    expect(problemOf(answer).errors.map((issue) => issue.path)).toContain(path);
    expect((await server.call("GET", `${PATH}/${OPERATOR_NEW}`, { token: admin })).status).toBe(
      404,
    );
  });

  it("another operator's name in the company: 409 naming it, nothing stored", async () => {
    const answer = await server.call("POST", PATH, {
      token: admin,
      body: { id: OPERATOR_NEW, companyId: COMPANY_A, name: " RECYCLA ", treatments: ["landfill"] },
    });
    expect(answer.status).toBe(409);
    expect(problemOf(answer).detail).toContain(OPERATOR_A);
    expect((await server.call("GET", `${PATH}/${OPERATOR_NEW}`, { token: admin })).status).toBe(
      404,
    );
  });
});
