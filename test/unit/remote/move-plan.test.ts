/**
 * `buildings move --dry-run` against a server that ignores `dryRun` and announces nothing (a
 * proxy in front of a real `carbon serve`): the client plans from the spec's listings, sends no
 * write, and the plan matches carbon serve's own except the footprint after, left unknown.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";
import {
  BUILDING_A,
  BUILDING_B,
  COMPANY_A,
  COMPANY_B,
  consumptionBody,
  seedTwoCompanies,
} from "../../server/helpers.js";
import { type RealServer, startRealServer } from "./real-server.js";
import { type SpecProxy, startSpecProxy } from "./spec-proxy.js";

let server: RealServer;
let proxy: SpecProxy;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  server = await startRealServer();
  await seedTwoCompanies(server.local);
  for (const [n, quantity] of [1000, 2500].entries()) {
    await server.local.consumptions.upsert(
      consumptionBody({
        id: `0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d${n}`,
        entityId: `INV-${n}`,
        startDate: `2024-0${n + 1}-01`,
        endDate: `2024-0${n + 1}-28`,
        quantity,
      }),
    );
  }
  proxy = await startSpecProxy(server.url);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await proxy.close();
  await server.close();
});

async function remote(url: string) {
  const service = createRemoteService({ apiUrl: url, token: await server.token() });
  cleanups.push(() => service.close());
  return service;
}

describe("buildings move --dry-run against a server that ignores dryRun", () => {
  it("sends no write and plans what carbon serve's own dry run answers, the footprint after unknown", async () => {
    const request = { buildingIds: [BUILDING_A, BUILDING_B], companyId: COMPANY_B, dryRun: true };
    const planned = await (await remote(proxy.url)).buildings.move(request);
    expect(proxy.writes()).toEqual([]);
    expect((await server.local.buildings.get(BUILDING_A)).companyId).toBe(COMPANY_A);
    const served = await (await remote(server.url)).buildings.move(request);
    const [movedA, stayB] = served.buildings;
    expect(planned).toEqual({
      ...served,
      buildings: [
        { ...movedA, co2eAfter: null },
        { ...stayB, co2eAfter: stayB?.co2eBefore },
      ],
    });
    expect(planned.totals).toMatchObject({ moved: 1, unchanged: 1, consumptions: 2 });
    expect(planned.buildings[0]?.co2eBefore).toBeGreaterThan(0);
  });

  it("an unknown building is not found, and nothing is sent", async () => {
    const missing = "7a9e4b2c-1d3f-4e5a-8b6c-00000000dead";
    const error = await (await remote(proxy.url)).buildings
      .move({ buildingIds: [missing], companyId: COMPANY_B, dryRun: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarbonError);
    expect(error).toMatchObject({ code: "not_found" });
    expect(proxy.writes()).toEqual([]);
  });
});
