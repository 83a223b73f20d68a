/**
 * `streamList`, on every driver: each list streams the rows its `list` method pages, in the
 * same order, a page of at most the asked size at a time. Rows share sort values (names, start
 * dates, factor keys) so that the tie-breaking ids decide, and pages end inside such runs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryId, consumptionId } from "../../src/core/ids.js";
import type { Page, PageQuery } from "../../src/core/model/common.js";
import type { GlecEntryInput } from "../../src/core/model/glec.js";
import type { CarbonService, ListFilter, ListName, ListRow } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const glecFixture: GlecEntryInput = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);
const north = glecFixture.companyId;
const south = "c0000000-0000-4000-8000-00000000a002";
const unknownId = "99999999-9999-4999-8999-999999999999";
const PAGE = 3;

function hex(n: number): string {
  return n.toString(16).padStart(12, "0");
}

/** Every row through the list method, one page of the largest size at a time. */
async function listed<T>(list: (query: PageQuery) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await list({ page, limit: 500 });
    rows.push(...answer.data);
    if (answer.data.length < 500) return rows;
  }
}

async function streamed<K extends ListName>(
  service: CarbonService,
  list: K,
  filter: ListFilter<K>,
): Promise<{ rows: ListRow<K>[]; sizes: number[] }> {
  const rows: ListRow<K>[] = [];
  const sizes: number[] = [];
  for await (const page of service.streamList(list, filter, { pageSize: PAGE })) {
    sizes.push(page.length);
    rows.push(...page);
  }
  return { rows, sizes };
}

/** One case: a list and filter, streamed and listed. */
function check<K extends ListName>(
  list: K,
  filter: ListFilter<K>,
  pager: (service: CarbonService) => (query: PageQuery) => Promise<Page<ListRow<K>>>,
) {
  return {
    name: `${list} ${JSON.stringify(filter)}`,
    async run(service: CarbonService) {
      const expected: unknown[] = await listed(pager(service));
      const { rows, sizes } = await streamed(service, list, filter);
      const got: unknown[] = rows;
      return { expected, rows: got, sizes };
    },
  };
}

