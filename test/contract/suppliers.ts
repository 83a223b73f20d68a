/**
 * The suppliers-and-clients part of the CarbonService contract (docs/suppliers.md), run by
 * local.test.ts and remote.test.ts against the same drivers as suite.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SupplierInput, supplierId } from "../../src/core/model/supplier.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const acme = "5c000000-0000-4000-8000-000000000001";
const globex = "5c000000-0000-4000-8000-000000000002";
const unknownCompany = "99999999-9999-4999-8999-999999999999";

function supplier(over: Partial<SupplierInput> & Pick<SupplierInput, "name">): SupplierInput {
  return { companyId: acme, type: "suppliers", ...over };
}

export function describeSupplierContract(name: string, open: () => Promise<Driver>): void {
  describe(`CarbonService contract, suppliers and clients: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;
    const names = async (companyId: string): Promise<string[]> =>
      (await service.suppliers.list({ companyId, limit: 500 })).data.map((s) => s.name);

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: acme, name: "Acme", country: "ES" });
      await service.companies.upsert({ id: globex, name: "Globex", country: "GB" });
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("upserts by id: inserted, then unchanged, then updated; answers {id, name, email}", async () => {
      const id = "5a000000-0000-4000-8000-000000000001";
      const input = supplier({ id, name: "Iberdrola", email: "facturas@iberdrola.example" });
      expect(await service.suppliers.upsert(input)).toEqual({
        id,
        name: "Iberdrola",
        email: "facturas@iberdrola.example",
        outcome: "inserted",
      });
      expect((await service.suppliers.upsert(input)).outcome).toBe("unchanged");
      const changed = await service.suppliers.upsert({ ...input, address: "Bilbao" });
      expect(changed.outcome).toBe("updated");
      const stored = (await service.suppliers.list({ companyId: acme })).data.find(
        (s) => s.id === id,
      );
      expect(stored).toMatchObject({
        id,
        companyId: acme,
        type: "suppliers",
        address: "Bilbao",
        externalId: null,
      });
    });

    it("derives the id from company + externalId when there is none; re-sending changes nothing", async () => {
      const input = supplier({ name: "Transportes Ruiz", externalId: "PRV-0042" });
      const first = await service.suppliers.upsert(input);
      expect(first).toMatchObject({ id: supplierId(acme, "PRV-0042"), outcome: "inserted" });
      expect(first.email).toBeNull();
      expect((await service.suppliers.upsert(input)).outcome).toBe("unchanged");
      // The same externalId in another company is another supplier.
      const other = await service.suppliers.upsert({ ...input, companyId: globex });
      expect(other.id).toBe(supplierId(globex, "PRV-0042"));
      expect(other.id).not.toBe(first.id);
    });

    it.each([
      ["an e-mail that is not an address", { email: "facturas(at)example.com" }, "validation"],
      ["an empty name", { name: "  " }, "validation"],
      ["an unknown type", { type: "partners" }, "validation"],
      ["neither id nor externalId", { externalId: "" }, "validation"],
      ["an unknown company", { companyId: unknownCompany }, "not_found"],
      [
        "an id other than the one holding the externalId",
        { id: "5a000000-0000-4000-8000-0000000000ff", externalId: "PRV-0042" },
        "conflict",
      ],
      [
        "the id of another company's supplier",
        { id: "5a000000-0000-4000-8000-000000000001", companyId: globex },
        "conflict",
      ],
    ])("refuses %s", async (_what, over, code) => {
      const before = await names(acme);
      const input = { ...supplier({ name: "Bad row", externalId: "BAD-1" }), ...over };
      // Some rows are wrong on purpose: the port takes what a caller sends.
      expect(await codeOf(service.suppliers.upsert(input as SupplierInput))).toBe(code);
      expect(await names(acme)).toEqual(before);
    });

    it("lists by company and by type, ordered by name then id, in the spec's envelope", async () => {
      await service.suppliers.upsert(
        supplier({ name: "Zeta Retail", type: "clients", externalId: "CLI-1" }),
      );
      await service.suppliers.upsert(
        supplier({ name: "Alfa Hoteles", type: "clients", externalId: "CLI-2" }),
      );
      const clients = await service.suppliers.list({ companyId: acme, type: "clients" });
      expect(clients.data.map((s) => s.name)).toEqual(["Alfa Hoteles", "Zeta Retail"]);
      expect(clients.pagination).toEqual({ page: 1, limit: 50, total: 2 });
      const suppliers = await service.suppliers.list({ companyId: acme, type: "suppliers" });
      expect(suppliers.data.every((s) => s.type === "suppliers")).toBe(true);
      const second = await service.suppliers.list({ companyId: acme, page: 2, limit: 1 });
      expect(second.data.map((s) => s.name)).toEqual([(await names(acme))[1]]);
      expect(second.pagination.total).toBe((await names(acme)).length);
      const everyone = await service.suppliers.list({ limit: 500 });
      expect(everyone.pagination.total).toBe(
        (await names(acme)).length + (await names(globex)).length,
      );
      expect(await codeOf(service.suppliers.list({ companyId: unknownCompany }))).toBe("not_found");
    });

    it("stores nothing in a dry run, and says what the upsert would do", async () => {
      const before = await names(acme);
      const dry = await service.suppliers.upsert(supplier({ name: "Dry", externalId: "DRY-1" }), {
        dryRun: true,
      });
      expect(dry.outcome).toBe("inserted");
      expect(await names(acme)).toEqual(before);
    });

    it("writes a batch all or nothing, re-writes it unchanged, and reports refused rows by index", async () => {
      const rows = [
        supplier({ name: "Batch One", externalId: "B-1", email: "one@example.com" }),
        supplier({ name: "Batch Two", externalId: "B-2", type: "clients" }),
      ];
      const bad = supplier({ name: "Batch Bad", externalId: "B-3", companyId: unknownCompany });
      const before = await names(acme);

      const refused = await service.suppliers.write([...rows, bad], {
        dryRun: false,
        skipInvalid: false,
      });
      expect(refused.committed).toBe(false);
      expect(refused.problems).toEqual([expect.objectContaining({ index: 2, field: "companyId" })]);
      expect(await names(acme)).toEqual(before);

      const dry = await service.suppliers.write(rows, { dryRun: true, skipInvalid: false });
      expect(dry.committed).toBe(false);
      expect(dry.results.map((r) => r?.outcome)).toEqual(["inserted", "inserted"]);
      expect(await names(acme)).toEqual(before);

      const skipped = await service.suppliers.write([...rows, bad], {
        dryRun: false,
        skipInvalid: true,
      });
      expect(skipped.committed).toBe(true);
      expect(skipped.results.map((r) => r?.outcome)).toEqual(["inserted", "inserted", undefined]);
      expect(skipped.problems.map((p) => p.index)).toEqual([2]);
      expect(await names(acme)).toEqual(expect.arrayContaining(["Batch One", "Batch Two"]));

      const again = await service.suppliers.write(rows, { dryRun: false, skipInvalid: false });
      expect(again.committed).toBe(true);
      expect(again.problems).toEqual([]);
      expect(again.results.map((r) => r?.outcome)).toEqual(["unchanged", "unchanged"]);
    });
  });
}
