/**
 * Dashboards of a server whose answers carbon cannot read (the interface does not show them):
 * the remote engine sums the spec's listings itself, and gets carbon serve's own figures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemoteCarbonService } from "../../../src/backends/remote/remote-service.js";
import type { SummaryQuery } from "../../../src/core/ports/emissions.js";
import { type AcmeBehindProxy, acmeCompanyId, startAcmeBehindProxy } from "./acme-behind-proxy.js";
import type { RealServer } from "./real-server.js";
import type { SpecProxy } from "./spec-proxy.js";

const companyId = acmeCompanyId;
let acme: AcmeBehindProxy;
let server: RealServer;
let proxy: SpecProxy;
let remote: RemoteCarbonService;

beforeAll(async () => {
  acme = await startAcmeBehindProxy({ blankDashboards: true });
  ({ server, proxy, remote } = acme);
});

afterAll(async () => {
  await acme.close();
});

describe("dashboards summed on the client", () => {
  it.each<[string, SummaryQuery]>([
    ["by scope and month", { companyId, groupBy: ["scope", "month"] }],
    [
      "by building and category, inside a window",
      { companyId, groupBy: ["building", "category"], from: "2024-03-15", to: "2024-09-30" },
    ],
    ["totals of scope 2 alone", { companyId, groupBy: [], scopes: [2] }],
  ])("emissions %s equal carbon serve's", async (_name, query) => {
    const {
      factorLibraryVersion: _server,
      gwpSet: serverSet,
      ...expected
    } = await server.local.emissions.summarize(query);
    const {
      factorLibraryVersion: _client,
      gwpSet,
      ...summed
    } = await remote.emissions.summarize(query);
    expect(expected.groups.length).toBeGreaterThan(0);
    // A server that answers no summary does not say its GWP set either: what is kept in
    // another set cannot be told from the listing.
    expect([serverSet, gwpSet]).toEqual(["AR5", null]);
    expect(summed).toEqual({
      ...expected,
      totals: { ...expected.totals, gwpNotConverted: 0 },
    });
    expect(proxy.requests.some((request) => request.url.includes("/emissions/dashboard"))).toBe(
      true,
    );
  });

  it("consumptions by month and subcategory equal carbon serve's", async () => {
    const query = { companyId, from: "2024-01-01", to: "2024-12-31" };
    const expected = await server.local.consumptions.summarize(query);
    expect(expected.groups.length).toBeGreaterThan(0);
    expect(await remote.consumptions.summarize(query)).toEqual(expected);
  });
});
