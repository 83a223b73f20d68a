/**
 * A list filtered by building on carbon serve (vehicles, certificates, invoices, effluents): a building
 * outside the token's companies is answered 404 exactly as one that does not exist, never as an
 * empty page that would tell a scoped token the building is there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILDING_A,
  BUILDING_B,
  COMPANY_A,
  field,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const UNKNOWN = "7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3bff";
const VAN = "7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3ba1";

describe("list filters naming a building", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    await server.service.vehicles.upsert({
      id: VAN,
      companyId: COMPANY_A,
      buildingId: BUILDING_A,
      name: "Van",
      vehicleType: "van",
      vehicleCategory: "LAND_TRANSPORTATION",
      fuelType: "diesel",
      ownership: "owned",
      activeFrom: "2024-01-01",
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    "/api/v1/vehicles",
    "/api/v1/certificates",
    "/api/v1/invoices",
    `/api/v1/effluents?companyId=${COMPANY_A}&`,
  ])("%s: another company's building and an unknown one are both 404", async (route) => {
    const onlyA = await server.token("viewer", [COMPANY_A]);
    const list = (building: string) =>
      server.call("GET", `${route}${route.endsWith("&") ? "" : "?"}buildingId=${building}`, {
        token: onlyA,
      });
    const theirs = await list(BUILDING_B);
    const unknown = await list(UNKNOWN);
    expect([theirs.status, unknown.status]).toEqual([404, 404]);
    expect(theirs.text.replace(BUILDING_B, "ID")).toBe(unknown.text.replace(UNKNOWN, "ID"));
    expect((await list(BUILDING_A)).status).toBe(200);
  });

  it("the token's own building lists its vehicles", async () => {
    const onlyA = await server.token("viewer", [COMPANY_A]);
    const listed = await server.call("GET", `/api/v1/vehicles?buildingId=${BUILDING_A}`, {
      token: onlyA,
    });
    expect(field(listed, "data", 0, "id")).toBe(VAN);
    expect(field(listed, "pagination", "total")).toBe(1);
  });
});
