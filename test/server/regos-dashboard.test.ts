/**
 * carbon serve's regos dashboard at the specification's path, and certificates as extensions:
 * the spec's capitalised query names and camelCase ones, the period, who sees what, and the
 * problems bad queries and writes answer (nothing stored).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILDING_A,
  COMPANY_A,
  COMPANY_B,
  consumptionBody,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const PATH = `/api/v1/companies/${COMPANY_A}/buildings/regos-dashboard`;
const CERTIFICATE = "6c100000-0000-4000-8000-000000000001";

function certificateBody(overrides: Record<string, unknown> = {}) {
  return {
    id: CERTIFICATE,
    companyId: COMPANY_A,
    buildingId: BUILDING_A,
    volumeMwh: 0.4,
    periodFrom: "2024-01-01",
    periodTo: "2024-01-31",
    technology: "wind",
    issuingBody: "CNMC",
    cancellationId: "GDO-HTTP-1",
    countryCode: "ES",
    ...overrides,
  };
}

interface Row {
  buildingId: string;
  consumedKwh: number;
  coveredKwh: number;
  coveragePercent: number | null;
}

describe("the regos dashboard over HTTP", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
    // 1000 kWh in January 2024 at Madrid HQ (Spain).
    const bill = await server.call("POST", "/api/v1/consumptions", {
      token: admin,
      body: consumptionBody(),
    });
    expect(bill.status, bill.text).toBe(201);
    const created = await server.call("POST", "/api/v1/certificates", {
      token: admin,
      body: certificateBody(),
    });
    expect(created.status, created.text).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers the page envelope; 0.4 MWh cover 400 of the 1000 kWh (40 %)", async () => {
    const answer = await server.call("GET", `${PATH}?CompanyId=${COMPANY_A}`, { token: admin });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({
      data: [
        {
          buildingId: BUILDING_A,
          buildingName: "Madrid HQ",
          cup: null,
          consumedKwh: 1000,
          coveredKwh: 400,
          coveragePercent: 40,
        },
      ],
      pagination: { page: 1, limit: 50, total: 1 },
    });
  });

  it("takes BuildingId and Cup, or their camelCase names, and a period by day", async () => {
    for (const query of [`BuildingId=${BUILDING_A}`, `buildingId=${BUILDING_A}`]) {
      const answer = await server.call("GET", `${PATH}?${query}`, { token: admin });
      expect((answer.json as { data: Row[] }).data).toHaveLength(1);
    }
    const cup = await server.call("GET", `${PATH}?Cup=ES0021000000000001AB`, { token: admin });
    expect((cup.json as { data: Row[] }).data).toEqual([]);
    // 1-10 January: 10/31 of 1000 kWh and of the 400 covered.
    const window = await server.call("GET", `${PATH}?startDate=2024-01-01&endDate=2024-01-10`, {
      token: admin,
    });
    const [row] = (window.json as { data: Row[] }).data;
    expect(row?.consumedKwh).toBeCloseTo((1000 * 10) / 31, 9);
    expect(row?.coveredKwh).toBeCloseTo((400 * 10) / 31, 9);
  });

  it("refuses a query named twice, an unknown parameter and another company's token", async () => {
    const twice = await server.call("GET", `${PATH}?Cup=A&cup=B`, { token: admin });
    expect(twice.status).toBe(400);
    expect(problemOf(twice).detail).toContain("give Cup or cup, not both");
    const unknown = await server.call("GET", `${PATH}?country=ES`, { token: admin });
    expect(unknown.status).toBe(400);
    const other = await server.token("viewer", [COMPANY_B]);
    const hidden = await server.call("GET", PATH, { token: other });
    expect(hidden.status).toBe(404);
    const mismatched = await server.call("GET", `${PATH}?CompanyId=${COMPANY_B}`, {
      token: await server.token("viewer", [COMPANY_A]),
    });
    expect(mismatched.status).toBe(404);
  });

  it("announces the certificate routes and the period as extensions", async () => {
    const who = await server.call("POST", "/api/v1/auth/who-am-i", { token: admin });
    const { extensions } = who.json as { extensions: string[] };
    expect(extensions).toEqual(
      expect.arrayContaining([
        "GET /certificates",
        "POST /certificates",
        "GET /certificates/{id}",
        "DELETE /certificates/{id}",
        "regosDashboardPeriod",
      ]),
    );
    expect(extensions).not.toContain("GET /companies/{id}/buildings/regos-dashboard");
  });

  it("a viewer may not write certificates; a bad body is 422 naming the field; nothing stored", async () => {
    const viewer = await server.token("viewer", [COMPANY_A]);
    const refused = await server.call("POST", "/api/v1/certificates", {
      token: viewer,
      body: certificateBody({ id: "6c100000-0000-4000-8000-000000000002", cancellationId: "V" }),
    });
    expect(refused.status).toBe(403);
    const bad = await server.call("POST", "/api/v1/certificates", {
      token: admin,
      body: certificateBody({
        id: "6c100000-0000-4000-8000-000000000003",
        volumeMwh: -1,
        cancellationId: "W",
      }),
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("volumeMwh");
    const listed = await server.call("GET", `/api/v1/certificates?companyId=${COMPANY_A}`, {
      token: admin,
    });
    expect((listed.json as { pagination: { total: number } }).pagination.total).toBe(1);
  });
});
