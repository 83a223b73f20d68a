/**
 * List filters the specification does not define, against a server that ignores them: a real
 * carbon serve behind a proxy that drops the parameters before they reach it. The remote engine
 * keeps only the records that meet its filter, one page (`list`) or every page (`--all`, pages
 * of two whose rows the filter thins out), with nothing listed twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRemoteService,
  type RemoteCarbonService,
} from "../../../src/backends/remote/remote-service.js";
import type { ListFilter, ListName, ListRow } from "../../../src/core/service.js";
import { type RealServer, startRealServer } from "./real-server.js";
import { type SpecProxy, startSpecProxy } from "./spec-proxy.js";

const company = "b4000000-0000-4000-8000-000000000001";
const madrid = "b4000000-0000-4000-8000-0000000000a1";
const depot = "b4000000-0000-4000-8000-0000000000a2";
/** Seven vehicles in name order: Madrid has 1, 3 and 6; the depot 2 and 5; 4 and 7 none. */
const buildingOf = [madrid, depot, madrid, null, depot, madrid, null] as const;
const vehicleId = (n: number) => `b4000000-0000-4000-8000-0000000001${n}0`;
/** Six invoices of Madrid, one a month from January 2025; the seventh the depot's of 2024. */
const invoiceId = (month: number) => `b4000000-0000-4000-8000-0000000002${month}0`;

let server: RealServer;
let proxy: SpecProxy;
let remote: RemoteCarbonService;

beforeAll(async () => {
  server = await startRealServer();
  const local = server.local;
  await local.companies.upsert({ id: company, name: "Ignored Filters", country: "ES" });
  await local.buildings.upsert({ id: madrid, companyId: company, name: "Madrid", country: "ES" });
  await local.buildings.upsert({ id: depot, companyId: company, name: "Depot", country: "ES" });
  for (const [index, buildingId] of buildingOf.entries()) {
    await local.vehicles.upsert({
      id: vehicleId(index + 1),
      companyId: company,
      ...(buildingId === null ? {} : { buildingId }),
      name: `Van ${index + 1}`,
      vehicleType: "van",
      vehicleCategory: "LAND_TRANSPORTATION",
      fuelType: "diesel",
      ownership: "owned",
      activeFrom: "2024-01-01",
    });
  }
  for (let month = 1; month <= 6; month += 1) {
    await local.invoices.upsert({
      id: invoiceId(month),
      type: "electricity",
      companyId: company,
      buildingId: madrid,
      startDate: `2025-0${month}-01`,
      endDate: `2025-0${month}-28`,
      totalCost: 100,
      currency: "EUR",
    });
  }
  await local.invoices.upsert({
    id: invoiceId(7),
    type: "heat",
    companyId: company,
    buildingId: depot,
    startDate: "2024-11-01",
    endDate: "2024-11-30",
    totalCost: 50,
    currency: "EUR",
  });
  proxy = await startSpecProxy(server.url, {
    ignoredQuery: ["buildingId", "buildingIds[]", "startDate", "endDate"],
  });
  remote = createRemoteService({ apiUrl: proxy.url, token: await server.token() });
});

afterAll(async () => {
  await remote.close();
  await proxy.close();
  await server.close();
});

/** Every row of a list through `--all`'s stream, two rows a page. */
async function streamed<K extends ListName>(list: K, filter: ListFilter<K>): Promise<string[]> {
  const ids: string[] = [];
  for await (const rows of remote.streamList(list, filter, { pageSize: 2 })) {
    ids.push(...rows.map((row: ListRow<K>) => String(Reflect.get(row, "id"))));
  }
  return ids;
}

describe("a server that ignores a list filter of ours", () => {
  it("vehicles list --building: the filter is sent, and only the building's vehicles kept", async () => {
    const page = await remote.vehicles.list({ companyId: company, buildingId: madrid });
    expect(page.data.map((vehicle) => vehicle.id)).toEqual([1, 3, 6].map(vehicleId));
    const sent = proxy.requests.filter((request) => request.url.startsWith("/api/v1/vehicles?"));
    expect(sent.at(-1)?.url).toContain(`buildingId=${madrid}`);
  });

  it("vehicles list --building --all: every page read, each vehicle once", async () => {
    expect(await streamed("vehicles", { companyId: company, buildingId: madrid })).toEqual(
      [1, 3, 6].map(vehicleId),
    );
    expect(await streamed("vehicles", { buildingId: depot })).toEqual([2, 5].map(vehicleId));
  });

  it("invoices list --from --to --all: the months of the period, each once", async () => {
    expect(
      await streamed("invoices", {
        companyId: company,
        startDate: "2025-02-15",
        endDate: "2025-04-10",
      }),
    ).toEqual([2, 3, 4].map(invoiceId));
  });

  it("invoices list --building: the hosted buildingIds[] is sent, each building once", async () => {
    expect(await streamed("invoices", { buildingIds: [depot] })).toEqual([invoiceId(7)]);
    const both = await remote.invoices.list({ companyId: company, buildingIds: [madrid, depot] });
    expect(both.data).toHaveLength(7);
    const last = proxy.requests.filter((request) => request.url.startsWith("/api/v1/invoices?"));
    const sent = new URL(last.at(-1)?.url ?? "", "http://proxy").searchParams;
    expect(sent.getAll("buildingIds[]")).toEqual([madrid, depot]);
    expect(sent.has("buildingId")).toBe(false);
  });
});
