/**
 * The regos dashboard and certificates against a server that offers the specification alone
 * (an undici MockAgent announcing nothing): the spec's query names are sent, rows are read
 * tolerantly, a period and the certificate records are refused plainly with nothing sent.
 * Every request must be intercepted, every intercept used.
 */
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";

const origin = "https://carbon.example.com";
const acme = "c6000000-0000-4000-8000-000000000001";
const madrid = "b6000000-0000-4000-8000-000000000001";
const cup = "ES0021000000000001AB";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

function specServer(): { mock: MockAgent; pool: ReturnType<MockAgent["get"]> } {
  agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(origin);
  pool.intercept({ path: "/api/v1/auth/who-am-i", method: "POST" }).reply(200, { id: "u1" });
  return { mock: agent, pool };
}

function serviceOn(mock: MockAgent) {
  return createRemoteService({ apiUrl: origin, token: "t", dispatcher: mock, concurrency: 2 });
}

async function carbonError(promise: Promise<unknown>): Promise<CarbonError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CarbonError) return error;
    throw error;
  }
  throw new Error("expected a CarbonError");
}

describe("the regos dashboard on a server of the specification alone", () => {
  it("sends CompanyId, BuildingId and Cup, and reads rows with fewer fields and numbers as text", async () => {
    const { mock, pool } = specServer();
    pool
      .intercept({
        path: `/api/v1/companies/${acme}/buildings/regos-dashboard?CompanyId=${acme}&BuildingId=${madrid}&Cup=${cup}&page=1&limit=2`,
        method: "GET",
      })
      .reply(200, {
        data: [{ buildingId: madrid, cup, consumedKwh: "10000", coveredKwh: 4000, extra: "kept" }],
        pagination: { page: 1, limit: 2, total: 1 },
      });
    const page = await serviceOn(mock).certificates.dashboard({
      companyId: acme,
      buildingId: madrid,
      cup,
      page: 1,
      limit: 2,
    });
    expect(page.data).toEqual([
      {
        buildingId: madrid,
        buildingName: null,
        cup,
        consumedKwh: 10_000,
        coveredKwh: 4000,
        coveragePercent: null,
        locationKg: null,
        marketKg: null,
        extra: "kept",
      },
    ]);
    expect(page.pagination.total).toBe(1);
  });

  it("a period is a usage error naming the server, and nothing but who-am-i is sent", async () => {
    const { mock } = specServer();
    const error = await carbonError(
      serviceOn(mock).certificates.dashboard({ companyId: acme, startDate: "2024-01-01" }),
    );
    expect(error.code).toBe("usage");
    expect(error.message).toContain(
      "does not offer a period (startDate, endDate) on the regos dashboard",
    );
    mock.assertNoPendingInterceptors();
  });

  it("listing or writing certificates is a usage error, nothing sent", async () => {
    const { mock } = specServer();
    const service = serviceOn(mock);
    const listed = await carbonError(service.certificates.list({ companyId: acme }));
    expect(listed.code).toBe("usage");
    expect(listed.message).toContain("does not offer listing certificates");
    const written = await carbonError(
      service.certificates.upsert({
        id: "6c600000-0000-4000-8000-000000000001",
        companyId: acme,
        buildingId: madrid,
        volumeMwh: 1,
        periodFrom: "2024-01-01",
        periodTo: "2024-01-31",
        technology: "solar",
        issuingBody: "CNMC",
        cancellationId: "X",
        countryCode: "ES",
      }),
    );
    expect(written.code).toBe("usage");
    expect(written.message).toContain("does not offer energy attribute certificates");
    mock.assertNoPendingInterceptors();
  });
});
