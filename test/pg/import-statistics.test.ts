/**
 * A large import on PostgreSQL analyzes the consumptions table once it has committed, so the
 * next reads are planned for the rows it loaded; a small one leaves that to autovacuum.
 */
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import { categoryId } from "../../src/core/ids.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";

const company = "0a000000-0000-4000-8000-0000000000a1";
const building = "0b000000-0000-4000-8000-0000000000a1";

/** Imports `rows` consumptions in batches of 2,000; answers the table's row estimate after. */
async function importAndEstimate(rows: number): Promise<number> {
  const url = await freshPostgres({ migrated: true });
  const service = await openLocalService({ path: url });
  onTestFinished(() => service.close().catch(() => {}));
  await service.companies.upsert({ id: company, name: "Loaded", country: "ES" });
  await service.buildings.upsert({ id: building, companyId: company, name: "HQ", country: "ES" });
  const session = await service.consumptions.openImport({ dryRun: false });
  for (let start = 0; start < rows; start += 2000) {
    const batch = Array.from({ length: Math.min(2000, rows - start) }, (_, i) => ({
      id: `0c000000-0000-4000-8000-${String(start + i).padStart(12, "0")}`,
      entityId: `E${start + i}`,
      companyId: company,
      buildingId: building,
      categoryId: categoryId("electricity"),
      startDate: "2024-01-01",
      endDate: "2024-01-31",
      quantity: 100,
      unitType: "kWh",
    }));
    await session.write(batch);
  }
  await session.commit();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ estimate: number }>(
      "SELECT reltuples::float8 AS estimate FROM pg_class WHERE relname = 'consumptions'",
    );
    return found.rows[0]?.estimate ?? Number.NaN;
  } finally {
    await client.end();
  }
}

describe.skipIf(postgresServer() === undefined)("statistics after an import on PostgreSQL", () => {
  it("analyzes the table after 10,000 rows or more", async () => {
    expect(await importAndEstimate(10_000)).toBe(10_000);
  });

  it("leaves a small import's statistics to autovacuum", async () => {
    // -1: never analyzed (nor vacuumed).
    expect(await importAndEstimate(500)).toBe(-1);
  });
});
