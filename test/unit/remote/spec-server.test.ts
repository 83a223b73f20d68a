/**
 * The remote engine against a server that is not ours: an undici MockAgent that knows only the
 * specification's paths, announces no extension on who-am-i, and ignores `dryRun`. Every request
 * the engine makes must be intercepted (disableNetConnect), and every intercept used.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";
import { categoryId } from "../../../src/core/ids.js";
import type { ConsumptionInput } from "../../../src/core/model/consumption.js";
import { glecEntryInputSchema } from "../../../src/core/model/glec.js";

const origin = "https://carbon.example.com";
const company = "c4000000-0000-4000-8000-000000000001";
const building = "b4000000-0000-4000-8000-000000000001";
const entryId = "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

/** A server that announces nothing on who-am-i (the hosted service's answer: a user). */
function specServer(): MockAgent {
  agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get(origin)
    .intercept({ path: "/api/v1/auth/who-am-i", method: "POST" })
    .reply(200, { id: "u1", email: "ana@example.com" })
    .times(1);
  return agent;
}

function serviceOn(mock: MockAgent) {
  return createRemoteService({ apiUrl: origin, token: "t", dispatcher: mock, concurrency: 2 });
}

async function failure(promise: Promise<unknown>): Promise<CarbonError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CarbonError) return error;
    throw error;
  }
  throw new Error("expected a CarbonError");
}

