/**
 * A bill's kWh per m3 (`kwhPerM3`, our extension) on the remote engine: sent to a server that
 * announces `consumptionKwhPerM3` (carbon serve), refused before anything is sent to one that
 * announces nothing (a proxy in front of the same carbon serve that drops `extensions`).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { categoryId } from "../../../src/core/ids.js";
import { consumptionBody, seedTwoCompanies } from "../../server/helpers.js";
import { type RealServer, startRealServer } from "./real-server.js";
import { type SpecProxy, startSpecProxy } from "./spec-proxy.js";

let server: RealServer;
let proxy: SpecProxy;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  server = await startRealServer();
  await seedTwoCompanies(server.local);
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

// 250 m3 of Spanish gas at the bill's 11.63 kWh/m3 = 2,907.5 kWh × 0.182448 (MITECO 2024 PCS,
// 0.182 kg CO2 + 0.000016 kg CH4 × 28 in carbon serve's AR5 database) = 530.46756 kg
const bill = consumptionBody({
  categoryId: categoryId("natural_gas"),
  startDate: "2024-02-01",
  endDate: "2024-02-29",
  quantity: 250,
  unitType: "m3",
  kwhPerM3: 11.63,
});

describe("kwhPerM3 on the remote engine", () => {
  it("is sent to carbon serve, which announces it, and priced there", async () => {
    const answer = await (await remote(server.url)).consumptions.upsert(bill);
    expect(answer.consumption?.kwhPerM3).toBe(11.63);
    expect(answer.emission?.co2e).toBeCloseTo(530.46756, 9);
  });

  it("is refused, with nothing sent, by a server that does not announce it", async () => {
    const service = await remote(proxy.url);
    await expect(service.consumptions.upsert(bill)).rejects.toMatchObject({
      code: "usage",
      message: expect.stringContaining("a natural-gas bill's kWh per m3 (kwhPerM3, on 1 row)"),
    });
    const session = await service.consumptions.openImport({ dryRun: false });
    await expect(session.write([bill])).rejects.toMatchObject({ code: "usage" });
    await session.abort();
    expect(proxy.writes()).toEqual([]);
    // Without it the same consumption goes through.
    const { kwhPerM3: _factor, ...plain } = bill;
    expect((await service.consumptions.upsert(plain)).outcome).toBe("inserted");
  });
});
