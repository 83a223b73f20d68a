import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../../src/server/routes/index.js";
import { field, startTestServer, type TestServer } from "./helpers.js";

describe("GET /openapi.json", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("is an OpenAPI 3.1 document, served without a token", async () => {
    const answer = await server.call("GET", "/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain("application/json");
    expect(field(answer, "openapi")).toBe("3.1.0");
    expect(field(answer, "components", "securitySchemes", "bearerAuth")).toEqual({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
  });

  it("describes every route of the table, under /api/v1, and only those", async () => {
    const answer = await server.call("GET", "/openapi.json");
    const paths = field(answer, "paths");
    if (typeof paths !== "object" || paths === null) throw new Error("no paths");
    const described = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = routeTable.map((route) => `${route.method} /api/v1${route.path}`);
    expect(described.sort()).toEqual([...served, "GET /healthz", "GET /openapi.json"].sort());
    expect(served).toEqual(
      expect.arrayContaining([
        "POST /api/v1/auth/who-am-i",
        "GET /api/v1/companies/{id}/buildings",
        "GET /api/v1/categories",
        "POST /api/v1/consumptions",
        "GET /api/v1/consumptions/dashboard",
        "GET /api/v1/emissions/dashboard",
        "GET /api/v1/emission-factors/custom",
      ]),
    );
  });

  it("documents bodies, parameters and responses from the zod schemas", async () => {
    const answer = await server.call("GET", "/openapi.json");
    const input = field(answer, "components", "schemas", "ConsumptionInput");
    expect(input).toMatchObject({ type: "object", additionalProperties: false });
    expect(field(answer, "components", "schemas", "ConsumptionInput", "required")).toEqual(
      expect.arrayContaining(["id", "quantity", "unitType"]),
    );
    const list = field(answer, "paths", "/api/v1/consumptions", "get");
    expect(JSON.stringify(list)).toContain('"name":"limit"');
    expect(field(answer, "paths", "/api/v1/consumptions", "get", "responses", "200")).toMatchObject(
      {
        content: {
          "application/json": { schema: { $ref: "#/components/schemas/ConsumptionPage" } },
        },
      },
    );
    expect(field(answer, "paths", "/healthz", "get", "security")).toEqual([]);
  });

  it("every route of the table answers (not a 404 route)", async () => {
    const token = await server.token("viewer");
    for (const route of routeTable) {
      const path = `/api/v1${route.path.replace("{id}", "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a")}`;
      const answer = await server.call(route.method, path, { token });
      expect(answer.text, `${route.method} ${path}`).not.toContain("no route");
    }
  });
});
