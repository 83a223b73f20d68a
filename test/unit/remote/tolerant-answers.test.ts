/**
 * Answers of a server that is not ours, valid under the interface: the hosted service's shapes
 * (../shared/spec/hosted-service.md) and minimal ones. Only the fields a command needs are
 * required; numbers as strings and dates as dates are read; any UUID is an id; unknown fields
 * stay. A MockAgent stands for that server: carbon serve never answers these shapes.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CarbonError } from "../../../src/core/errors.js";
import { importSuppliers } from "../../../src/import/suppliers/import.js";
import { tempDir } from "../../cli/helpers.js";
import { mockedOrigin, mockedRemoteService } from "./mocked-service.js";

const origin = mockedOrigin;
const company = "5f2c1a00-1b2c-1d3e-9f40-123456789abc";
const building = "6a3d2b11-2c3d-1e4f-8a51-23456789abcd";
const category = "7b4e3c22-3d4e-5f60-9b62-3456789abcde";
/** A version-1 UUID with the NCS variant: valid, though not what carbon serve mints. */
const oddId = "12345678-1234-1234-1234-123456789abc";

const mocked = mockedRemoteService("hosted-token");

function answer(method: string, path: string, body: unknown): void {
  mocked.agent
    .get(origin)
    .intercept({ method, path: (url) => url.split("?")[0] === `/api/v1${path}` })
    .reply(200, JSON.stringify(body), { headers: { "content-type": "application/json" } });
}

const page = (data: unknown, total: number) => ({
  data,
  pagination: { page: 1, limit: 50, total },
});

const consumption = {
  id: oddId,
  entityId: "invoice-123",
  categoryId: category,
  startDate: "2025-01-01",
  endDate: "2025-01-31T00:00:00Z",
  companyId: company,
  buildingId: building,
  quantity: "1250.5",
  unitType: "kWh",
};

describe("the hosted service's answers", () => {
  it.each([
    [true, false, "inserted"],
    [false, true, "updated"],
    [false, false, "unchanged"],
  ])(
    "POST /consumptions {status, isCreated: %s, isUpdated: %s} is %s, with no record",
    async (isCreated, isUpdated, outcome) => {
      answer("POST", "/consumptions", { status: "ok", isCreated, isUpdated });
      const result = await mocked.service.consumptions.upsert({
        ...consumption,
        id: "0b6f9a2e-4c1d-4e8f-9a7b-1c2d3e4f5a6b",
        startDate: "2025-01-01T00:00:00.000Z",
        endDate: "2025-01-31T00:00:00.000Z",
        quantity: 1250.5,
      });
      expect(result).toEqual({ outcome });
    },
  );

  it("GET /consumptions/{id} as {id, data}: the record, numbers and dates read", async () => {
    const { id, ...fields } = consumption;
    answer("GET", `/consumptions/${id}`, { id, data: { ...fields, provider: "Iberdrola" } });
    const record = await mocked.service.consumptions.get(id);
    expect(record).toMatchObject({
      id,
      quantity: 1250.5,
      startDate: "2025-01-01T00:00:00.000Z",
      endDate: "2025-01-31T00:00:00.000Z",
      provider: "Iberdrola",
    });
  });

  it("a supplier as exactly {id, name, email}, listed and upserted", async () => {
    const supplier = { id: oddId, name: "Acme Logistics", email: "ops@acme.example" };
    answer("GET", "/suppliers", page([supplier], 1));
    answer("POST", "/suppliers", supplier);
    expect((await mocked.service.suppliers.list({ companyId: company })).data).toEqual([
      { ...supplier, address: null, externalId: null },
    ]);
    const upserted = await mocked.service.suppliers.upsert({
      name: "Acme Logistics",
      email: "ops@acme.example",
      companyId: company,
      externalId: "ACME",
      type: "suppliers",
    });
    expect(upserted).toEqual({ ...supplier });
  });

  it("a supplier import counts rows the server stored without saying how, not as none", async () => {
    const file = path.join(tempDir(), "suppliers.csv");
    fs.writeFileSync(file, "name,externalId,type\nAcme,ACME,suppliers\nBeta,BETA,clients\n");
    // A server of the interface alone: no extensions, so the company is found by the listing.
    answer("POST", "/auth/who-am-i", {});
    answer("GET", "/companies", page([{ id: company, name: "Acme Group" }], 1));
    mocked.agent
      .get(origin)
      .intercept({ method: "POST", path: (url) => url.startsWith("/api/v1/suppliers") })
      .reply(200, (request) => {
        const body: { name: string } = JSON.parse(String(request.body));
        return JSON.stringify({ id: oddId, name: body.name, email: null });
      })
      .times(2);
    const report = await importSuppliers(mocked.service, {
      file,
      companyId: company,
      dryRun: false,
      skipInvalid: true,
    });
    expect(report).toMatchObject({ inserted: 0, updated: 0, unchanged: 0, outcomeUnknown: 2 });
    expect(report.committed).toBe(true);
  });

  it("a list whose data is an empty object has no rows", async () => {
    answer("GET", "/companies", page({}, 0));
    expect((await mocked.service.companies.list({})).data).toEqual([]);
  });

  it("GLEC items with numbers for distance and load, date-times for dates, and their own fields", async () => {
    const action = {
      id: "9c5f4d33-4e5f-6071-8c73-456789abcdef",
      mode: "road",
      distance: 250,
      load: 12.5,
      loadUnit: "mt",
      vehicleType: "HGV_DIESEL",
      emission: 81.2,
    };
    const entry = {
      id: oddId,
      startDate: "2025-03-01T00:00:00.000Z",
      endDate: "2025-03-02T10:30:00Z",
      companyId: company,
      actions: [action],
      authorship: { owner: "ops@acme.example" },
    };
    answer("GET", "/service-footprint/glec", page([entry], 1));
    const [item] = (await mocked.service.glec.list({ companyId: company })).data;
    expect(item).toMatchObject({
      startDate: "2025-03-01",
      endDate: "2025-03-02",
      authorship: { owner: "ops@acme.example" },
    });
    expect(item?.actions[0]).toMatchObject({ distance: "250", load: "12.5", emission: 81.2 });
    expect(item?.calculation).toBeUndefined();
  });
});

