/**
 * Deletions through a real server: `POST /api/v1/consumptions` with `removedAt` (the hosted
 * service's way) and our `DELETE` routes; who may delete, what is refused, and the audit trail.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Role } from "../../src/server/auth.js";
import {
  BUILDING_A,
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

const removal = { ...consumptionBody(), removedAt: "2025-03-01T10:00:00Z" };

describe("POST /api/v1/consumptions with removedAt", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    await server.service.consumptions.upsert(consumptionBody());
  });
  afterEach(async () => {
    await server.close();
  });

  const stored = async (): Promise<number> =>
    (await server.service.consumptions.list({ companyId: COMPANY_A })).pagination.total;

  it("removes the consumption and its emission, audited with the token's user", async () => {
    const token = await server.token("member", [], "ana@example.com");
    const answer = await server.call("POST", "/api/v1/consumptions", { token, body: removal });
    expect(answer.status).toBe(200);
    expect(field(answer, "outcome")).toBe("removed");
    expect(field(answer, "deleted", 0, "id")).toBe(removal.id);
    expect(await stored()).toBe(0);
    expect((await server.service.emissions.list({ companyId: COMPANY_A })).data).toEqual([]);
    const audit = await server.service.audit.list({});
    expect(audit.data[0]).toMatchObject({
      action: "consumptions.delete",
      actor: "ana@example.com",
      recordId: removal.id,
      record: { entityId: "INV-1", quantity: 1000 },
    });
    expect(field(answer, "deleted", 0, "auditId")).toBe(audit.data[0]?.id);
  });

  it("an id removed and then upserted without removedAt comes back", async () => {
    const token = await server.token("admin");
    await server.call("POST", "/api/v1/consumptions", { token, body: removal });
    const again = await server.call("POST", "/api/v1/consumptions", {
      token,
      body: { ...removal, removedAt: null },
    });
    expect(again.status).toBe(201);
    expect(field(again, "outcome")).toBe("inserted");
    expect(await stored()).toBe(1);
  });

  it("?dryRun=true answers what would be removed and removes nothing", async () => {
    const token = await server.token("admin");
    const answer = await server.call("POST", "/api/v1/consumptions?dryRun=true", {
      token,
      body: removal,
    });
    expect(answer.status).toBe(200);
    expect(field(answer, "dryRun")).toBe(true);
    expect(field(answer, "deleted", 0, "auditId")).toBeNull();
    expect(await stored()).toBe(1);
  });

  it.each<[string, Role, readonly string[], object, number, string]>([
    ["a viewer", "viewer", [], removal, 403, "forbidden"],
    ["a member of the other company", "member", [COMPANY_B], removal, 404, "not_found"],
    [
      "a record naming another company",
      "admin",
      [],
      { ...removal, companyId: COMPANY_B, buildingId: BUILDING_B },
      409,
      "conflict",
    ],
    [
      "an unknown id",
      "admin",
      [],
      { ...removal, id: "99999999-9999-4999-8999-999999999999" },
      404,
      "not_found",
    ],
    [
      "a removedAt that is no date",
      "admin",
      [],
      { ...removal, removedAt: "soon" },
      422,
      "validation",
    ],
  ])("refuses %s, nothing is removed", async (_label, role, companies, body, status, code) => {
    const token = await server.token(role, companies);
    const answer = await server.call("POST", "/api/v1/consumptions", { token, body });
    expect(answer.status).toBe(status);
    expect(problemOf(answer).code).toBe(code);
    expect(await stored()).toBe(1);
    expect((await server.service.audit.list({})).pagination.total).toBe(0);
  });
});

describe("DELETE /api/v1/buildings/{id}, /suppliers/{id}, /emission-factors/custom/{id}", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    await server.service.consumptions.upsert(consumptionBody());
  });
  afterEach(async () => {
    await server.close();
  });

  it("refuses a building with consumptions (409) unless withConsumptions=true", async () => {
    const token = await server.token("member");
    const path = `/api/v1/buildings/${BUILDING_A}`;
    const refused = await server.call("DELETE", path, { token });
    expect(refused.status).toBe(409);
    expect(problemOf(refused).code).toBe("conflict");
    const answer = await server.call("DELETE", `${path}?withConsumptions=true`, { token });
    expect(answer.status).toBe(200);
    expect(field(answer, "deleted", 0, "consumptions")).toBe(1);
    expect((await server.call("GET", path, { token })).status).toBe(404);
  });

  it("answers 404 for another company's records, before the role or the conflict", async () => {
    const token = await server.token("viewer", [COMPANY_B]);
    const answer = await server.call("DELETE", `/api/v1/buildings/${BUILDING_A}`, { token });
    expect(answer.status).toBe(404);
    const own = await server.call("DELETE", `/api/v1/buildings/${BUILDING_B}`, { token });
    expect(own.status).toBe(403);
    expect((await server.service.buildings.list({})).pagination.total).toBe(2);
  });

  it("deletes a supplier and a custom factor, audited", async () => {
    const token = await server.token("member", [COMPANY_A], "ops@example.com");
    const supplier = await server.service.suppliers.upsert({
      companyId: COMPANY_A,
      type: "clients",
      name: "Renfe",
      externalId: "CLI-1",
    });
    const factorId = "f0000000-0000-4000-8000-000000000001";
    await server.service.customFactors.upsert({
      id: factorId,
      companyId: COMPANY_A,
      categoryId: consumptionBody().categoryId,
      basis: "location",
      year: null,
      unit: "kWh",
      co2e: 0.3,
      source: "Own contract",
    });
    for (const path of [
      `/api/v1/suppliers/${supplier.id}`,
      `/api/v1/emission-factors/custom/${factorId}`,
    ]) {
      const answer = await server.call("DELETE", path, { token });
      expect(answer.status).toBe(200);
      expect((await server.call("DELETE", path, { token })).status).toBe(404);
    }
    const actions = (await server.service.audit.list({})).data.map((r) => [r.action, r.actor]);
    expect(actions).toEqual([
      ["factors.custom.delete", "ops@example.com"],
      ["suppliers.delete", "ops@example.com"],
    ]);
  });
});
