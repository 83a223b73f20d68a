/**
 * On PostgreSQL, `--all` lists of consumptions and emissions stream from one cursor in one
 * read-only snapshot (as exports do), not page after page: rows written while the stream is read
 * are not in it, and a list of many lines costs one pass, not one pass per page.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import { categoryId } from "../../src/core/ids.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";

const company = "0a000000-0000-4000-8000-0000000000c1";
const building = "0b000000-0000-4000-8000-0000000000c1";

function bill(n: number) {
  const month = String(n).padStart(2, "0");
  return {
    id: `0c000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    entityId: `E${n}`,
    companyId: company,
    buildingId: building,
    categoryId: categoryId("electricity"),
    startDate: `2024-${month}-01`,
    endDate: `2024-${month}-28`,
    quantity: 100 * n,
    unitType: "kWh",
  };
}

async function opened() {
  const service = await openLocalService({ path: await freshPostgres({ migrated: true }) });
  onTestFinished(() => service.close().catch(() => {}));
  await service.companies.upsert({ id: company, name: "Streamed", country: "ES" });
  await service.buildings.upsert({ id: building, companyId: company, name: "HQ", country: "ES" });
  for (const n of [1, 2, 3]) await service.consumptions.upsert(bill(n));
  return service;
}

describe.skipIf(postgresServer() === undefined)("--all lists on PostgreSQL", () => {
  it.each(["consumptions", "emissions"] as const)(
    "streams %s from one snapshot, in pages of the size asked for",
    async (list) => {
      const service = await opened();
      const pages = service
        .streamList(list, { companyId: company }, { pageSize: 2 })
        [Symbol.asyncIterator]();
      const first = await pages.next();
      // A bill written while the stream is read, after every row in list order.
      await service.consumptions.upsert(bill(4));
      const rest: unknown[][] = [];
      for (let next = await pages.next(); next.done !== true; next = await pages.next()) {
        rest.push([...next.value]);
      }
      const sizes = [first.value?.length ?? 0, ...rest.map((page) => page.length)];
      const streamed = sizes.reduce((sum, size) => sum + size, 0);
      // The list holds four bills now, each with as many lines: the stream had three of them.
      const now = await service[list].list({ companyId: company, limit: 100 });
      expect(streamed * 4).toBe(now.pagination.total * 3);
      if (list === "consumptions") expect(streamed).toBe(3);
      expect(sizes.slice(0, -1).every((size) => size === 2)).toBe(true);
    },
  );
});
