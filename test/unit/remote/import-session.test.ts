/** The remote import session's bulk behaviour, seen from a server that records every request. */
import type http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";
import type { ConsumptionInput } from "../../../src/core/model/consumption.js";
import {
  announcing,
  type FakeServer,
  type Recorded,
  type Responder,
  startFakeServer,
  workRequests,
} from "./fake-server.js";

const company = "c2000000-0000-4000-8000-000000000001";
const building = "b2000000-0000-4000-8000-000000000001";
const category = "a2000000-0000-4000-8000-000000000001";

function row(n: number): ConsumptionInput {
  return {
    id: `d2000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    entityId: `E-${n}`,
    categoryId: category,
    startDate: "2024-01-01T00:00:00.000Z",
    endDate: "2024-01-31T00:00:00.000Z",
    companyId: company,
    buildingId: building,
    quantity: n,
    unitType: "kWh",
  };
}

/** Answers an upsert like the server would: scope 2, co2e = quantity × 2 (whole numbers: any order sums exactly), after a short pause. */
function upsertAnswer(request: Recorded, response: http.ServerResponse): Promise<void> {
  const input: ConsumptionInput = JSON.parse(request.body);
  const awaiting = input.quantity % 5 === 0;
  const emission = {
    id: input.id,
    consumptionId: input.id,
    companyId: input.companyId,
    buildingId: input.buildingId,
    categoryId: input.categoryId,
    scope: 2,
    startDate: input.startDate,
    endDate: input.endDate,
    co2e: awaiting ? null : input.quantity * 2,
    co2: null,
    ch4: null,
    n2o: null,
    co2eMarketBased: null,
    factorId: null,
    factorSource: null,
    factorYear: null,
    status: awaiting ? "awaiting_factor" : "calculated",
    quantity: input.quantity,
    unit: input.unitType,
    convertedQuantity: null,
    factorUnit: null,
    factorValue: null,
    resolution: null,
    gwpSet: null,
    marketFactorId: null,
    marketBasis: null,
  };
  const consumption = { ...input, createdAt: input.startDate, updatedAt: input.startDate };
  return new Promise((resolve) => {
    setTimeout(() => {
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ outcome: "inserted", consumption, emission }));
      resolve();
    }, 5);
  });
}

/**
 * A server without the batch extension that runs dry runs (it announces `dryRun` alone): 404 for
 * `POST /consumptions/batch`, else `responder`.
 */
function withoutBatch(responder: Responder): Responder {
  return announcing(["dryRun"], (request, response) => {
    if (!request.url.startsWith("/api/v1/consumptions/batch")) return responder(request, response);
    response.writeHead(404, { "content-type": "application/problem+json" });
    response.end(JSON.stringify({ code: "not_found", detail: `no route POST ${request.url}` }));
  });
}

/** Single-row requests only. */
function rowRequests(fake: FakeServer): Recorded[] {
  return workRequests(fake);
}

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("remote import session against a server without the batch route", () => {
  it.each([1, 3, 8])("keeps at most %i requests in flight and sums the answers", async (limit) => {
    server = await startFakeServer([withoutBatch(upsertAnswer)]);
    const service = createRemoteService({ apiUrl: server.url, token: "t", concurrency: limit });
    const session = await service.consumptions.openImport({ dryRun: false });
    const rows = Array.from({ length: 40 }, (_, n) => row(n + 1));
    const counts = await session.write(rows);
    await session.commit();
    await service.close();
    expect(rowRequests(server)).toHaveLength(40);
    expect(server.maxInFlight()).toBeLessThanOrEqual(limit);
    if (limit > 1) expect(server.maxInFlight()).toBeGreaterThan(1);
    // quantities 1..40: multiples of 5 await a factor; the others sum to (820 - 180) × 2.
    expect(counts).toEqual({
      inserted: 40,
      updated: 0,
      unchanged: 0,
      awaitingFactor: 8,
      co2eByScope: { "1": 0, "2": 1280, "3": 0 },
    });
    expect(new Set(workRequests(server).map((request) => request.url))).toEqual(
      new Set(["/api/v1/consumptions"]),
    );
  });

  it("a dry run asks the server not to store (dryRun=true)", async () => {
    server = await startFakeServer([withoutBatch(upsertAnswer)]);
    const service = createRemoteService({ apiUrl: server.url, token: "t" });
    const session = await service.consumptions.openImport({ dryRun: true });
    await session.write([row(1)]);
    await session.commit();
    await service.close();
    expect(workRequests(server).map((request) => request.url)).toEqual([
      "/api/v1/consumptions?dryRun=true",
    ]);
  });

  it("after a failure no new row is sent, the ones in flight finish, and the error names the row", async () => {
    let seen = 0;
    server = await startFakeServer([
      withoutBatch((request, response) => {
        seen += 1;
        if (seen === 3) {
          response.writeHead(422, { "content-type": "application/problem+json" });
          response.end(JSON.stringify({ code: "validation", detail: "unknown unit", errors: [] }));
          return Promise.resolve();
        }
        return upsertAnswer(request, response);
      }),
    ]);
    const service = createRemoteService({ apiUrl: server.url, token: "t", concurrency: 2 });
    const session = await service.consumptions.openImport({ dryRun: false });
    let error: unknown;
    try {
      await session.write(Array.from({ length: 50 }, (_, n) => row(n + 1)));
    } catch (caught) {
      error = caught;
    }
    await session.abort();
    await service.close();
    expect(error).toBeInstanceOf(CarbonError);
    expect(error instanceof CarbonError ? error.code : "").toBe("validation");
    expect(error instanceof Error ? error.message : "").toMatch(
      /^consumption d2000000-[0-9a-f-]+: unknown unit$/,
    );
    expect(rowRequests(server).length).toBeLessThanOrEqual(4);
  });

  it("refuses writes after commit and sends nothing", async () => {
    server = await startFakeServer([withoutBatch(upsertAnswer)]);
    const service = createRemoteService({ apiUrl: server.url, token: "t" });
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.commit();
    await expect(session.write([row(1)])).rejects.toThrow("already closed");
    await expect(session.createBuildings([])).rejects.toThrow("already closed");
    await service.close();
    expect(workRequests(server)).toEqual([]);
  });
});
