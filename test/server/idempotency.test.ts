import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPANY_A,
  consumptionBody,
  ELECTRICITY,
  field,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

// POST upserts are idempotent by the client-chosen id: same body twice, same answer, one row.
describe("idempotent upserts", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    {
      path: "/api/v1/companies",
      body: { id: "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d", name: "Delta", country: "PT" },
      count: () => server.service.companies.list({}),
    },
    {
      path: "/api/v1/buildings",
      body: { id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", companyId: COMPANY_A, name: "Sevilla" },
      count: () => server.service.buildings.list({ companyId: COMPANY_A }),
    },
    {
      path: "/api/v1/emission-factors/custom",
      body: {
        id: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
        companyId: COMPANY_A,
        categoryId: ELECTRICITY,
        unit: "kWh",
        co2e: 0.12,
        source: "supplier",
      },
      count: () => server.service.customFactors.list({ companyId: COMPANY_A }),
    },
  ])("POST $path twice: 201 then 200, the same record, one row", async ({ path, body, count }) => {
    const before = (await count()).pagination.total;
    const first = await server.call("POST", path, { token: admin, body });
    const second = await server.call("POST", path, { token: admin, body });
    expect(first.status, first.text).toBe(201);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect((await count()).pagination.total).toBe(before + 1);
  });

  it("POST /consumptions twice: inserted (201), then unchanged (200), one row", async () => {
    const body = consumptionBody();
    const first = await server.call("POST", "/api/v1/consumptions", { token: admin, body });
    const second = await server.call("POST", "/api/v1/consumptions", { token: admin, body });
    expect(first.status, first.text).toBe(201);
    expect(field(first, "outcome")).toBe("inserted");
    expect(second.status).toBe(200);
    expect(field(second, "outcome")).toBe("unchanged");
    expect(field(second, "consumption")).toEqual(field(first, "consumption"));
    expect(field(second, "emission")).toEqual(field(first, "emission"));
    const list = await server.service.consumptions.list({ companyId: COMPANY_A });
    expect(list.pagination.total).toBe(1);
    const changed = await server.call("POST", "/api/v1/consumptions", {
      token: admin,
      body: { ...body, quantity: 2000 },
    });
    expect(changed.status).toBe(200);
    expect(field(changed, "outcome")).toBe("updated");
    expect(field(changed, "emission", "co2e")).toBe(2 * Number(field(first, "emission", "co2e")));
  });
});
