/**
 * Pricing and writing consumptions on PostgreSQL gives what it gives on SQLite: the rules'
 * ConsumptionWriter and EmissionCalculator, built as the local engine builds them
 * (src/backends/local/open.ts), write the same rows with the same figures and the same
 * calculation records on both stores, and recalculate them alike after a custom factor changes.
 * PostgreSQL runs writes side by side: two writers adding the same new calculation record end
 * up with one record.
 */
import path from "node:path";
import Database from "better-sqlite3";
import type pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { CategoryTree } from "../../src/core/category-tree.js";
import { categoryId } from "../../src/core/ids.js";
import type { BuildingInput } from "../../src/core/model/building.js";
import { type ConsumptionInput, consumptionInputSchema } from "../../src/core/model/consumption.js";
import { upsertBuilding } from "../../src/rules/buildings.js";
import { companyRecord } from "../../src/rules/companies.js";
import { ConsumptionWriter } from "../../src/rules/consumption-writer.js";
import { upsertCustomFactor } from "../../src/rules/custom-factors.js";
import { EmissionCalculator } from "../../src/rules/emission-calculator.js";
import { LineData } from "../../src/rules/line-data.js";
import { recalculateEmissions } from "../../src/rules/recalculate.js";
import type { StoreTransaction } from "../../src/rules/store.js";
import { shippedDerivationRules } from "../../src/shipped/derivation-rules.js";
import { PostgresCategories } from "../../src/store/postgres/categories.js";
import { connect } from "../../src/store/postgres/database.js";
import { PostgresPricingData } from "../../src/store/postgres/pricing.js";
import { postgresTables } from "../../src/store/postgres/store.js";
import { PostgresTransactions } from "../../src/store/postgres/transactions.js";
import { parsePostgresUrl } from "../../src/store/postgres/url.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";
import { openTemp, tempDir } from "../unit/local/helpers.js";

const ES = "0a000000-0000-4000-8000-00000000000e";
const GB = "0a000000-0000-4000-8000-0000000000b6";
const building = (n: number) => `0b0b0000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const row = (n: number) => `0c0c0000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const FACTOR = "0f0f0000-0000-4000-8000-000000000001";

const BUILDINGS: BuildingInput[] = [
  // No country of its own: it follows its company's (ES).
  { id: building(1), companyId: ES, name: "Madrid" },
  { id: building(2), companyId: ES, name: "London office", country: "GB" },
  { id: building(3), companyId: GB, name: "Leeds" },
];

/** What the story writes: several categories, units, years, a bill's kWh per m3, a split. */
function consumptions(from: number, quantity = 1): ConsumptionInput[] {
  const rows: Omit<ConsumptionInput, "id" | "entityId">[] = [];
  const months = ["2023-03", "2024-02", "2025-06"];
  for (const [b, companyId] of [
    [1, ES],
    [2, ES],
    [3, GB],
  ] as const) {
    for (const month of months) {
      const period = {
        startDate: `${month}-01T00:00:00.000Z`,
        endDate: `${month}-28T00:00:00.000Z`,
        companyId,
        buildingId: building(b),
      };
      rows.push(
        {
          ...period,
          categoryId: categoryId("electricity"),
          quantity: 1000 * quantity,
          unitType: "kWh",
        },
        {
          ...period,
          categoryId: categoryId("electricity"),
          quantity: 2.5 * quantity,
          unitType: "MWh",
        },
        {
          ...period,
          categoryId: categoryId("natural_gas"),
          quantity: 300 * quantity,
          unitType: "kWh",
        },
        { ...period, categoryId: categoryId("diesel"), quantity: 40 * quantity, unitType: "l" },
      );
    }
    rows.push(
      {
        startDate: "2024-03-01T00:00:00.000Z",
        endDate: "2024-03-31T00:00:00.000Z",
        companyId,
        buildingId: building(b),
        categoryId: categoryId("natural_gas"),
        quantity: 250 * quantity,
        unitType: "m3",
        kwhPerM3: 11.63,
      },
      // Across two calendar years: priced in two parts.
      {
        startDate: "2023-12-01T00:00:00.000Z",
        endDate: "2024-01-31T00:00:00.000Z",
        companyId,
        buildingId: building(b),
        categoryId: categoryId("electricity"),
        quantity: 5000 * quantity,
        unitType: "kWh",
      },
    );
  }
  return rows.map((r, i) =>
    consumptionInputSchema.parse({ ...r, id: row(from + i), entityId: `meter-${i % 5}` }),
  );
}

