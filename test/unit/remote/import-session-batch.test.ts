/** The remote import session sends chunks to `POST /consumptions/batch`, or single rows without it. */
import type http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";
import { categoryId } from "../../../src/core/ids.js";
import type { ConsumptionInput } from "../../../src/core/model/consumption.js";
import {
  announcing,
  type FakeServer,
  type Recorded,
  type Responder,
  startFakeServer,
  workRequests,
} from "./fake-server.js";
import { type RealServer, startRealServer } from "./real-server.js";

const company = "c3000000-0000-4000-8000-000000000001";
const building = "b3000000-0000-4000-8000-000000000001";

function row(n: number): ConsumptionInput {
  return {
    id: `d3000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    entityId: `E-${n}`,
    categoryId: categoryId("electricity"),
    startDate: "2024-01-01T00:00:00.000Z",
    endDate: "2024-01-31T00:00:00.000Z",
    companyId: company,
    buildingId: building,
    quantity: n,
    unitType: "kWh",
  };
}

function itemsOf(request: Recorded): ConsumptionInput[] {
  return JSON.parse(request.body).items;
}

/** Answers a batch: every item inserted, co2e = quantity (whole numbers), after a short pause. */
function batchAnswer(request: Recorded, response: http.ServerResponse): Promise<void> {
  const items = itemsOf(request);
  const co2e = items.reduce((sum, item) => sum + item.quantity, 0);
  const counts = {
    inserted: items.length,
    updated: 0,
    unchanged: 0,
    awaitingFactor: 0,
    co2eByScope: { "1": 0, "2": co2e, "3": 0 },
  };
  return new Promise((resolve) => {
    setTimeout(() => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ counts }));
      resolve();
    }, 5);
  });
}

/** A server with the extension that runs dry runs: it announces both on who-am-i. */
const withBatch = announcing(["POST /consumptions/batch", "dryRun"], batchAnswer);

/** A server without the extension (it announces none): 404 for the batch route, 422 for every single row. */
const withoutBatch: Responder = announcing([], (request, response) => {
  const missing = request.url.startsWith("/api/v1/consumptions/batch");
  response.writeHead(missing ? 404 : 422, { "content-type": "application/problem+json" });
  response.end(
    JSON.stringify(
      missing
        ? { code: "not_found", detail: `no route POST ${request.url}` }
        : { code: "validation", detail: "single rows refused here", errors: [] },
    ),
  );
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fake(responders: readonly Responder[]): Promise<FakeServer> {
  const server = await startFakeServer(responders);
  cleanups.push(() => server.close());
  return server;
}

async function real(): Promise<RealServer> {
  const server = await startRealServer();
  cleanups.push(() => server.close());
  await server.local.companies.upsert({ id: company, name: "Batch Co", country: "ES" });
  await server.local.buildings.upsert({ id: building, companyId: company, name: "Madrid" });
  return server;
}

describe("remote import session with the batch route", () => {
  it("sends chunks of at most 500 rows, at most --concurrency in flight, and sums the counts", async () => {
    const server = await fake([withBatch]);
    const service = createRemoteService({ apiUrl: server.url, token: "t", concurrency: 2 });
    cleanups.push(() => service.close());
    const session = await service.consumptions.openImport({ dryRun: false });
    const rows = Array.from({ length: 2100 }, (_, n) => row(n + 1));
    const counts = await session.write(rows);
    await session.commit();
    expect(workRequests(server).map((request) => request.url)).toEqual(
      Array.from({ length: 5 }, () => "/api/v1/consumptions/batch"),
    );
    expect(workRequests(server).map((request) => itemsOf(request).length)).toEqual([
      500, 500, 500, 500, 100,
    ]);
    const sent = workRequests(server).flatMap((request) => itemsOf(request).map((item) => item.id));
    expect(new Set(sent)).toEqual(new Set(rows.map((one) => one.id)));
    expect(server.maxInFlight()).toBe(2);
    expect(counts).toEqual({
      inserted: 2100,
      updated: 0,
      unchanged: 0,
      awaitingFactor: 0,
      co2eByScope: { "1": 0, "2": (2100 * 2101) / 2, "3": 0 },
    });
  });

  it("a dry run asks the batch route not to store (dryRun=true)", async () => {
    const server = await fake([withBatch]);
    const service = createRemoteService({ apiUrl: server.url, token: "t" });
    cleanups.push(() => service.close());
    const session = await service.consumptions.openImport({ dryRun: true });
    await session.write([row(1)]);
    await session.commit();
    expect(workRequests(server).map((request) => request.url)).toEqual([
      "/api/v1/consumptions/batch?dryRun=true",
    ]);
  });

  it("without the announcement, sends single rows (the spec's route) and never the batch route", async () => {
    const server = await fake([withoutBatch]);
    const service = createRemoteService({ apiUrl: server.url, token: "t", concurrency: 1 });
    cleanups.push(() => service.close());
    const session = await service.consumptions.openImport({ dryRun: false });
    for (let write = 0; write < 2; write += 1) {
      await expect(session.write([row(1), row(2)])).rejects.toMatchObject({
        code: "validation",
      });
    }
    await session.abort();
    expect(server.requests.map((request) => request.url)).toEqual([
      "/api/v1/auth/who-am-i",
      "/api/v1/consumptions",
      "/api/v1/consumptions",
    ]);
  });

  it("stores the rows on a real server; sent again, they are unchanged", async () => {
    const server = await real();
    const service = createRemoteService({ apiUrl: server.url, token: await server.token() });
    cleanups.push(() => service.close());
    const rows = Array.from({ length: 1200 }, (_, n) => row(n + 1));
    for (const expected of [{ inserted: 1200 }, { unchanged: 1200 }]) {
      const session = await service.consumptions.openImport({ dryRun: false });
      const counts = await session.write(rows);
      await session.commit();
      expect(counts).toMatchObject(expected);
    }
    const page = await server.local.consumptions.list({ companyId: company, page: 1, limit: 1 });
    expect(page.pagination.total).toBe(1200);
  });

  it("names a bad row as the session's rows.<i>, with its id", async () => {
    const server = await real();
    const service = createRemoteService({ apiUrl: server.url, token: await server.token() });
    cleanups.push(() => service.close());
    const session = await service.consumptions.openImport({ dryRun: false });
    const missing = "b3000000-0000-4000-8000-00000000dead";
    const bad = { ...row(3), buildingId: missing };
    const error = await session.write([row(1), row(2), bad]).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    await session.abort();
    expect(error).toBeInstanceOf(CarbonError);
    expect(error).toMatchObject({ code: "validation" });
    const issues = error instanceof CarbonError ? error.issues : [];
    expect(issues.map((issue) => issue.path)).toEqual(["rows.2.buildingId"]);
    expect(error instanceof Error ? error.message : "").toContain(`consumption ${bad.id}:`);
  });
});
