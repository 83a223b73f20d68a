import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILDING_A,
  COMPANY_A,
  COMPANY_B,
  consumptionBody,
  ELECTRICITY,
  field,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

// Every route's happy path through real HTTP, with an unscoped admin token.
describe("routes", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
    const stored = await server.call("POST", "/api/v1/consumptions", {
      token: admin,
      body: consumptionBody(),
    });
    expect(stored.status, stored.text).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  it("GET /healthz answers without a token", async () => {
    const answer = await server.call("GET", "/healthz");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: "ok" });
  });

  it("POST /auth/who-am-i describes the token", async () => {
    const token = await server.token("member", [COMPANY_A], "ana@example.com");
    const answer = await server.call("POST", "/api/v1/auth/who-am-i", { token });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      email: "ana@example.com",
      role: "member",
      companies: [COMPANY_A],
    });
    const issuedAt = Date.parse(String(field(answer, "issuedAt")));
    const expiresAt = Date.parse(String(field(answer, "expiresAt")));
    expect(expiresAt - issuedAt).toBe(3600 * 1000);
  });

  it("POST /auth/who-am-i accepts an empty JSON body", async () => {
    const answer = await server.call("POST", "/api/v1/auth/who-am-i", {
      token: admin,
      rawBody: "",
    });
    expect(answer.status).toBe(200);
  });

  it("GET /companies lists them in name order", async () => {
    const answer = await server.call("GET", "/api/v1/companies", { token: admin });
    expect(answer.status).toBe(200);
    expect(field(answer, "pagination")).toEqual({ page: 1, limit: 50, total: 2 });
    expect(field(answer, "data", 0, "name")).toBe("Acme Iberia");
    expect(field(answer, "data", 1, "name")).toBe("Beta UK");
  });

  it("POST /companies creates (201) then updates (200)", async () => {
    const id = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";
    const first = await server.call("POST", "/api/v1/companies", {
      token: admin,
      body: { id, name: "Gamma", country: "fr" },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ id, name: "Gamma", country: "FR" });
    const second = await server.call("POST", "/api/v1/companies", {
      token: admin,
      body: { id, name: "Gamma SA", country: "FR" },
    });
    expect(second.status).toBe(200);
    expect(field(second, "name")).toBe("Gamma SA");
  });

  it("GET /companies/{id} and /companies/{id}/buildings", async () => {
    const company = await server.call("GET", `/api/v1/companies/${COMPANY_A}`, { token: admin });
    expect(company.status).toBe(200);
    expect(field(company, "name")).toBe("Acme Iberia");
    const buildings = await server.call("GET", `/api/v1/companies/${COMPANY_A}/buildings`, {
      token: admin,
    });
    expect(buildings.status).toBe(200);
    expect(field(buildings, "data", 0, "id")).toBe(BUILDING_A);
    expect(field(buildings, "pagination", "total")).toBe(1);
  });

  it("GET /buildings, GET /buildings/{id}, POST /buildings", async () => {
    const all = await server.call("GET", "/api/v1/buildings", { token: admin });
    expect(field(all, "pagination", "total")).toBe(2);
    const one = await server.call("GET", `/api/v1/buildings/${BUILDING_A}`, { token: admin });
    expect(field(one, "name")).toBe("Madrid HQ");
    const id = "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e";
    const created = await server.call("POST", "/api/v1/buildings", {
      token: admin,
      body: { id, companyId: COMPANY_B, name: "Bristol office", country: "GB" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ id, companyId: COMPANY_B, country: "GB" });
  });

  it("GET /buildings?companyId= lists one company's; out of a scoped token's scope it is 404", async () => {
    const acme = await server.call("GET", `/api/v1/buildings?companyId=${COMPANY_A}`, {
      token: admin,
    });
    expect(field(acme, "pagination", "total")).toBe(1);
    expect(field(acme, "data", 0, "id")).toBe(BUILDING_A);
    const onlyB = await server.token("viewer", [COMPANY_B]);
    const hidden = await server.call("GET", `/api/v1/buildings?companyId=${COMPANY_A}`, {
      token: onlyB,
    });
    expect(hidden.status, hidden.text).toBe(404);
    expect(hidden.text).not.toContain("Madrid HQ");
  });

  it("GET /categories filters by level and pages", async () => {
    const answer = await server.call("GET", "/api/v1/categories?level=scope", { token: admin });
    expect(answer.status).toBe(200);
    expect(field(answer, "pagination")).toEqual({ page: 1, limit: 50, total: 3 });
    const subcategories = await server.call(
      "GET",
      "/api/v1/categories?level=subcategory&limit=2&page=2",
      { token: admin },
    );
    expect(field(subcategories, "pagination", "page")).toBe(2);
    expect(field(subcategories, "data", "length")).toBe(2);
    expect(field(subcategories, "data", 0, "level")).toBe("subcategory");
  });

  it("GET /emission-factors and /emission-factors/resolve", async () => {
    const factors = await server.call("GET", "/api/v1/emission-factors?country=ES&limit=5", {
      token: admin,
    });
    expect(factors.status).toBe(200);
    expect(field(factors, "pagination", "limit")).toBe(5);
    expect(field(factors, "data", 0, "country")).toBe("ES");
    const resolved = await server.call(
      "GET",
      "/api/v1/emission-factors/resolve?category=electricity&country=ES&year=2024",
      { token: admin },
    );
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.json).toMatchObject({ categoryCode: "electricity", country: "ES", year: 2024 });
  });

  it("POST and GET /emission-factors/custom", async () => {
    const id = "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f";
    const body = {
      id,
      companyId: COMPANY_A,
      categoryId: ELECTRICITY,
      basis: "market",
      year: 2024,
      unit: "kWh",
      co2e: 0.05,
      source: "supplier disclosure 2024",
    };
    const created = await server.call("POST", "/api/v1/emission-factors/custom", {
      token: admin,
      body,
    });
    expect(created.status, created.text).toBe(201);
    const again = await server.call("POST", "/api/v1/emission-factors/custom", {
      token: admin,
      body,
    });
    expect(again.status).toBe(200);
    const list = await server.call(
      "GET",
      `/api/v1/emission-factors/custom?companyId=${COMPANY_A}`,
      {
        token: admin,
      },
    );
    expect(list.status).toBe(200);
    expect(field(list, "data", 0, "id")).toBe(id);
    expect(field(list, "pagination", "total")).toBe(1);
  });

  it("GET /emission-factors/custom/{id}: the factor; out of a scoped token's sight, 404", async () => {
    const id = "3c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f";
    await server.service.customFactors.upsert({
      id,
      companyId: COMPANY_B,
      categoryId: ELECTRICITY,
      unit: "kWh",
      co2e: 0.07,
      source: "metered",
    });
    const found = await server.call("GET", `/api/v1/emission-factors/custom/${id}`, {
      token: admin,
    });
    expect(found.status, found.text).toBe(200);
    expect(found.json).toMatchObject({ id, companyId: COMPANY_B, co2e: 0.07, basis: "location" });
    const scoped = await server.token("viewer", [COMPANY_A]);
    const hidden = await server.call("GET", `/api/v1/emission-factors/custom/${id}`, {
      token: scoped,
    });
    expect(hidden.status).toBe(404);
  });

  it("GET /consumptions, /consumptions/{id} and /consumptions/dashboard", async () => {
    const { id } = consumptionBody();
    const list = await server.call("GET", `/api/v1/consumptions?companyId=${COMPANY_A}`, {
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(field(list, "data", 0, "id")).toBe(id);
    const one = await server.call("GET", `/api/v1/consumptions/${id}`, { token: admin });
    expect(one.json).toMatchObject({ id, quantity: 1000, startDate: "2024-01-01T00:00:00.000Z" });
    const dashboard = await server.call(
      "GET",
      `/api/v1/consumptions/dashboard?companyId=${COMPANY_A}&from=2024-01-01&to=2024-12-31`,
      { token: admin },
    );
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.json).toMatchObject({ count: 1 });
    expect(field(dashboard, "groups", 0)).toMatchObject({ month: "2024-01", quantity: 1000 });
  });

  it("POST /consumptions?dryRun=true calculates and stores nothing", async () => {
    const body = consumptionBody({ id: "3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a", entityId: "DRY" });
    const dry = await server.call("POST", "/api/v1/consumptions?dryRun=true", {
      token: admin,
      body,
    });
    expect(dry.status, dry.text).toBe(200);
    expect(field(dry, "outcome")).toBe("inserted");
    expect(field(dry, "consumption", "id")).toBe(body.id);
    expect(field(dry, "emission", "consumptionId")).toBe(body.id);
    expect(field(dry, "emission", "status")).toBe("calculated");
    const stored = await server.call("GET", `/api/v1/consumptions/${body.id}`, { token: admin });
    expect(stored.status).toBe(404);
  });

  it("GET /emissions and /emissions/dashboard", async () => {
    const list = await server.call("GET", `/api/v1/emissions?companyId=${COMPANY_A}&scope=2`, {
      token: admin,
    });
    expect(list.status, list.text).toBe(200);
    expect(field(list, "data", 0, "consumptionId")).toBe(consumptionBody().id);
    expect(field(list, "data", 0, "scope")).toBe(2);
    // Scopes 1 and 3: no scope 1 consumption, but the ES bill's three category 3 lines (no
    // Spanish WTT or T&D factor: awaiting).
    const derived = await server.call("GET", `/api/v1/emissions?companyId=${COMPANY_A}&scope=1,3`, {
      token: admin,
    });
    expect(field(derived, "pagination", "total")).toBe(3);
    const lines = (field(derived, "data") as { line: string; status: string }[]).map((e) => [
      e.line,
      e.status,
    ]);
    expect(lines).toEqual([
      ["wtt", "awaiting_factor"],
      ["td_losses", "awaiting_factor"],
      ["td_losses_wtt", "awaiting_factor"],
    ]);
    const dashboard = await server.call(
      "GET",
      `/api/v1/emissions/dashboard?companyId=${COMPANY_A}&groupBy=month,scope`,
      { token: admin },
    );
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(field(dashboard, "groupBy")).toEqual(["month", "scope"]);
    expect(field(dashboard, "groups", 0, "key")).toEqual({ month: "2024-01", scope: "2" });
    expect(field(dashboard, "groups", 1, "key")).toEqual({ month: "2024-01", scope: "3" });
    expect(field(dashboard, "totals", "count")).toBe(4);
    expect(field(dashboard, "totals", "awaitingFactor")).toBe(3);
  });

  it("logs one line per request: method, path, status, time; no query, no token", async () => {
    const token = await server.token("viewer");
    server.logs.length = 0;
    await server.call("GET", `/api/v1/consumptions?companyId=${COMPANY_A}&limit=5`, { token });
    expect(server.logs).toHaveLength(1);
    expect(server.logs[0]).toMatch(/^GET \/api\/v1\/consumptions 200 \d+\.\dms$/);
    expect(server.logs.join("\n")).not.toContain(token);
    expect(server.logs.join("\n")).not.toContain(COMPANY_A);
  });
});