/** A custom factor of the ES company's electricity, valid from a day. */
const customFactor = (co2e: number) => ({
  id: FACTOR,
  companyId: ES,
  categoryId: categoryId("electricity"),
  basis: "location" as const,
  validFrom: "2024-01-01",
  unit: "kWh",
  co2e,
  source: "the company's supplier",
});

/** What a call answers, or the error it throws (its code and message). */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { error: code, message };
  }
}

interface Stored {
  rows: unknown[];
  records: unknown[];
  lines: unknown[];
}

const ROWS = `SELECT c.id, c.entity_id, co.id AS company, b.id AS building, c.category_ref,
    c.start_date, c.end_date, c.quantity, c.unit, c.co2e, c.co2, c.ch4, c.n2o, c.co2e_market,
    c.converted_quantity, p.signature, c.input_ref, c.kwh_per_m3
  FROM consumptions c
  JOIN companies co ON co.ref = c.company_ref
  JOIN buildings b ON b.ref = c.building_ref
  LEFT JOIN emission_provenance p ON p.ref = c.provenance_ref
  ORDER BY c.id`;
const RECORDS =
  "SELECT signature, library_version, lines FROM emission_provenance ORDER BY signature";
const LINES = `SELECT p.signature, l.line, l.kind, l.category_ref, l.year
  FROM emission_lines l JOIN emission_provenance p ON p.ref = l.calculation_ref
  ORDER BY p.signature, l.line`;

interface Story {
  write(rows: readonly ConsumptionInput[]): Promise<unknown>;
  saveFactor(co2e: number): Promise<unknown>;
  stored(): Promise<Stored>;
}

async function onSqlite(): Promise<Story> {
  const file = path.join(tempDir(), "carbon.db");
  const service = await openTemp(file);
  await service.companies.upsert({ id: ES, name: "Acme ES", country: "ES" });
  await service.companies.upsert({ id: GB, name: "Acme GB", country: "GB" });
  for (const input of BUILDINGS) await service.buildings.upsert(input);
  return {
    write: async (rows) => {
      const outcomes = [];
      for (const input of rows) outcomes.push((await service.consumptions.upsert(input)).outcome);
      return outcomes;
    },
    saveFactor: (co2e) => service.customFactors.upsert(customFactor(co2e)),
    stored: async () => {
      const db = new Database(file, { readonly: true });
      try {
        return {
          rows: db.prepare(ROWS).all(),
          records: db.prepare(RECORDS).all(),
          lines: db.prepare(LINES).all(),
        };
      } finally {
        db.close();
      }
    },
  };
}

/** The rules on PostgreSQL as the local engine builds them, one "process" of a database. */
async function pricingProcess(url: string, reserve?: number) {
  const pool = await connect(parsePostgresUrl(url), 5);
  onTestFinished(() => pool.end());
  const data = new PostgresPricingData(reserve === undefined ? {} : { reserve });
  const calculator = new EmissionCalculator(data, new LineData(data, shippedDerivationRules));
  let rolledBack = 0;
  const transactions = new PostgresTransactions(
    pool,
    (client) => postgresTables(client, data),
    () => {
      rolledBack += 1;
      calculator.forgetWrites();
    },
  );
  const catalog = new CategoryTree(await new PostgresCategories(pool).all());
  const writer = new ConsumptionWriter(catalog, calculator, shippedDerivationRules);
  const tx = (t: unknown) => t as StoreTransaction;
  /** Writes a batch in the caller's transaction. */
  const writeIn = async (t: StoreTransaction, rows: readonly ConsumptionInput[]) => {
    const companies = new Map(
      (await t.companies.findMany([ES, GB])).map((company) => [company.id, company]),
    );
    const buildings = new Map(
      (await t.buildings.findMany(BUILDINGS.map((b) => b.id))).map((b) => [b.id, b]),
    );
    const refs = {
      company: (id: string) => companies.get(id.toLowerCase()),
      building: (id: string) => buildings.get(id.toLowerCase()),
    };
    return (await writer.write(t, rows, refs, "rows.")).outcomes;
  };
  /** Writes a batch in one transaction, as an import's batch; `around` wraps its tables. */
  const write = (
    rows: readonly ConsumptionInput[],
    around: (t: StoreTransaction) => StoreTransaction = (t) => t,
  ) => transactions.write((tables) => writeIn(around(tx(tables)), rows));
  return {
    pool,
    transactions,
    calculator,
    catalog,
    write,
    writeIn,
    rolledBack: () => rolledBack,
  };
}

