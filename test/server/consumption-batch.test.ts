/** `POST /api/v1/consumptions/batch` (extension): one request, one transaction, per-item rules. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsumptionInput } from "../../src/core/model/consumption.js";
import {
  BUILDING_B,
  COMPANY_A,
  COMPANY_B,
  consumptionBody,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const BATCH = "/api/v1/consumptions/batch";

function item(n: number, overrides: Partial<ConsumptionInput> = {}): ConsumptionInput {
  return consumptionBody({
    id: `0d1e2f3a-4b5c-4d6e-8f70-${String(n).padStart(12, "0")}`,
    entityId: `INV-${n}`,
    quantity: 100 + n,
    ...overrides,
  });
}

async function storedCount(server: TestServer, companyId: string): Promise<number> {
  const page = await server.service.consumptions.list({ companyId, page: 1, limit: 500 });
  return page.pagination.total;
}

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await seedTwoCompanies(server.service);
});
afterEach(async () => {
  await server.close();
});

describe("POST /consumptions/batch", () => {
  it("stores every item and answers the counts; sent again, they are unchanged", async () => {
    const token = await server.token("member", [COMPANY_A]);
    const items = Array.from({ length: 3 }, (_, n) => item(n));
    const first = await server.call("POST", BATCH, { token, body: { items } });
    expect(first.status, first.text).toBe(200);
    expect(field(first, "counts", "inserted")).toBe(3);
    expect(Number(field(first, "counts", "co2eByScope", "2"))).toBeGreaterThan(0);
    expect(await storedCount(server, COMPANY_A)).toBe(3);
    const again = await server.call("POST", BATCH, { token, body: { items } });
    expect(field(again, "counts")).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
  });

  it("names a bad item's field as items.<i>.<field> (422) and stores none of the batch", async () => {
    const token = await server.token("admin");
    const missing = "9f9f9f9f-0000-4000-8000-000000000001";
    const items = [item(0), item(1, { buildingId: missing })];
    const answer = await server.call("POST", BATCH, { token, body: { items } });
    expect(answer.status).toBe(422);
    const problem = problemOf(answer);
    expect(problem.errors.map((issue) => issue.path)).toEqual(["items.1.buildingId"]);
    expect(problem.detail).not.toContain("rows.");
    expect(await storedCount(server, COMPANY_A)).toBe(0);
  });

  it("answers 422 at items.<i>.<field> for a schema error too", async () => {
    const token = await server.token("admin");
    const items = [item(0), { ...item(1), quantity: "many" }];
    const answer = await server.call("POST", BATCH, { token, body: { items } });
    expect(answer.status).toBe(422);
    expect(problemOf(answer).errors.map((issue) => issue.path)).toEqual(["items.1.quantity"]);
  });

  it("answers 404 for an item of a company outside the token's scope, and stores nothing", async () => {
    const token = await server.token("member", [COMPANY_A]);
    const items = [item(0), item(1, { companyId: COMPANY_B, buildingId: BUILDING_B })];
    const answer = await server.call("POST", BATCH, { token, body: { items } });
    expect(answer.status).toBe(404);
    expect(problemOf(answer).detail).toBe(`company ${COMPANY_B} not found`);
    expect(await storedCount(server, COMPANY_A)).toBe(0);
  });

  it("treats another company's building as missing (422), as the single route does", async () => {
    const token = await server.token("member", [COMPANY_A]);
    const items = [item(0, { buildingId: BUILDING_B })];
    const answer = await server.call("POST", BATCH, { token, body: { items } });
    expect(answer.status).toBe(422);
    expect(problemOf(answer).errors.map((issue) => issue.path)).toEqual(["items.0.buildingId"]);
  });

  it("answers 403 to a viewer", async () => {
    const token = await server.token("viewer", [COMPANY_A]);
    const answer = await server.call("POST", BATCH, { token, body: { items: [item(0)] } });
    expect(answer.status).toBe(403);
  });

  it.each([
    { count: 501, status: 413 },
    { count: 0, status: 422 },
  ])("answers $status to $count items", async ({ count, status }) => {
    const token = await server.token("admin");
    const items = Array.from({ length: count }, (_, n) => item(n));
    const answer = await server.call("POST", BATCH, { token, body: { items } });
    expect(answer.status).toBe(status);
    expect(await storedCount(server, COMPANY_A)).toBe(0);
  });

  it("takes 500 items", async () => {
    const token = await server.token("admin");
    const items = Array.from({ length: 500 }, (_, n) => item(n));
    const answer = await server.call("POST", BATCH, { token, body: { items } });
    expect(answer.status, answer.text).toBe(200);
    expect(await storedCount(server, COMPANY_A)).toBe(500);
  });

  it("with dryRun=true answers the counts and stores nothing", async () => {
    const token = await server.token("admin");
    const items = [item(0), item(1)];
    const answer = await server.call("POST", `${BATCH}?dryRun=true`, { token, body: { items } });
    expect(answer.status).toBe(200);
    expect(field(answer, "counts", "inserted")).toBe(2);
    expect(await storedCount(server, COMPANY_A)).toBe(0);
  });

  it("is listed in /openapi.json as an extension", async () => {
    const answer = await server.call("GET", "/openapi.json");
    const operation = field(answer, "paths", BATCH, "post");
    expect(operation).toMatchObject({ "x-carbon-extension": true });
  });
});