describe("minimal answers of any server of the interface", () => {
  it("who-am-i with a role of the hosted service's names and no companies", async () => {
    answer("POST", "/auth/who-am-i", { email: "ops@acme.example", role: "ROLE_OWNER" });
    expect(await mocked.service.whoAmI()).toMatchObject({
      email: "ops@acme.example",
      role: "ROLE_OWNER",
      companies: [],
      expiresAt: null,
    });
  });

  it("who-am-i as the hosted service answers it: roles, and companies as {companyId}", async () => {
    answer("POST", "/auth/who-am-i", {
      id: "0b5d8a52-7c1e-4f0a-9a57-3f6e1d2c4b8a",
      email: "ana@example.com",
      name: "Ana",
      companies: [{ companyId: company }],
      roles: ["ROLE_MANAGER"],
    });
    expect(await mocked.service.whoAmI()).toMatchObject({
      email: "ana@example.com",
      role: "ROLE_MANAGER",
      roles: ["ROLE_MANAGER"],
      companies: [company],
    });
  });

  it("a company with only id and name, an id of any UUID version, unknown fields kept", async () => {
    answer("GET", "/companies", page([{ id: oddId, name: "Acme", sector: "logistics" }], 1));
    const [found] = (await mocked.service.companies.list({})).data;
    expect(found).toEqual({ id: oddId, name: "Acme", country: null, sector: "logistics" });
  });

  it("pagination written as strings", async () => {
    answer("GET", "/companies", {
      data: [{ id: oddId, name: "Acme" }],
      pagination: { page: "1", limit: "50", total: "1" },
    });
    expect((await mocked.service.companies.list({})).pagination).toEqual({
      page: 1,
      limit: 50,
      total: 1,
    });
  });

  it("an emission with figures as strings and no status: calculated when it has a co2e", async () => {
    const emission = {
      id: oddId,
      consumptionId: oddId,
      companyId: company,
      buildingId: building,
      categoryId: category,
      scope: "2",
      startDate: "2025-01-01",
      endDate: "2025-01-31",
      co2e: "312.4",
    };
    answer("GET", "/emissions", page([emission, { ...emission, co2e: null }], 2));
    const rows = (await mocked.service.emissions.list({})).data;
    expect(rows.map((row) => [row.scope, row.co2e, row.status])).toEqual([
      [2, 312.4, "calculated"],
      [2, null, "awaiting_factor"],
    ]);
  });

  it("a record of carbon serve's shape but with dates as dates: the dates are still normalized", async () => {
    const ours = {
      ...consumption,
      id: "0b6f9a2e-4c1d-4e8f-9a7b-1c2d3e4f5a6b",
      categoryId: "1b6f9a2e-4c1d-4e8f-9a7b-1c2d3e4f5a6b",
      companyId: "2b6f9a2e-4c1d-4e8f-9a7b-1c2d3e4f5a6b",
      buildingId: "3b6f9a2e-4c1d-4e8f-9a7b-1c2d3e4f5a6b",
      quantity: 10,
      createdAt: "2025-02-01",
      updatedAt: "2025-02-01",
    };
    answer("GET", "/consumptions", page([ours], 1));
    const [row] = (await mocked.service.consumptions.list({})).data;
    expect(row).toMatchObject({
      startDate: "2025-01-01T00:00:00.000Z",
      createdAt: "2025-02-01T00:00:00.000Z",
    });
  });

  it("a record without a field a command needs is still refused, naming the field", async () => {
    const { quantity: _dropped, ...withoutQuantity } = consumption;
    answer("GET", "/consumptions", page([withoutQuantity], 1));
    const failure = await mocked.service.consumptions.list({}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CarbonError);
    expect(failure).toMatchObject({ code: "internal" });
    expect(JSON.stringify(failure)).toContain("data.0.quantity");
  });

  it("a number that is not one is refused, not read as 0", async () => {
    answer("GET", "/consumptions", page([{ ...consumption, quantity: "" }], 1));
    const failure = await mocked.service.consumptions.list({}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "internal" });
  });
});
