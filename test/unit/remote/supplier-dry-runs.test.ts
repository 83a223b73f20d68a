/**
 * Supplier writes that rely on `?dryRun=true` against a server that ignores it and announces
 * nothing (a proxy in front of a real `carbon serve`): refused before anything is sent. Against
 * carbon serve, which announces `dryRun`, they work as before.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import type { SupplierInput } from "../../../src/core/model/supplier.js";
import { COMPANY_A, seedTwoCompanies } from "../../server/helpers.js";
import { type RealServer, startRealServer } from "./real-server.js";
import { type SpecProxy, startSpecProxy } from "./spec-proxy.js";

let server: RealServer;
let proxy: SpecProxy;
const cleanups: (() => Promise<void>)[] = [];

const supplier: SupplierInput = {
  id: "5a000000-0000-4000-8000-000000000001",
  name: "Iberdrola",
  email: "facturas@example.com",
  companyId: COMPANY_A,
  type: "suppliers",
};

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

async function storedSuppliers(): Promise<number> {
  return (await server.local.suppliers.list({ companyId: COMPANY_A })).pagination.total;
}

describe("supplier dry runs against a server that ignores dryRun", () => {
  it("upsert --dry-run and import --dry-run are usage errors; nothing is sent or stored", async () => {
    const service = await remote(proxy.url);
    for (const attempt of [
      service.suppliers.upsert(supplier, { dryRun: true }),
      service.suppliers.write([supplier], { dryRun: true, skipInvalid: false }),
      service.suppliers.write([supplier], { dryRun: false, skipInvalid: false }),
    ]) {
      await expect(attempt).rejects.toMatchObject({
        code: "usage",
        message: expect.stringMatching(/does not offer (dry runs|checking every row)/),
      });
    }
    expect(proxy.writes()).toEqual([]);
    expect(await storedSuppliers()).toBe(0);
  });

  it("an import with --skip-invalid sends each row once", async () => {
    const service = await remote(proxy.url);
    const result = await service.suppliers.write([supplier], { dryRun: false, skipInvalid: true });
    expect(result.committed).toBe(true);
    expect(proxy.writes().map((one) => one.url)).toEqual(["/api/v1/suppliers"]);
    expect(await storedSuppliers()).toBe(1);
  });

  it("carbon serve announces dryRun: a dry run stores nothing, as before", async () => {
    const service = await remote(server.url);
    const result = await service.suppliers.upsert(supplier, { dryRun: true });
    expect(result.outcome).toBe("inserted");
    expect(await storedSuppliers()).toBe(0);
  });
});