async function postgresRows(pool: pg.Pool): Promise<Stored> {
  return {
    rows: (await pool.query(ROWS)).rows,
    records: (await pool.query(RECORDS)).rows,
    lines: (await pool.query(LINES)).rows,
  };
}

async function onPostgres(
  url?: string,
  reserve?: number,
): Promise<Story & { process: PricingProcess }> {
  const process = await pricingProcess(url ?? (await freshPostgres({ migrated: true })), reserve);
  const { transactions, calculator, catalog } = process;
  await transactions.write(async (t) => {
    await t.companies.save(companyRecord({ id: ES, name: "Acme ES", country: "ES" }), "2026-01-01");
    await t.companies.save(companyRecord({ id: GB, name: "Acme GB", country: "GB" }), "2026-01-01");
  });
  for (const input of BUILDINGS) {
    await transactions.write((t) =>
      upsertBuilding(t as unknown as StoreTransaction, input, { recalculate: async () => 0 }),
    );
  }
  return {
    process,
    write: (rows) => process.write(rows),
    saveFactor: (co2e) =>
      transactions.write((t) => {
        const tx = t as unknown as StoreTransaction;
        return upsertCustomFactor(tx, customFactor(co2e), {
          sourcesOf: (categoryRef) => {
            const category = catalog.byRef(categoryRef);
            if (category === undefined) return [];
            return shippedDerivationRules()
              .sourcesOf(category.code)
              .flatMap((code) => catalog.find(code)?.ref ?? []);
          },
          // As the local engine recalculates: its calculator's caches dropped first.
          recalculate: (t, scope) => {
            calculator.invalidate();
            return recalculateEmissions(t, catalog, calculator, scope);
          },
        });
      }),
    stored: () => postgresRows(process.pool),
  };
}

type PricingProcess = Awaited<ReturnType<typeof pricingProcess>>;

