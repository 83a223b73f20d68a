/**
 * Consumptions the rules write on PostgreSQL (the ConsumptionWriter over the store's pricing
 * data and sink, as the local engine builds them) list in the order the same writes give on
 * SQLite: by start date, then stored order, which an update keeps and a batch's new rows take in
 * the batch's order, whether the batch goes as INSERTs or through COPY. The consumptions and
 * their emission lines read back the same, but for when they were written.
 */
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { CategoryTree } from "../../src/core/category-tree.js";
import { categoryId } from "../../src/core/ids.js";
import type { BuildingInput } from "../../src/core/model/building.js";
import type { Page } from "../../src/core/model/common.js";
import { type ConsumptionInput, consumptionInputSchema } from "../../src/core/model/consumption.js";
import { upsertBuilding } from "../../src/rules/buildings.js";
import { companyRecord } from "../../src/rules/companies.js";
import { listConsumptions, listEmissions } from "../../src/rules/consumption-reads.js";
import { ConsumptionWriter } from "../../src/rules/consumption-writer.js";
import { EmissionCalculator } from "../../src/rules/emission-calculator.js";
import { LineData } from "../../src/rules/line-data.js";
import type { StoreTransaction } from "../../src/rules/store.js";
import { shippedDerivationRules } from "../../src/shipped/derivation-rules.js";
import { PostgresCategories } from "../../src/store/postgres/categories.js";
import { connect } from "../../src/store/postgres/database.js";
import { PostgresPricingData } from "../../src/store/postgres/pricing.js";
import { postgresTables } from "../../src/store/postgres/store.js";
import { PostgresTransactions } from "../../src/store/postgres/transactions.js";
import { parsePostgresUrl } from "../../src/store/postgres/url.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";
import { sqliteStore } from "../support/sqlite-to-postgres.js";
import { openTemp, tempDir } from "../unit/local/helpers.js";

const ES = "0a000000-0000-4000-8000-0000000000e5";
const GB = "0a000000-0000-4000-8000-0000000000b6";
const building = (n: number) => `0b0c0000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const row = (n: number) => `0c0d0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const BUILDINGS: BuildingInput[] = [
  { id: building(1), companyId: ES, name: "Madrid" },
  { id: building(2), companyId: GB, name: "Leeds" },
];

/**
 * Rows from `from` on: few start dates, so the stored order decides most of the list; in an
 * order that is neither the ids' nor the dates'.
 */
function bills(from: number, count: number, quantity = 1): ConsumptionInput[] {
  const days = ["2024-01-01", "2024-03-01", "2024-12-20", "2025-02-01"];
  return Array.from({ length: count }, (_, i) => {
    const n = from + ((i * 7919) % count);
    const start = days[n % days.length] ?? "2024-01-01";
    const gb = n % 3 === 0;
    return consumptionInputSchema.parse({
      id: row(n),
      entityId: `bill-${n % 11}`,
      companyId: gb ? GB : ES,
      buildingId: building(gb ? 2 : 1),
      categoryId: categoryId(n % 4 === 0 ? "natural_gas" : "electricity"),
      startDate: `${start}T00:00:00.000Z`,
      endDate: start.startsWith("2024-12")
        ? "2025-01-19T00:00:00.000Z"
        : `${start.slice(0, 8)}28T00:00:00.000Z`,
      quantity: 1000 * quantity + n,
      unitType: "kWh",
    });
  });
}

/** The batches both stores write, one after the other: new rows, updates, a large batch. */
const BATCHES: readonly (readonly ConsumptionInput[])[] = [
  bills(0, 300),
  [...bills(0, 300, 2).slice(40, 90), ...bills(1000, 200)],
  // More than a batch of INSERTs takes: through COPY.
  bills(5000, 2300),
  [...bills(5000, 2300, 3).slice(0, 2100), ...bills(9000, 150)],
];

