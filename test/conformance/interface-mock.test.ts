/**
 * The validating mock of the conformance tier: it must catch what a server of the specification
 * would refuse or misread, or the tier proves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type InterfaceMock, startInterfaceMock } from "./interface-mock.js";
import { emptyMockSeed, MOCK_MAX_PAGE } from "./mock-store.js";
import { specOperations } from "./openapi-routes.js";

const pageSchema = z.object({
  data: z.array(z.unknown()),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number() }),
});

const company = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";

function consumption(index: number): Record<string, unknown> {
  return {
    id: `c1000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    entityId: `INV-2025-${index}`,
    categoryId: "0d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e5f",
    startDate: "2025-01-01T00:00:00Z",
    endDate: "2025-01-31T00:00:00Z",
    companyId: company,
    buildingId: "b1000000-0000-4000-8000-000000000001",
    quantity: 1200.5,
    unitType: "kWh",
  };
}

describe("the validating interface mock", () => {
  let mock: InterfaceMock;
  const call = (method: string, path: string, body?: unknown, token = "a.b.c") =>
    fetch(`${mock.url}/api/v1${path}`, {
      method,
      headers: {
        ...(token === "" ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const newViolations = async (action: () => Promise<Response>) => {
    const before = mock.violations.length;
    const answer = await action();
    return { status: answer.status, problems: mock.violations.slice(before).map((v) => v.problem) };
  };

  beforeAll(async () => {
    mock = await startInterfaceMock({ shapes: "spec", seed: emptyMockSeed });
  });
  afterAll(async () => {
    await mock.close();
  });

  it("serves the operations of interface.md, every one under /api/v1, and no others", () => {
    const operations = specOperations().map((operation) => `${operation.method} ${operation.path}`);
    expect(operations.sort()).toEqual(
      [
        "POST /auth/who-am-i",
        "GET /effluents",
        "GET /service-footprint/glec",
        "POST /service-footprint/glec",
        "DELETE /service-footprint/glec",
        "GET /suppliers",
        "POST /suppliers",
        "POST /buildings/move",
        "GET /companies/{id}/buildings/regos-dashboard",
        "GET /companies/{id}/organization-limits/{limitId}",
        "GET /inputs/custom/{id}",
        "GET /consumptions",
        "GET /consumptions/{id}",
        "POST /consumptions",
        "GET /consumptions/dashboard",
        "GET /categories",
        "GET /companies",
        "POST /companies",
        "GET /companies/{id}/buildings",
        "GET /emissions",
        "GET /emissions/dashboard",
        "GET /invoices",
        "POST /invoices",
        "GET /vehicles",
        "POST /vehicles",
        "GET /emission-factors/custom",
        "GET /inputs/recommended",
        "GET /waste-operators",
        "POST /waste-operators",
        "GET /goals",
        "GET /goals/tasks",
        "GET /users",
        "POST /users",
        "PATCH /users",
        "POST /users/invite",
        "GET /comments",
      ]
        .map((operation) => operation.replace(" /", " /api/v1/"))
        .sort(),
    );
  });

  it("records a path the document does not have", async () => {
    const result = await newViolations(() => call("GET", `/companies/${company}`));
    expect(result.status).toBe(404);
    expect(result.problems).toEqual([
      `GET /api/v1/companies/${company} is not an operation of the document`,
    ]);
  });

  it("records null where the document types a string, and a missing required field", async () => {
    const { unitType: _dropped, ...missingUnit } = consumption(1);
    const result = await newViolations(() =>
      call("POST", "/consumptions", { ...missingUnit, entityId: null }),
    );
    expect(result.status).toBe(400);
    expect(result.problems.join(" ")).toContain("body/entityId must be string");
    expect(result.problems.join(" ")).toContain("must have required property 'unitType'");
  });

  it("records a date where a date-time is typed, and a number where a decimal string is", async () => {
    const dates = await newViolations(() =>
      call("POST", "/consumptions", { ...consumption(2), startDate: "2025-01-01" }),
    );
    expect(dates.problems.join(" ")).toContain('body/startDate must match format "date-time"');
    const glec = await newViolations(() =>
      call("POST", "/service-footprint/glec", { companyId: company, actions: [{ distance: 250 }] }),
    );
    expect(glec.problems.join(" ")).toContain("body/actions/0/distance must be string");
  });

  it("records a query parameter the document does not give a write, such as dryRun", async () => {
    const result = await newViolations(() =>
      call("POST", "/buildings/move?dryRun=true", { buildingIds: [], companyId: company }),
    );
    expect(result.problems).toEqual(["querystring must NOT have additional properties"]);
  });

  it("records a request without a bearer token", async () => {
    const result = await newViolations(() =>
      call("GET", `/consumptions?companyId=${company}`, undefined, ""),
    );
    expect(result.problems).toEqual([
      "no Authorization: Bearer header (the document's security applies to all)",
    ]);
  });

  it("lists what was POSTed, a page of at most 100 whatever the limit asked", async () => {
    for (let index = 10; index < 115; index += 1) {
      const answer = await call("POST", "/consumptions", consumption(index));
      expect(answer.status).toBeLessThan(300);
    }
    const before = mock.violations.length;
    const answer = await call("GET", `/consumptions?companyId=${company}&limit=500&page=1`);
    const page = pageSchema.parse(await answer.json());
    expect(page.data).toHaveLength(MOCK_MAX_PAGE);
    expect(page.pagination).toEqual({ page: 1, limit: MOCK_MAX_PAGE, total: 105 });
    expect(mock.violations.slice(before)).toEqual([]);
    expect(mock.writes()).toBeGreaterThanOrEqual(105);
  });
});

describe("the interface mock in the hosted service's shapes", () => {
  let mock: InterfaceMock;
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const answer = await fetch(`${mock.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: "Bearer a.b.c",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return answer.json();
  };

  beforeAll(async () => {
    mock = await startInterfaceMock({
      shapes: "hosted",
      seed: {
        ...emptyMockSeed,
        suppliers: [
          {
            id: "d1000000-0000-4000-8000-000000000001",
            companyId: company,
            name: "Naturgy Iberia S.A.",
            email: null,
            address: "Avenida de América 38",
            type: "suppliers",
          },
        ],
      },
    });
  });
  afterAll(async () => {
    await mock.close();
  });

  it("answers a consumption upsert with {status, isCreated, isUpdated} and a get with {id, data}", async () => {
    const record = consumption(1);
    expect(await call("POST", "/consumptions", record)).toEqual({
      status: "ok",
      isCreated: true,
      isUpdated: false,
    });
    expect(await call("POST", "/consumptions", record)).toEqual({
      status: "ok",
      isCreated: false,
      isUpdated: true,
    });
    expect(await call("GET", `/consumptions/${String(record.id)}`)).toEqual({
      id: record.id,
      data: record,
    });
  });

  it("lists suppliers as {id, name, email} only, and announces no extensions", async () => {
    const page = await call("GET", `/suppliers?companyId=${company}`);
    expect(page).toEqual({
      data: [{ id: "d1000000-0000-4000-8000-000000000001", name: "Naturgy Iberia S.A." }],
      pagination: { page: 1, limit: 20, total: 1 },
    });
    expect(await call("POST", "/auth/who-am-i")).not.toHaveProperty("extensions");
    expect(mock.violations).toEqual([]);
  });
});