describe.skipIf(postgresServer() === undefined)("pricing on PostgreSQL", () => {
  it("writes and recalculates the rows and calculation records SQLite does", async () => {
    const sqlite = await onSqlite();
    const postgres = await onPostgres();
    const steps = async (store: Story) => {
      const answers: unknown[] = [];
      answers.push(await store.write(consumptions(0)));
      // Some rows again with other quantities (updates), some new.
      answers.push(await store.write([...consumptions(0, 2).slice(10, 30), ...consumptions(100)]));
      // One new id three times in a batch: inserted, changed, then the same again.
      const [again] = consumptions(200);
      if (again === undefined) throw new Error("the story has no rows");
      answers.push(
        await store.write([
          { ...again, quantity: 7 },
          { ...again, quantity: 9 },
          { ...again, quantity: 9 },
        ]),
      );
      // A row of the GB company's id under the ES company: refused, naming the owner.
      const theirs = consumptions(0).filter((r) => r.companyId === GB)[0];
      if (theirs === undefined) throw new Error("the story has no GB row");
      answers.push(
        await outcome(() => store.write([{ ...theirs, companyId: ES, buildingId: building(1) }])),
      );
      const written = await store.stored();
      // A custom factor of the ES company from 2024: its electricity from then is recalculated.
      await store.saveFactor(0.25);
      const recalculated = await store.stored();
      await store.saveFactor(0.2);
      return { answers, written, recalculated, changedAgain: await store.stored() };
    };
    const expected = await steps(sqlite);
    const found = await steps(postgres);
    expect(expected.written.rows.length).toBeGreaterThan(50);
    expect(expected.written.records.length).toBeGreaterThan(10);
    expect(found.answers).toEqual(expected.answers);
    expect(found.written).toEqual(expected.written);
    expect(found.recalculated).toEqual(expected.recalculated);
    expect(found.changedAgain).toEqual(expected.changedAgain);
    // The factor moved the figures.
    expect(found.recalculated.rows).not.toEqual(found.written.rows);
  });

  it("writes a large batch through COPY as it writes small ones", async () => {
    const many = (from: number) =>
      Array.from({ length: 60 }, (_, i) => consumptions(from + i * 100, 1 + i / 10)).flat();
    const rows = many(0);
    expect(rows.length).toBeGreaterThan(2000);
    const big = await onPostgres();
    const small = await onPostgres();
    expect(await big.write(rows)).toEqual(rows.map(() => "inserted"));
    for (let start = 0; start < rows.length; start += 400) {
      await small.write(rows.slice(start, start + 400));
    }
    // Upserted again as one batch: updates through the staging table.
    const changed = rows.map((r) => ({ ...r, quantity: r.quantity + 1 }));
    expect(await big.write(changed)).toEqual(rows.map(() => "updated"));
    for (let start = 0; start < rows.length; start += 400) {
      await small.write(changed.slice(start, start + 400));
    }
    expect(await big.stored()).toEqual(await small.stored());
  });

  it("gives two writers of the same new calculation one record", async () => {
    const url = await freshPostgres({ migrated: true });
    const first = await onPostgres(url);
    // Another process on the same database: its own pricing data and calculator.
    const second = await pricingProcess(url);
    const [a, b] = [consumptions(0).slice(0, 4), consumptions(100).slice(0, 4)];
    // Both have read the records before either writes its own: they collide.
    let waiting = 2;
    let release: () => void = () => {};
    const bothReady = new Promise<void>((resolve) => {
      release = resolve;
    });
    const meet = (t: StoreTransaction): StoreTransaction => ({
      ...t,
      pricing: {
        ready: async (companyRefs) => {
          const data = await t.pricing.ready(companyRefs);
          if (waiting > 0) {
            waiting -= 1;
            if (waiting === 0) release();
            await bothReady;
          }
          return data;
        },
      },
    });
    const outcomes = await Promise.all([first.process.write(a, meet), second.write(b, meet)]);
    expect(outcomes).toEqual([a.map(() => "inserted"), b.map(() => "inserted")]);
    // One of them lost the race, ran again and found the other's records.
    expect(first.process.rolledBack() + second.rolledBack()).toBeGreaterThanOrEqual(1);
    const stored = await first.stored();
    const signatures = stored.records.map((r) => (r as { signature: string }).signature);
    expect(new Set(signatures).size).toBe(signatures.length);
    const named = stored.rows.map((r) => (r as { signature: string | null }).signature);
    expect(named.every((s) => s !== null)).toBe(true);
    // The same calculation for both writers' rows: the same record.
    const byRow = new Map(stored.rows.map((r) => [(r as { id: string }).id, r]));
    for (let i = 0; i < 4; i += 1) {
      const one = byRow.get(row(i)) as { signature: string };
      const other = byRow.get(row(100 + i)) as { signature: string };
      expect(other.signature).toBe(one.signature);
    }
    // A third write in the losing process uses the records it found (no new record).
    const before = stored.records.length;
    await second.write(consumptions(200).slice(0, 4));
    expect((await first.stored()).records).toHaveLength(before);
  });

  it("runs a batch again with more keys when it has more new records than keys at hand", async () => {
    const rows = consumptions(0);
    const plenty = await onPostgres();
    const few = await onPostgres(undefined, 2);
    await plenty.write(rows);
    await few.write(rows);
    expect(few.process.rolledBack()).toBeGreaterThanOrEqual(1);
    const stored = await few.stored();
    expect(stored.records.length).toBeGreaterThan(2);
    expect(stored).toEqual(await plenty.stored());
  });

  it("writes a rolled-back write's records again in the next", async () => {
    const postgres = await onPostgres();
    const rows = consumptions(0).slice(0, 8);
    await expect(
      postgres.process.transactions.write(async (tables) => {
        const outcomes = await postgres.process.writeIn(
          tables as unknown as StoreTransaction,
          rows,
        );
        throw new Error(`rolled back after ${outcomes.length} rows`);
      }),
    ).rejects.toThrow("rolled back after 8 rows");
    expect((await postgres.stored()).records).toEqual([]);
    // The keys handed out in it are forgotten: the records are written again with the rows.
    await postgres.write(rows);
    const stored = await postgres.stored();
    expect(stored.rows).toHaveLength(8);
    expect(stored.records.length).toBeGreaterThan(0);
    expect(stored.rows.every((r) => (r as { signature: string | null }).signature !== null)).toBe(
      true,
    );
  });
});
