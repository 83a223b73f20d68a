/** POST/GET /api/v1/suppliers on a real server: answers, roles, company scope; remote imports. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteService } from "../../src/backends/remote/remote-service.js";
import { supplierId } from "../../src/core/model/supplier.js";
import { importSuppliers } from "../../src/import/suppliers/import.js";
import type { Role } from "../../src/server/auth.js";
import {
  COMPANY_A,
  COMPANY_B,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const fixtures = path.resolve(import.meta.dirname, "../../fixtures/suppliers");
const SUPPLIER_B = "5a000000-0000-4000-8000-00000000000b";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedTwoCompanies(server.service);
  await server.service.suppliers.upsert({
    id: SUPPLIER_B,
    companyId: COMPANY_B,
    type: "clients",
    name: "Beta's client",
  });
});
afterAll(async () => {
  await server.close();
});

function body(over: Record<string, unknown> = {}) {
  return {
    companyId: COMPANY_A,
    type: "suppliers",
    name: "Iberdrola",
    externalId: "PRV-1",
    ...over,
  };
}

describe("POST /api/v1/suppliers", () => {
  it("answers {id, name, email} and the outcome: 201 when created, 200 after", async () => {
    const token = await server.token("member", [COMPANY_A]);
    const send = { email: "facturas@iberdrola.example" };
    const created = await server.call("POST", "/api/v1/suppliers", { token, body: body(send) });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: supplierId(COMPANY_A, "PRV-1"),
      name: "Iberdrola",
      email: "facturas@iberdrola.example",
      outcome: "inserted",
    });
    const again = await server.call("POST", "/api/v1/suppliers", { token, body: body(send) });
    expect(again.status).toBe(200);
    expect(field(again, "outcome")).toBe("unchanged");
  });

  it.each<[string, Role, string[], Record<string, unknown>, number]>([
    ["a viewer", "viewer", [COMPANY_A], body(), 403],
    ["another company (scoped token)", "member", [COMPANY_A], body({ companyId: COMPANY_B }), 404],
    [
      "another company's supplier id (scoped token): 404, not a conflict",
      "admin",
      [COMPANY_A],
      body({ id: SUPPLIER_B }),
      404,
    ],
    ["the same, unscoped: a conflict", "admin", [], body({ id: SUPPLIER_B }), 409],
    ["a bad e-mail", "member", [], body({ email: "nope" }), 422],
    ["an unknown field", "member", [], body({ vat: "ES123" }), 422],
    ["an unknown type", "member", [], body({ type: "partners" }), 422],
  ])("refuses %s", async (_what, role, companies, payload, status) => {
    const token = await server.token(role, companies);
    const answer = await server.call("POST", "/api/v1/suppliers", { token, body: payload });
    expect(answer.status).toBe(status);
    expect(problemOf(answer).status).toBe(status);
  });

  it("?dryRun=true answers the outcome and stores nothing", async () => {
    const token = await server.token("member");
    const answer = await server.call("POST", "/api/v1/suppliers?dryRun=true", {
      token,
      body: body({ externalId: "DRY-1", name: "Dry" }),
    });
    expect(answer.status).toBe(200);
    expect(field(answer, "outcome")).toBe("inserted");
    const list = await server.service.suppliers.list({ companyId: COMPANY_A });
    expect(list.data.map((s) => s.name)).not.toContain("Dry");
  });
});

describe("GET /api/v1/suppliers", () => {
  it("a scoped token lists only its companies; another companyId is 404", async () => {
    const token = await server.token("viewer", [COMPANY_A]);
    const mine = await server.call("GET", "/api/v1/suppliers", { token });
    expect(mine.status).toBe(200);
    expect(field(mine, "data", 0, "companyId")).toBe(COMPANY_A);
    expect(field(mine, "pagination", "total")).toBe(1);
    const other = await server.call("GET", `/api/v1/suppliers?companyId=${COMPANY_B}`, { token });
    expect(other.status).toBe(404);
  });

  it("filters by type; a bad type is 400", async () => {
    const token = await server.token("viewer");
    const clients = await server.call("GET", "/api/v1/suppliers?type=clients", { token });
    expect(field(clients, "data", 0, "id")).toBe(SUPPLIER_B);
    expect(field(clients, "pagination", "total")).toBe(1);
    const bad = await server.call("GET", "/api/v1/suppliers?type=partner", { token });
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/v1/suppliers/{id}", () => {
  it("answers the stored supplier; another company's, to a scoped token, is 404", async () => {
    const all = await server.token("viewer");
    const found = await server.call("GET", `/api/v1/suppliers/${SUPPLIER_B.toUpperCase()}`, {
      token: all,
    });
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ id: SUPPLIER_B, companyId: COMPANY_B, type: "clients" });
    const scoped = await server.token("viewer", [COMPANY_A]);
    const hidden = await server.call("GET", `/api/v1/suppliers/${SUPPLIER_B}`, { token: scoped });
    expect(hidden.status).toBe(404);
    const unknown = await server.call("GET", `/api/v1/suppliers/${COMPANY_A}`, { token: all });
    expect(unknown.status).toBe(404);
  });

  it("is announced, so the remote engine reads one supplier by id with it", async () => {
    const token = await server.token("viewer");
    const whoAmI = await server.call("POST", "/api/v1/auth/who-am-i", { token });
    expect(field(whoAmI, "extensions")).toContain("GET /suppliers/{id}");
    const remote = createRemoteService({ apiUrl: server.url, token });
    try {
      expect(await remote.suppliers.get(SUPPLIER_B)).toMatchObject({ name: "Beta's client" });
    } finally {
      await remote.close();
    }
  });
});

describe("suppliers import through the remote engine", () => {
  it("imports, re-imports unchanged, and stores nothing when the server refuses a row", async () => {
    const token = await server.token("member");
    const remote = createRemoteService({ apiUrl: server.url, token });
    try {
      const file = path.join(fixtures, "proveedores-y-clientes.csv");
      const common = { file, companyId: COMPANY_B, dryRun: false, skipInvalid: false };
      const dry = await importSuppliers(remote, { ...common, dryRun: true });
      expect(dry).toMatchObject({ inserted: 10, committed: false });
      expect((await remote.suppliers.list({ companyId: COMPANY_B })).pagination.total).toBe(1);
      expect(await importSuppliers(remote, common)).toMatchObject({
        inserted: 10,
        committed: true,
      });
      expect(await importSuppliers(remote, common)).toMatchObject({ unchanged: 10 });
      // PRV-0001 of company B now exists: the same externalId under another id passes the file
      // checks but the server refuses it; the dry run before sending stops the whole file.
      const dir = mkdtempSync(path.join(os.tmpdir(), "carbon-"));
      const conflicting = path.join(dir, "conflicting.csv");
      writeFileSync(
        conflicting,
        "id,externalId,name,type\n,NEW-1,New one,clients\n11111111-1111-4111-8111-111111111111,PRV-0001,Clash,suppliers\n",
      );
      const refused = await importSuppliers(remote, { ...common, file: conflicting });
      expect(refused.errors).toEqual([
        { line: 3, column: "externalId", message: expect.stringContaining("already names") },
      ]);
      expect(refused).toMatchObject({ committed: false, inserted: 0 });
      const after = await remote.suppliers.list({ companyId: COMPANY_B, limit: 500 });
      expect(after.pagination.total).toBe(11);
      rmSync(dir, { recursive: true, force: true });
    } finally {
      await remote.close();
    }
  });
});
