/**
 * Removing a consumption from a server that knows only the hosted service's shapes
 * (shared/spec/hosted-service.md): `GET /consumptions/{id}` answers `{id, data}`, and
 * `POST /consumptions` with `removedAt` answers `{status: "ok", isCreated, isUpdated}`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";
import { type FakeServer, json, problem, startFakeServer } from "./fake-server.js";

const id = "0e6f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const hostedRecord = {
  id,
  entityId: "invoice-123",
  categoryId: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
  startDate: "2024-01-01T00:00:00.000Z",
  endDate: "2024-01-30T00:00:00.000Z",
  companyId: "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90",
  buildingId: "7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3b4c",
  quantity: 16099.7,
  unitType: "kWh",
  provider: "Iberdrola",
  countryCode: "ES",
};

let server: FakeServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function remoteOn(fake: FakeServer) {
  return createRemoteService({
    apiUrl: fake.url,
    token: "opaque-token",
    retry: { attempts: 1 },
  });
}

describe("removing a consumption from a server with the hosted shapes", () => {
  it("fetches {id, data}, then upserts the record with removedAt and accepts {status: ok}", async () => {
    server = await startFakeServer([
      json(200, { id, data: hostedRecord }),
      json(200, { status: "ok", isCreated: false, isUpdated: true }),
    ]);
    const service = remoteOn(server);
    try {
      const result = await service.deleteRecords({ resource: "consumption", ids: [id] });
      expect(result).toMatchObject({
        dryRun: false,
        deleted: [
          {
            resource: "consumption",
            id,
            companyId: hostedRecord.companyId,
            buildingId: hostedRecord.buildingId,
            consumptions: 1,
            auditId: null,
          },
        ],
      });
    } finally {
      await service.close();
    }
    const [get, post] = server.requests;
    expect(get).toMatchObject({ method: "GET", url: `/api/v1/consumptions/${id}` });
    expect(post).toMatchObject({ method: "POST", url: "/api/v1/consumptions" });
    const body: unknown = JSON.parse(post?.body ?? "null");
    const { provider: _provider, countryCode: _country, ...nine } = hostedRecord;
    expect(body).toEqual({ ...nine, removedAt: expect.any(String) });
    const removedAt =
      typeof body === "object" && body !== null ? Reflect.get(body, "removedAt") : "";
    expect(Number.isNaN(Date.parse(String(removedAt)))).toBe(false);
    expect(server.requests).toHaveLength(2);
  });

  it("a dry run only fetches; an unknown id removes nothing", async () => {
    server = await startFakeServer([
      json(200, { id, data: hostedRecord }),
      problem(404, "not_found", "consumption not found"),
    ]);
    const service = remoteOn(server);
    try {
      const plan = await service.deleteRecords({
        resource: "consumption",
        ids: [id],
        dryRun: true,
      });
      expect(plan.deleted[0]?.record).toMatchObject({ entityId: "invoice-123" });
      const other = "1e6f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
      const failed = await service.deleteRecords({ resource: "consumption", ids: [other] }).then(
        () => "no error",
        (error: unknown) => (error instanceof CarbonError ? error.code : "?"),
      );
      expect(failed).toBe("not_found");
    } finally {
      await service.close();
    }
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "GET"]);
  });
});