function row(n: number, over: Partial<ConsumptionInput> = {}): ConsumptionInput {
  return {
    id: `d4000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    entityId: `E-${n}`,
    categoryId: categoryId("electricity"),
    startDate: "2024-01-01T00:00:00.000Z",
    endDate: "2024-01-31T00:00:00.000Z",
    companyId: company,
    buildingId: building,
    quantity: n,
    unitType: "kWh",
    ...over,
  };
}

function stored(input: ConsumptionInput) {
  return { ...input, createdAt: input.startDate, updatedAt: input.startDate };
}

describe("a server that offers the specification alone", () => {
  it.each([
    [
      "factors list",
      "a listing of emission factors",
      (s: ReturnType<typeof serviceOn>) => s.factors.list({ page: 1, limit: 10 }),
    ],
    [
      "factors resolve",
      "factor resolution",
      (s: ReturnType<typeof serviceOn>) =>
        s.factors.resolve({ category: "electricity", country: "ES", year: 2024 }),
    ],
    [
      "audit list",
      "the audit trail",
      (s: ReturnType<typeof serviceOn>) => s.audit.list({ page: 1, limit: 10 }),
    ],
    [
      "glec get",
      "reading one GLEC entry by id",
      (s: ReturnType<typeof serviceOn>) => s.glec.get(entryId),
    ],
    [
      "custom factor get",
      "reading one custom factor by id",
      (s: ReturnType<typeof serviceOn>) => s.customFactors.get(entryId),
    ],
  ])(
    "%s: a usage error saying the server does not offer it, and no other request",
    async (_name, what, call) => {
      const error = await failure(call(serviceOn(specServer())));
      expect([error.code, error.exitCode]).toEqual(["usage", 2]);
      expect(error.message).toContain(`the server at ${origin} does not offer ${what}`);
      expect(error.hint).toBeTruthy();
      agent?.assertNoPendingInterceptors();
    },
  );

  it("a supplier by id is read from the spec's listing, answered as `{id, name, email}`", async () => {
    const mock = specServer();
    const supplier = { id: entryId.toUpperCase(), name: "Iberdrola", email: "a@example.com" };
    mock
      .get(origin)
      .intercept({ path: "/api/v1/suppliers?page=1&limit=500", method: "GET" })
      .reply(200, { data: [supplier], pagination: { page: 1, limit: 500, total: 1 } });
    expect(await serviceOn(mock).suppliers.get(entryId)).toMatchObject({
      ...supplier,
      address: null,
      externalId: null,
    });
    agent?.assertNoPendingInterceptors();
  });

  it("glec delete uses the spec's DELETE /service-footprint/glec with the id as a query parameter", async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get(origin)
      .intercept({ path: `/api/v1/service-footprint/glec?id=${entryId}`, method: "DELETE" })
      .reply(200, { message: "GLEC entry deleted", id: entryId });
    const receipt = await serviceOn(agent).glec.delete(entryId);
    expect(receipt.id).toBe(entryId);
    agent.assertNoPendingInterceptors();
  });

  it("an import sends one POST /consumptions per row, never the batch route", async () => {
    const mock = specServer();
    const sent: unknown[] = [];
    mock
      .get(origin)
      .intercept({ path: "/api/v1/consumptions", method: "POST" })
      .reply(200, ({ body }) => {
        sent.push(JSON.parse(String(body)));
        return { status: "ok", isCreated: true, isUpdated: false };
      })
      .times(2);
    const service = serviceOn(mock);
    const session = await service.consumptions.openImport({ dryRun: false });
    // The hosted answer carries no counts: the session fails to read it, but sent only spec rows.
    await session.write([row(1), row(2)]).catch(() => undefined);
    await session.abort();
    expect(sent).toHaveLength(2);
    mock.assertNoPendingInterceptors();
  });

  it("an import dry run sends no write: it counts from the spec's listing, without emissions", async () => {
    const mock = specServer();
    const unchanged = row(1);
    const changed = row(2);
    mock
      .get(origin)
      .intercept({
        path: `/api/v1/consumptions?companyId=${company}&buildingIds%5B%5D=${building}&page=1&limit=500`,
        method: "GET",
      })
      .reply(200, {
        data: [stored(unchanged), stored({ ...changed, quantity: 99 })],
        pagination: { page: 1, limit: 500, total: 2 },
      });
    // Any POST would be unintercepted: disableNetConnect turns it into an error.
    const service = serviceOn(mock);
    const session = await service.consumptions.openImport({ dryRun: true });
    const counts = await session.write([unchanged, changed, row(3)]);
    await session.commit();
    expect(counts).toEqual({
      inserted: 1,
      updated: 1,
      unchanged: 1,
      awaitingFactor: 0,
      co2eByScope: { "1": 0, "2": 0, "3": 0 },
    });
    expect(session.calculates).toBe(false);
    mock.assertNoPendingInterceptors();
  });

  it("--create-buildings is refused before anything is sent, naming the buildings to create", async () => {
    const mock = specServer();
    const service = serviceOn(mock);
    for (const dryRun of [false, true]) {
      const session = await service.consumptions.openImport({ dryRun });
      const error = await failure(
        session.createBuildings([
          { id: building, companyId: company, name: "Madrid HQ" },
          { id: "b4000000-0000-4000-8000-000000000002", companyId: company, name: "Bilbao" },
        ]),
      );
      await session.abort();
      expect(error.code).toBe("usage");
      expect(error.message).toContain("does not offer creating buildings");
      expect(error.hint).toContain('"Madrid HQ", "Bilbao"');
    }
    mock.assertNoPendingInterceptors();
  });

  it.each([
    ["building", "deleting buildings (DELETE /buildings/{id})"],
    ["customFactor", "deleting custom emission factors (DELETE /emission-factors/custom/{id})"],
    ["supplier", "deleting suppliers (DELETE /suppliers/{id})"],
  ] as const)("deleting a %s is refused (usage), nothing sent", async (resource, what) => {
    const mock = specServer();
    const service = serviceOn(mock);
    for (const dryRun of [false, true]) {
      const error = await failure(service.deleteRecords({ resource, ids: [building], dryRun }));
      expect([error.code, error.message]).toEqual([
        "usage",
        expect.stringContaining(`does not offer ${what}`),
      ]);
    }
    mock.assertNoPendingInterceptors();
  });

  it("glec submit sends the entry without null fields: absent ones are left out", async () => {
    const file = path.resolve(
      import.meta.dirname,
      "../../../fixtures/glec/shipment-zaragoza-rotterdam.json",
    );
    // As the CLI hands it over: parsed, the absent fields defaulted to null. The road leg at its
    // default intensity: measured fuel needs fields of ours (the next test).
    const fixture = JSON.parse(readFileSync(file, "utf8"));
    const { energyQuantity, energyQuantityUnit, totalLoad, ...road } = fixture.actions[0];
    const entry = glecEntryInputSchema.parse({
      ...fixture,
      actions: [road, ...fixture.actions.slice(1)],
    });
    expect(entry.actions[1]?.vehicleId).toBeNull();
    agent = new MockAgent();
    agent.disableNetConnect();
    let sent: unknown;
    agent
      .get(origin)
      .intercept({ path: "/api/v1/service-footprint/glec", method: "POST" })
      .reply(201, ({ body }) => {
        sent = JSON.parse(String(body));
        return { message: "created", id: entryId };
      });
    await serviceOn(agent).glec.submit(entry);
    const rail = {
      id: "a1000000-0000-4000-8000-000000000002",
      mode: "rail",
      externalId: "LEG-2",
      from: "Madrid Abroñigal rail terminal, ES",
      to: "Algeciras port, ES",
      distance: "640",
      vehicleClassification: "Container train",
      vehicleType: "TRAIN_DIESEL",
      transportType: "CONTAINER",
      load: "12",
      loadUnit: "t",
      licensePlate: "",
      driver: "",
      hasCleaning: false,
      toc: "RAIL_FREIGHT",
    };
    expect(sent).toMatchObject({ id: entryId, clientId: "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e" });
    expect(JSON.stringify(sent)).not.toContain("null");
    expect(sent).toEqual(
      expect.objectContaining({ actions: [expect.anything(), rail, expect.anything()] }),
    );
    agent.assertNoPendingInterceptors();
  });

  it("glec submit sends a server without glecAllocation the shipment's allocated rate, and refuses a grid country", async () => {
    const file = path.resolve(
      import.meta.dirname,
      "../../../fixtures/glec/shipment-zaragoza-rotterdam.json",
    );
    const fixture = JSON.parse(readFileSync(file, "utf8"));
    // The sea leg measured: 0.17 t/km from a 174,000,000 tkm operation; the container's 34,800
    // tkm are a share of 0.0002, so the server is sent 0.17 x 0.0002 = 0.000034 t/km.
    const sea = {
      ...fixture.actions[2],
      energyQuantity: "0.17",
      energyQuantityUnit: "t/km",
      totalTransportActivity: "174000000",
    };
    const entry = glecEntryInputSchema.parse({
      ...fixture,
      actions: [...fixture.actions.slice(0, 2), sea],
    });
    const mock = specServer();
    let sent: { actions: Record<string, unknown>[] } | undefined;
    mock
      .get(origin)
      .intercept({ path: "/api/v1/service-footprint/glec", method: "POST" })
      .reply(201, ({ body }) => {
        sent = JSON.parse(String(body));
        return { message: "created", id: entryId };
      });
    const service = serviceOn(mock);
    await service.glec.submit(entry);
    // The FTL road leg's share is 1: its rate goes as it is.
    expect(sent?.actions[0]).toMatchObject({ energyQuantity: "32", energyQuantityUnit: "l/100km" });
    expect(sent?.actions[2]).toMatchObject({
      energyQuantity: "0.000034",
      energyQuantityUnit: "t/km",
    });
    expect(JSON.stringify(sent)).not.toMatch(/totalLoad|totalTransportActivity/);

    const train = {
      ...fixture.actions[1],
      vehicleType: "TRAIN_ELECTRIC",
      toc: null,
      energyQuantity: "1.2",
      energyQuantityUnit: "kWh/km",
      totalLoad: "12",
      country: "ES",
    };
    const electric = glecEntryInputSchema.parse({ ...fixture, actions: [train] });
    const error = await failure(service.glec.submit(electric));
    expect(error.code).toBe("usage");
    expect(error.message).toContain("the GLEC field country (the grid of an electric leg)");
    mock.assertNoPendingInterceptors();
  });

  it("glec submit sends the ISO 14083 fields to a server that announces glecAllocation", async () => {
    const file = path.resolve(
      import.meta.dirname,
      "../../../fixtures/glec/shipment-zaragoza-rotterdam.json",
    );
    const entry = glecEntryInputSchema.parse(JSON.parse(readFileSync(file, "utf8")));
    agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get(origin);
    pool
      .intercept({ path: "/api/v1/auth/who-am-i", method: "POST" })
      .reply(200, { id: "u1", extensions: ["glecAllocation"] });
    let sent: { actions: Record<string, unknown>[] } | undefined;
    pool
      .intercept({ path: "/api/v1/service-footprint/glec", method: "POST" })
      .reply(201, ({ body }) => {
        sent = JSON.parse(String(body));
        return { message: "created", id: entryId };
      });
    await serviceOn(agent).glec.submit(entry);
    expect(sent?.actions[0]).toMatchObject({ energyQuantity: "32", totalLoad: "12000" });
    expect(sent?.actions[1]).not.toHaveProperty("totalLoad");
    agent.assertNoPendingInterceptors();
  });

  it("glec submit --dry-run goes through the port and sends nothing", async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const file = path.resolve(
      import.meta.dirname,
      "../../../fixtures/glec/shipment-zaragoza-rotterdam.json",
    );
    const calculation = await serviceOn(agent).glec.calculate(
      JSON.parse(readFileSync(file, "utf8")),
    );
    expect(calculation.emissions.wtw).toBeCloseTo(1209.0384, 9);
    agent.assertNoPendingInterceptors();
  });
});
