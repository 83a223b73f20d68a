/**
 * Effluent records from a server of the interface that answers them without their flags (the
 * spec shows no item fields): the remote engine flags each sample from the company's limits,
 * read with the spec's listing, and without `GET /effluents/{id}` finds a record by reading the
 * listing company after company. A MockAgent stands for that server: carbon serve flags its own.
 */

import { describe, expect, it } from "vitest";
import { mockedOrigin, mockedRemoteService } from "./mocked-service.js";

const origin = mockedOrigin;
const company = "5f2c1a00-1b2c-1d3e-9f40-123456789abc";
const building = "6a3d2b11-2c3d-1e4f-8a51-23456789abcd";
const limitId = "7b4e3c22-3d4e-5f60-9b62-3456789abcd1";
const above = "7b4e3c22-3d4e-5f60-9b62-3456789abcd2";
const within = "7b4e3c22-3d4e-5f60-9b62-3456789abcd3";

const mocked = mockedRemoteService("spec-token");

function answer(method: string, matches: (url: URL) => boolean, body: unknown): void {
  mocked.agent
    .get(origin)
    .intercept({ method, path: (path) => matches(new URL(path, origin)) })
    .reply(200, JSON.stringify(body), { headers: { "content-type": "application/json" } });
}

const page = (data: unknown[]) => ({
  data,
  pagination: { page: 1, limit: 500, total: data.length },
});
const record = (id: string, type: string, value: string, when: Record<string, unknown>) => ({
  id,
  companyId: company,
  buildingId: building,
  type,
  parameter: "COD",
  value,
  unit: "mg/L",
  ...when,
});
const limit = record(limitId, "limit", "125", { year: 2025 });
const samples = [
  record(above, "quality", "140", { year: "2025", sampledAt: "2025-03-14T00:00:00Z" }),
  record(within, "quality", "125", { year: 2025, sampledAt: "2025-04-14" }),
];
const listing = (url: URL) =>
  url.pathname === "/api/v1/effluents" && url.searchParams.get("companyId") === company;

describe("effluent records a server answers without flags", () => {
  it("are flagged from the company's limits, read with the spec's listing", async () => {
    answer(
      "GET",
      (url) => listing(url) && url.searchParams.get("type") === "quality",
      page(samples),
    );
    answer("GET", (url) => listing(url) && url.searchParams.get("type") === "limit", page([limit]));
    const listed = await mocked.service.effluents.list({ companyId: company, type: "quality" });
    // 140 − 125 = 15 above: exceeds; 125 is on the limit: within it.
    expect(listed.data.map((r) => [r.id, r.limitId, r.limitValue, r.exceedsLimit])).toEqual([
      [above, limitId, 125, true],
      [within, limitId, 125, false],
    ]);
  });

  it("are found company after company without the get extension, then flagged", async () => {
    answer("POST", (url) => url.pathname === "/api/v1/auth/who-am-i", { id: "u1" });
    answer(
      "GET",
      (url) => url.pathname === "/api/v1/companies",
      page([{ id: company, name: "Acme" }]),
    );
    answer(
      "GET",
      (url) => listing(url) && !url.searchParams.has("type"),
      page([limit, ...samples]),
    );
    answer("GET", (url) => listing(url) && url.searchParams.get("type") === "limit", page([limit]));
    const found = await mocked.service.effluents.get(above.toUpperCase());
    expect([found.id, found.sampledAt, found.exceedsLimit]).toEqual([above, "2025-03-14", true]);
  });
});