export function describeStreamContract(name: string, open: () => Promise<Driver>): void {
  describe(`streamList contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      for (const [id, label] of [
        [north, "Same name"],
        [south, "Same name"],
        ["c0000000-0000-4000-8000-00000000a003", "Alpha"],
        ["c0000000-0000-4000-8000-00000000a004", "Same name"],
      ] as const) {
        await service.companies.upsert({ id, name: label, country: "ES" });
      }
      for (let i = 0; i < 8; i += 1) {
        await service.buildings.upsert({
          id: `b0000000-0000-4000-8000-${hex(0xb00 + ((i * 5) % 8))}`,
          companyId: i % 2 === 0 ? north : south,
          // The same name in two companies: the list's order falls to the ids.
          name: i < 2 ? "Plant" : `Plant ${i}`,
          country: "ES",
        });
      }
      for (let i = 0; i < 11; i += 1) {
        const base = {
          entityId: `INV-${i}`,
          companyId: i % 3 === 0 ? south : north,
          buildingId: `b0000000-0000-4000-8000-${hex(0xb00 + (i % 3 === 0 ? 1 : 0))}`,
          categoryId: categoryId(i % 2 === 0 ? "electricity" : "natural_gas"),
          startDate: `2025-0${1 + (i % 2)}-01T00:00:00.000Z`,
          endDate: `2025-0${1 + (i % 2)}-28T00:00:00.000Z`,
          quantity: 100 + i,
          unitType: "kWh",
        };
        await service.consumptions.upsert({ id: consumptionId(base), ...base });
      }
      for (let i = 0; i < 7; i += 1) {
        await service.suppliers.upsert({
          id: `50000000-0000-4000-8000-${hex(0x500 + ((i * 3) % 7))}`,
          companyId: north,
          type: i % 2 === 0 ? "suppliers" : "clients",
          name: i < 4 ? "Iberdrola" : `Supplier ${i}`,
        });
      }
      for (let i = 0; i < 5; i += 1) {
        await service.customFactors.upsert({
          id: `f0000000-0000-4000-8000-${hex(0xf00 + ((i * 2) % 5))}`,
          companyId: north,
          categoryId: categoryId("electricity"),
          basis: i % 2 === 0 ? "market" : "location",
          year: i < 2 ? null : 2024,
          unit: "kWh",
          co2e: 0.05 + i / 100,
          source: `Disclosure ${i}`,
        });
      }
      for (let i = 0; i < 4; i += 1) {
        await service.glec.submit({
          ...glecFixture,
          id: `6a000000-0000-4000-8000-${hex(0x6a0 + ((i * 3) % 4))}`,
          startDate: i < 3 ? "2025-03-01" : "2025-02-01",
        });
      }
      for (const [i, companyId] of [
        [2, south],
        [4, south],
        [6, south],
        [3, north],
      ] as const) {
        const buildingId = `b0000000-0000-4000-8000-${hex(0xb00 + ((i * 5) % 8))}`;
        await service.buildings.move({ buildingIds: [buildingId], companyId });
      }
    });
    afterAll(async () => {
      await driver.dispose();
    });

    const cases = [
      check("companies", {}, (s) => (q) => s.companies.list(q)),
      check("buildings", {}, (s) => (q) => s.buildings.list(q)),
      check(
        "buildings",
        { companyId: south },
        (s) => (q) => s.buildings.list({ ...q, companyId: south }),
      ),
      check(
        "factors",
        { key: "electricity_grid" },
        (s) => (q) => s.factors.list({ ...q, key: "electricity_grid" }),
      ),
      check("factors", { country: "ES" }, (s) => (q) => s.factors.list({ ...q, country: "ES" })),
      check(
        "customFactors",
        { companyId: north },
        (s) => (q) => s.customFactors.list({ ...q, companyId: north }),
      ),
      check("consumptions", {}, (s) => (q) => s.consumptions.list(q)),
      check(
        "consumptions",
        { companyId: north, to: "2025-01-31" },
        (s) => (q) => s.consumptions.list({ ...q, companyId: north, to: "2025-01-31" }),
      ),
      check("emissions", {}, (s) => (q) => s.emissions.list(q)),
      check("emissions", { scopes: [2] }, (s) => (q) => s.emissions.list({ ...q, scopes: [2] })),
      check(
        "suppliers",
        { companyId: north },
        (s) => (q) => s.suppliers.list({ ...q, companyId: north }),
      ),
      check(
        "suppliers",
        { type: "suppliers" },
        (s) => (q) => s.suppliers.list({ ...q, type: "suppliers" }),
      ),
      check("glecEntries", {}, (s) => (q) => s.glec.list(q)),
      check(
        "glecEntries",
        { companyId: north },
        (s) => (q) => s.glec.list({ ...q, companyId: north }),
      ),
      check("audit", {}, (s) => (q) => s.audit.list(q)),
      check(
        "audit",
        { companyIds: [south] },
        (s) => (q) => s.audit.list({ ...q, companyIds: [south] }),
      ),
    ];

    it.each(cases)("$name: the list's rows in its order, pages of at most 3", async ({ run }) => {
      const { expected, rows, sizes } = await run(service);
      expect(expected.length, "the seed gives every case more than one page").toBeGreaterThan(PAGE);
      expect(rows).toEqual(expected);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(PAGE);
    });

    it("streams the category tree, filtered by level", async () => {
      const { rows, sizes } = await streamed(service, "categories", { level: "scope" });
      expect(rows.map((category) => category.scope)).toEqual([1, 2, 3]);
      expect(sizes).toEqual([3]);
      const all = await service.categories.list({});
      expect((await streamed(service, "categories", {})).rows).toEqual(all.data);
    });

    it("an unknown company is not found, as it is for the list", async () => {
      const rows = async () => {
        for await (const _ of service.streamList("emissions", { companyId: unknownId })) {
          // not reached
        }
      };
      expect(await codeOf(rows())).toBe("not_found");
    });
  });
}
