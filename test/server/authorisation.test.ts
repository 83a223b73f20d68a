import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILDING_A,
  BUILDING_B,
  COMPANY_A,
  COMPANY_B,
  consumptionBody,
  ELECTRICITY,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const CONSUMPTION_B = "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b";

describe("authorisation", () => {
  let server: TestServer;
  let onlyA: { viewer: string; member: string; admin: string };

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    await server.service.consumptions.upsert(consumptionBody());
    await server.service.consumptions.upsert(
      consumptionBody({
        id: CONSUMPTION_B,
        companyId: COMPANY_B,
        buildingId: BUILDING_B,
        entityId: "INV-B",
      }),
    );
    onlyA = {
      viewer: await server.token("viewer", [COMPANY_A]),
      member: await server.token("member", [COMPANY_A]),
      admin: await server.token("admin", [COMPANY_A]),
    };
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ["/api/v1/companies", { id: COMPANY_A, name: "Acme", country: "ES" }],
    ["/api/v1/buildings", { id: BUILDING_A, companyId: COMPANY_A, name: "Renamed" }],
    ["/api/v1/consumptions", consumptionBody({ quantity: 5 })],
    [
      "/api/v1/emission-factors/custom",
      {
        id: "6a7b8c9d-0e1f-4a2b-8c4d-5e6f7a8b9c0d",
        companyId: COMPANY_A,
        categoryId: ELECTRICITY,
        unit: "kWh",
        co2e: 0.1,
        source: "test",
      },
    ],
  ])("a viewer writing %s: 403, nothing changes", async (path, body) => {
    const answer = await server.call("POST", path, { token: onlyA.viewer, body });
    expect(answer.status).toBe(403);
    expect(problemOf(answer).code).toBe("forbidden");
  });

  it("a member may not create a company (403) but writes consumptions of its company", async () => {
    const company = await server.call("POST", "/api/v1/companies", {
      token: onlyA.member,
      body: { id: COMPANY_A, name: "Acme", country: "ES" },
    });
    expect(company.status).toBe(403);
    const consumption = await server.call("POST", "/api/v1/consumptions", {
      token: onlyA.member,
      body: consumptionBody({ quantity: 1000 }),
    });
    expect(consumption.status, consumption.text).toBe(200);
    expect(field(consumption, "outcome")).toBe("unchanged");
  });

  it("a scoped admin creates companies only inside its scope (else 404)", async () => {
    const outside = await server.call("POST", "/api/v1/companies", {
      token: onlyA.admin,
      body: { id: "7b8c9d0e-1f2a-4b3c-9d5e-6f7a8b9c0d1e", name: "Elsewhere", country: "FR" },
    });
    expect(outside.status).toBe(404);
    const inside = await server.call("POST", "/api/v1/companies", {
      token: onlyA.admin,
      body: { id: COMPANY_A, name: "Acme Iberia", country: "ES" },
    });
    expect(inside.status).toBe(200);
  });

  it.each([
    `/api/v1/companies/${COMPANY_B}`,
    `/api/v1/companies/${COMPANY_B}/buildings`,
    `/api/v1/buildings/${BUILDING_B}`,
    `/api/v1/consumptions/${CONSUMPTION_B}`,
    `/api/v1/consumptions?companyId=${COMPANY_B}`,
    `/api/v1/consumptions?buildingId=${BUILDING_B}`,
    `/api/v1/consumptions/dashboard?companyId=${COMPANY_B}`,
    `/api/v1/emissions?companyId=${COMPANY_B}`,
    `/api/v1/emissions/dashboard?buildingId=${BUILDING_B}`,
    `/api/v1/emission-factors/custom?companyId=${COMPANY_B}`,
    `/api/v1/emission-factors/resolve?category=electricity&country=GB&year=2024&companyId=${COMPANY_B}`,
  ])("cross-company read %s: 404", async (path) => {
    const answer = await server.call("GET", path, { token: onlyA.admin });
    expect(answer.status, answer.text).toBe(404);
    expect(problemOf(answer).code).toBe("not_found");
    expect(answer.text).not.toContain("Beta UK");
  });

  it("the 404 of another company's record reads like a missing one", async () => {
    const hidden = await server.call("GET", `/api/v1/consumptions/${CONSUMPTION_B}`, {
      token: onlyA.viewer,
    });
    const missing = await server.call(
      "GET",
      "/api/v1/consumptions/9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
      { token: onlyA.viewer },
    );
    expect(problemOf(hidden).detail.replace(CONSUMPTION_B, "ID")).toBe(
      problemOf(missing).detail.replace("9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", "ID"),
    );
  });

  it.each([
    {
      what: "a consumption of the other company",
      path: "/api/v1/consumptions",
      body: consumptionBody({ companyId: COMPANY_B, buildingId: BUILDING_B }),
    },
    {
      what: "the other company's consumption id",
      path: "/api/v1/consumptions",
      body: consumptionBody({ id: CONSUMPTION_B, quantity: 1 }),
    },
    {
      what: "a building of the other company",
      path: "/api/v1/buildings",
      body: { id: BUILDING_B, companyId: COMPANY_B, name: "Taken" },
    },
    {
      what: "the other company's building id",
      path: "/api/v1/buildings",
      body: { id: BUILDING_B, companyId: COMPANY_A, name: "Taken" },
    },
  ])("cross-company write, $what: 404, nothing changes", async ({ path, body }) => {
    const answer = await server.call("POST", path, { token: onlyA.member, body });
    expect(answer.status, answer.text).toBe(404);
    // Only what the request itself named may be echoed.
    if (!JSON.stringify(body).includes(COMPANY_B)) expect(answer.text).not.toContain(COMPANY_B);
    expect(answer.text).not.toMatch(/Beta UK|Leeds plant/);
    expect((await server.service.consumptions.get(CONSUMPTION_B)).quantity).toBe(1000);
    expect((await server.service.buildings.get(BUILDING_B)).name).toBe("Leeds plant");
  });

  it("another company's custom factor id: 404, not a conflict naming that company", async () => {
    const id = "9d0e1f2a-3b4c-4d5e-8f7a-8b9c0d1e2f3a";
    const factor = {
      id,
      companyId: COMPANY_B,
      categoryId: ELECTRICITY,
      unit: "kWh",
      co2e: 0.2,
      source: "B's supplier",
    };
    await server.service.customFactors.upsert(factor);
    const answer = await server.call("POST", "/api/v1/emission-factors/custom", {
      token: onlyA.member,
      body: { ...factor, companyId: COMPANY_A },
    });
    expect(answer.status, answer.text).toBe(404);
    expect(answer.text).not.toContain(COMPANY_B);
    const unscoped = await server.call("POST", "/api/v1/emission-factors/custom", {
      token: await server.token("member"),
      body: { ...factor, companyId: COMPANY_A },
    });
    expect(unscoped.status).toBe(409);
  });

  it("a token naming a company that does not exist sees empty lists", async () => {
    const ghost = await server.token("viewer", ["0e1f2a3b-4c5d-4e6f-9a8b-9c0d1e2f3a4b"]);
    for (const path of ["/api/v1/companies", "/api/v1/buildings", "/api/v1/consumptions"]) {
      const answer = await server.call("GET", path, { token: ghost });
      expect(answer.status, path).toBe(200);
      expect(field(answer, "pagination", "total"), path).toBe(0);
    }
  });

  it("a consumption naming another company's building is refused like a missing building", async () => {
    const answer = await server.call("POST", "/api/v1/consumptions", {
      token: onlyA.member,
      body: consumptionBody({ id: "5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c", buildingId: BUILDING_B }),
    });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain("does not exist");
    expect(answer.text).not.toContain(COMPANY_B);
  });

  it("lists show only the token's companies", async () => {
    const companies = await server.call("GET", "/api/v1/companies", { token: onlyA.viewer });
    expect(field(companies, "pagination", "total")).toBe(1);
    expect(field(companies, "data", 0, "id")).toBe(COMPANY_A);
    // One building and one electricity bill, which has four emission lines.
    for (const [path, total] of [
      ["/api/v1/buildings", 1],
      ["/api/v1/consumptions", 1],
      ["/api/v1/emissions", 4],
    ] as const) {
      const answer = await server.call("GET", path, { token: onlyA.viewer });
      expect(answer.status, path).toBe(200);
      expect(field(answer, "pagination", "total"), path).toBe(total);
      expect(answer.text, path).not.toContain(COMPANY_B);
    }
  });

  it("a token for both companies lists the union, in the service's order", async () => {
    const both = await server.token("viewer", [COMPANY_A, COMPANY_B]);
    const buildings = await server.call("GET", "/api/v1/buildings?limit=1&page=2", { token: both });
    expect(field(buildings, "pagination")).toEqual({ page: 2, limit: 1, total: 2 });
    expect(field(buildings, "data", 0, "id")).toBe(BUILDING_A);
    const emissions = await server.call("GET", "/api/v1/emissions", { token: both });
    // Two electricity bills of four lines each.
    expect(field(emissions, "pagination", "total")).toBe(8);
    const dashboard = await server.call("GET", "/api/v1/emissions/dashboard", { token: both });
    expect(dashboard.status).toBe(400);
    expect(problemOf(dashboard).detail).toMatch(/companyId/);
  });

  it("stores SQL-looking text literally", async () => {
    const admin = await server.token("admin");
    const name = "'; DROP TABLE companies; --";
    const id = "8c9d0e1f-2a3b-4c4d-8e6f-7a8b9c0d1e2f";
    const created = await server.call("POST", "/api/v1/companies", {
      token: admin,
      body: { id, name, country: null },
    });
    expect(created.status, created.text).toBe(201);
    const read = await server.call("GET", `/api/v1/companies/${id}`, { token: admin });
    expect(field(read, "name")).toBe(name);
    const probe = await server.call(
      "GET",
      `/api/v1/consumptions?companyId=${encodeURIComponent(`${COMPANY_A}' OR '1'='1`)}`,
      { token: admin },
    );
    expect(probe.status).toBe(400);
    const db = new Database(server.dbPath, { readonly: true });
    try {
      const row = db.prepare("SELECT count(*) AS n FROM companies").get();
      expect(row).toEqual({ n: 3 });
    } finally {
      db.close();
    }
  });
});