/** What a read answers, but when its records were written (each store wrote at its own time). */
function timeless<T>(page: Page<T>): unknown {
  return JSON.parse(
    JSON.stringify(page, (key, value) =>
      key === "createdAt" || key === "updatedAt" ? undefined : value,
    ),
  );
}

async function onSqlite() {
  const file = path.join(tempDir(), "carbon.db");
  const service = await openTemp(file);
  await service.companies.upsert({ id: ES, name: "Acme ES", country: "ES" });
  await service.companies.upsert({ id: GB, name: "Acme GB", country: "GB" });
  for (const input of BUILDINGS) await service.buildings.upsert(input);
  // Each batch as an import's: one session, committed.
  for (const batch of BATCHES) {
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.write(batch);
    await session.commit();
  }
  const store = sqliteStore(file);
  onTestFinished(() => store.close());
  return <T>(fn: (tx: StoreTransaction) => Promise<T>) => fn(store.tables);
}

async function onPostgres() {
  const pool = await connect(parsePostgresUrl(await freshPostgres({ migrated: true })), 4);
  onTestFinished(() => pool.end());
  const data = new PostgresPricingData();
  const calculator = new EmissionCalculator(data, new LineData(data, shippedDerivationRules));
  const transactions = new PostgresTransactions(
    pool,
    (client) => postgresTables(client, data),
    () => calculator.forgetWrites(),
  );
  const tx = (t: unknown) => t as StoreTransaction;
  await transactions.write(async (t) => {
    await t.companies.save(companyRecord({ id: ES, name: "Acme ES", country: "ES" }), "2026-01-01");
    await t.companies.save(companyRecord({ id: GB, name: "Acme GB", country: "GB" }), "2026-01-01");
  });
  for (const input of BUILDINGS) {
    await transactions.write((t) => upsertBuilding(tx(t), input, { recalculate: async () => 0 }));
  }
  const writer = new ConsumptionWriter(
    new CategoryTree(await new PostgresCategories(pool).all()),
    calculator,
    shippedDerivationRules,
  );
  for (const batch of BATCHES) {
    await transactions.write(async (t) => {
      const companies = new Map((await tx(t).companies.findMany([ES, GB])).map((c) => [c.id, c]));
      const buildings = new Map(
        (await tx(t).buildings.findMany(BUILDINGS.map((b) => b.id))).map((b) => [b.id, b]),
      );
      const refs = {
        company: (id: string) => companies.get(id.toLowerCase()),
        building: (id: string) => buildings.get(id.toLowerCase()),
      };
      await writer.write(tx(t), batch, refs, "rows.");
    });
  }
  return <T>(fn: (tx: StoreTransaction) => Promise<T>) => transactions.read((t) => fn(tx(t)));
}

describe.skipIf(postgresServer() === undefined)("consumptions written on PostgreSQL", () => {
  it("list in SQLite's order, and read back the same", async () => {
    const sqlite = await onSqlite();
    const postgres = await onPostgres();
    const pages = [
      { limit: 500 },
      { limit: 500, page: 4 },
      { limit: 37, page: 55 },
      { limit: 500, page: 6 },
    ];
    for (const query of [{}, { companyId: ES }, { companyId: GB, from: "2024-02-01" }]) {
      for (const page of pages) {
        const asked = { ...query, ...page };
        const label = JSON.stringify(asked);
        const expected = await sqlite((tx) => listConsumptions(tx, asked));
        // Every page of the whole list has rows (a company's may end before).
        if (Object.keys(query).length === 0) expect(expected.data.length, label).toBeGreaterThan(0);
        expect(timeless(await postgres((tx) => listConsumptions(tx, asked))), label).toEqual(
          timeless(expected),
        );
        expect(timeless(await postgres((tx) => listEmissions(tx, asked))), label).toEqual(
          timeless(await sqlite((tx) => listEmissions(tx, asked))),
        );
      }
    }
  }, 120_000);
});
