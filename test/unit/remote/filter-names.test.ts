/**
 * The remote engine filters the consumption and emission lists and dashboards with the names of
 * the hosted service (shared/spec/hosted-service.md): startDate/endDate, buildingIds[],
 * categoryIds[]. A real carbon serve, which accepts them beside its own, answers what the local
 * engine answers; the recording proxy shows which names went on the wire.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemoteCarbonService } from "../../../src/backends/remote/remote-service.js";
import { categoryId } from "../../../src/core/ids.js";
import type { EmissionFilter } from "../../../src/core/ports/emissions.js";
import { type AcmeBehindProxy, acmeCompanyId, startAcmeBehindProxy } from "./acme-behind-proxy.js";
import type { RealServer } from "./real-server.js";
import type { SpecProxy } from "./spec-proxy.js";

const companyId = acmeCompanyId;
let acme: AcmeBehindProxy;
let server: RealServer;
let proxy: SpecProxy;
let remote: RemoteCarbonService;
let filter: EmissionFilter;

beforeAll(async () => {
  acme = await startAcmeBehindProxy();
  ({ server, proxy, remote } = acme);
  const [building] = (await server.local.buildings.list({ companyId })).data;
  if (building === undefined) throw new Error("the import created no building");
  filter = {
    companyId,
    buildingId: building.id,
    from: "2024-03-01",
    to: "2024-08-31",
    categoryIds: [categoryId("electricity"), categoryId("natural_gas")],
  };
});

afterAll(async () => {
  await acme.close();
});

/** The query parameters of the last request to `route` (its path without /api/v1). */
function lastQuery(route: string): string[] {
  const urls = proxy.requests
    .map((request) => new URL(request.url, "http://proxy"))
    .filter((url) => url.pathname === `/api/v1${route}`);
  const last = urls.at(-1);
  if (last === undefined) throw new Error(`no request to ${route}`);
  return [...last.searchParams.entries()].map(([name, value]) => `${name}=${value}`);
}

function hostedNames(): string[] {
  const [electricity, gas] = filter.categoryIds ?? [];
  return [
    `companyId=${companyId}`,
    `buildingIds[]=${filter.buildingId}`,
    `categoryIds[]=${electricity}`,
    `categoryIds[]=${gas}`,
    `startDate=${filter.from}`,
    `endDate=${filter.to}`,
  ];
}

describe("the hosted service's filter names on the wire", () => {
  it("GET /consumptions: the same page as the local engine's", async () => {
    const query = { ...filter, page: 1, limit: 10 };
    const expected = await server.local.consumptions.list(query);
    expect(expected.pagination.total).toBeGreaterThan(0);
    expect(expected.pagination.total).toBeLessThan(
      (await server.local.consumptions.list({ companyId })).pagination.total,
    );
    expect(await remote.consumptions.list(query)).toEqual(expected);
    expect(lastQuery("/consumptions").sort()).toEqual(
      [...hostedNames(), "limit=10", "page=1"].sort(),
    );
  });

  it("GET /emissions, scope kept as carbon serve names it", async () => {
    const query = { ...filter, scopes: [2] as const, page: 1, limit: 10 };
    expect(await remote.emissions.list(query)).toEqual(await server.local.emissions.list(query));
    expect(lastQuery("/emissions").sort()).toEqual(
      [...hostedNames(), "scope=2", "limit=10", "page=1"].sort(),
    );
  });

  it("the dashboards", async () => {
    expect(await remote.consumptions.summarize(filter)).toEqual(
      await server.local.consumptions.summarize(filter),
    );
    expect(lastQuery("/consumptions/dashboard").sort()).toEqual(hostedNames().sort());
    const query = { ...filter, groupBy: ["month" as const] };
    expect(await remote.emissions.summarize(query)).toEqual(
      await server.local.emissions.summarize(query),
    );
    expect(lastQuery("/emissions/dashboard").sort()).toEqual(
      [...hostedNames(), "groupBy=month"].sort(),
    );
  });

  it("entityIds[] on the emissions dashboard and list", async () => {
    const [first, second] = (await server.local.consumptions.list({ companyId, limit: 2 })).data;
    if (first === undefined || second === undefined) throw new Error("too few consumptions");
    const entityIds: [string, string] = [first.entityId, second.entityId];
    const query = { companyId, entityIds };
    const summary = { ...query, groupBy: ["month" as const] };
    expect(await remote.emissions.summarize(summary)).toEqual(
      await server.local.emissions.summarize(summary),
    );
    expect(lastQuery("/emissions/dashboard").sort()).toEqual(
      [
        `companyId=${companyId}`,
        `entityIds[]=${first.entityId}`,
        `entityIds[]=${second.entityId}`,
        "groupBy=month",
      ].sort(),
    );
    const listed = await remote.emissions.list({ ...query, page: 1, limit: 50 });
    expect(listed).toEqual(await server.local.emissions.list({ ...query, page: 1, limit: 50 }));
    expect(listed.data.length).toBeGreaterThan(0);
  });

  it("no request carried carbon serve's own names", () => {
    const ours = proxy.requests.filter((request) => /[?&](from|to|buildingId)=/.test(request.url));
    expect(ours).toEqual([]);
  });
});
