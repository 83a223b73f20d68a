/**
 * A goal's progress against a server that does not announce `GET /goals/{id}/progress`: the
 * client reads the goal from the spec's listing and the years from the emission dashboard, and
 * computes; it never asks the route.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";
import { announcing, type FakeServer, json, startFakeServer, workRequests } from "./fake-server.js";

const GOAL = "7b1e0c2a-1111-4222-8333-444455556666";
const COMPANY = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";

const year = (key: string, co2e: number) => ({
  key: { year: key },
  label: {},
  co2e,
  co2eMarketBased: co2e,
  count: 1,
  awaitingFactor: 0,
});

const dashboard = {
  groupBy: ["year"],
  groups: [year("2020", 1000), year("2022", 900), year("2024", 750)],
  totals: {
    co2e: 2650,
    co2eMarketBased: 2650,
    byScope: { "1": 2650, "2": 0, "3": 0 },
    scope2MarketBased: null,
    count: 3,
    awaitingFactor: 0,
  },
  factorLibraryVersion: "2024.1",
};

const goal = {
  id: GOAL,
  companyId: COMPANY,
  name: "Halve scope 1",
  baseYear: 2020,
  targetYear: 2030,
  scopes: [1],
  reductionPercent: 50,
  pathway: "linear",
};

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
});

describe("goal progress on a server that announces nothing", () => {
  it("is computed by the client from the listing and the dashboard", async () => {
    server = await startFakeServer([
      announcing([], (request, response) => {
        if (request.url.startsWith("/api/v1/goals?")) {
          return json(200, { data: [goal], pagination: { page: 1, limit: 500, total: 1 } })(
            request,
            response,
          );
        }
        if (request.url.startsWith("/api/v1/emissions/dashboard?")) {
          return json(200, dashboard)(request, response);
        }
        return json(404, { title: "Not Found" })(request, response);
      }),
    ]);
    const service = createRemoteService({ apiUrl: server.url, token: "t" });
    try {
      // target = 1000 × 0.5 = 500; pathway 2024 = 1000 − 500 × 4/10 = 800; 750 ≤ 800
      expect(await service.goals.progress(GOAL)).toMatchObject({
        baseYearKg: 1000,
        latestYear: 2024,
        latestYearKg: 750,
        targetKg: 500,
        pathwayKg: 800,
        achievedReductionPercent: 25,
        onTrack: true,
      });
    } finally {
      await service.close();
    }
    const urls = workRequests(server).map((request) => request.url);
    expect(urls.some((url) => url.includes("/progress"))).toBe(false);
    const asked = urls.find((url) => url.startsWith("/api/v1/emissions/dashboard?")) ?? "";
    const query = new URL(asked, "http://x").searchParams;
    expect([query.get("companyId"), query.get("scope"), query.get("groupBy")]).toEqual([
      COMPANY,
      "1",
      "year",
    ]);
  });

  it("a goal answered without its terms has no progress: a usage error, no dashboard asked", async () => {
    const bare = { id: GOAL, companyId: COMPANY, name: "Halve scope 1" };
    server = await startFakeServer([
      announcing([], json(200, { data: [bare], pagination: { page: 1, limit: 500, total: 1 } })),
    ]);
    const service = createRemoteService({ apiUrl: server.url, token: "t" });
    try {
      const error = await service.goals.progress(GOAL).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CarbonError);
      expect(error).toMatchObject({ code: "usage" });
      expect(String(error)).toContain("does not offer");
    } finally {
      await service.close();
    }
    expect(workRequests(server).some((r) => r.url.includes("/emissions/dashboard"))).toBe(false);
  });
});
