/**
 * The reads of consumptions and of their emission lines, the overlap check's reads and the
 * deletions on PostgreSQL answer what the SQLite store's answer: a database is built by the
 * rules on SQLite (two companies, an imported year of bills, custom inputs, a bill's kWh per m3,
 * bills across a new year, certificates covering part of the electricity), copied into
 * PostgreSQL with the same keys, and every read of the Store port is asked of both, row for row
 * and bit for bit; then the rules' pages of consumptions and emissions, which read through it.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import type { LocalService } from "../../src/backends/local/local-service.js";
import { openLocalService } from "../../src/backends/local/open.js";
import type { CarbonError } from "../../src/core/errors.js";
import { categoryId } from "../../src/core/ids.js";
import type { ConsumptionInput } from "../../src/core/model/consumption.js";
import type { EmissionQuery } from "../../src/core/ports/emissions.js";
import type { ConsumptionSummaryRow } from "../../src/engine/summary.js";
import { importConsumptions } from "../../src/import/consumptions.js";
import { filterNames, rowFilterOf } from "../../src/rules/consumption-filters.js";
import {
  findConsumption,
  listConsumptions,
  listEmissions,
  type RowScan,
  scannedEmissions,
  scannedSummaryRows,
} from "../../src/rules/consumption-reads.js";
import { RowDecoder } from "../../src/rules/consumption-rows.js";
import type {
  CalculationRecords,
  ConsumptionReadRow,
  ConsumptionRowFilter,
  LinePageRequest,
  StoreTransaction,
} from "../../src/rules/store.js";
import { storedCalculation } from "../../src/rules/stored-calculations.js";
import { PostgresConsumptionReads } from "../../src/store/postgres/consumption-reads.js";
import { connect } from "../../src/store/postgres/database.js";
import { type ConsumptionDecoder, PostgresOverlaps } from "../../src/store/postgres/overlaps.js";
import {
  PostgresRowReferences,
  SharedCategoryTree,
} from "../../src/store/postgres/row-references.js";
import { postgresTables } from "../../src/store/postgres/store.js";
import { PostgresTransactions } from "../../src/store/postgres/transactions.js";
import { parsePostgresUrl } from "../../src/store/postgres/url.js";
import {
  dropInBackground,
  postgresDatabase,
  postgresServer,
} from "../support/postgres-databases.js";
import { copySqliteToPostgres, sqliteStore } from "../support/sqlite-to-postgres.js";
import { tempDir } from "../unit/local/helpers.js";

const ACME = path.resolve(import.meta.dirname, "../../fixtures/consumptions/acme-offices-2024.csv");
/** Acme Offices (ES): the fixture's four buildings. */
const A = "0a000000-0000-4000-8000-00000000000a";
/** Brit Ltd (GB): one building of its own, inputs, bills across a new year, a certificate. */
const B = "0b000000-0000-4000-8000-00000000000b";
const LEEDS = "0b100000-0000-4000-8000-000000000001";
const PROVIDER = "0b200000-0000-4000-8000-000000000001";
const FUEL = "0b200000-0000-4000-8000-000000000002";
/** Brit's bills imported from a generated file. */
const GENERATED = 480;
const row = (n: number) => `0b300000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** What a decoder of consumption records (not of their lines) is given for records: none. */
const NO_RECORDS: CalculationRecords = { get: () => undefined, legacyLibraryVersion: null };

/** The rules' decoding of a record, as a driver hands it to the PostgreSQL store. */
const decoder: ConsumptionDecoder = (references) => {
  const decode = new RowDecoder(references, NO_RECORDS);
  return (stored) => decode.consumption(stored);
};

function bill(n: number, overrides: Partial<ConsumptionInput> & { category?: string }) {
  const { category = "electricity", ...rest } = overrides;
  return {
    id: row(n),
    entityId: `BRIT-${n}`,
    categoryId: categoryId(category),
    startDate: "2024-01-01T00:00:00.000Z",
    endDate: "2024-01-31T00:00:00.000Z",
    companyId: B,
    buildingId: LEEDS,
    quantity: 1000 + n * 13.7,
    unitType: "kWh",
    ...rest,
  };
}

interface Stores {
  readonly sqlite: StoreTransaction;
  read<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  write<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  readonly refs: {
    readonly a: number;
    readonly b: number;
    /** Each building's key and id, by name. */
    readonly buildings: Map<string, { ref: number; id: string }>;
  };
  /** The reads with pages and scan batches of a few rows (many of them), in one transaction. */
  small<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /** Every consumption id, in SQLite's list order. */
  readonly ids: readonly string[];
}

/** The database built once per file: its SQLite file, its PostgreSQL copy, and what they hold. */
interface Built {
  readonly file: string;
  readonly url: string;
  readonly refs: Stores["refs"];
  readonly ids: readonly string[];
}

let built: Promise<Built> | undefined;
/** Removes what `build` made, once every test of the file has run. */
const builtCleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of builtCleanups.splice(0).reverse()) await cleanup();
});

/** The database built on SQLite by the rules, and its copy on PostgreSQL (nobody connected). */
async function build(): Promise<Built> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "carbon-reads-"));
  builtCleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "carbon.db");
  const service = await openLocalService({ path: file });
  try {
    return await fill(service, file, dir);
  } finally {
    await service.close();
  }
}

async function fill(service: LocalService, file: string, dir: string): Promise<Built> {
  await service.companies.upsert({ id: A, name: "Acme Offices", country: "ES" });
  await service.companies.upsert({ id: B, name: "Brit Ltd", country: "GB" });
  await importConsumptions(service, {
    file: ACME,
    companyId: A,
    decimalComma: false,
    dryRun: false,
    skipInvalid: false,
    createBuildings: true,
  });
  await service.buildings.upsert({ id: LEEDS, companyId: B, name: "Leeds depot", country: null });
  await service.customInputs.upsert({
    id: PROVIDER,
    companyId: B,
    type: "provider",
    name: "Green Power",
    unit: "kWh",
  });
  await service.customInputs.upsert({
    id: FUEL,
    companyId: B,
    type: "fuel",
    name: "Bio",
    unit: "l",
  });
  const bills = [
    // Same start dates as Acme's: a list of both companies merges them by stored order.
    bill(1, {}),
    bill(2, { provider: PROVIDER }),
    bill(3, { category: "natural_gas", unitType: "m3", quantity: 250.5, kwhPerM3: 10.8 }),
    bill(4, { category: "diesel", unitType: "l", quantity: 80.25, fuelType: FUEL }),
    // Across a new year: lines by year.
    bill(5, { startDate: "2024-12-15T00:00:00.000Z", endDate: "2025-01-14T00:00:00.000Z" }),
    bill(6, {
      category: "natural_gas",
      startDate: "2024-11-20T00:00:00.000Z",
      endDate: "2025-02-10T00:00:00.000Z",
    }),
    ...Array.from({ length: 30 }, (_, i) =>
      bill(10 + i, {
        startDate: `2025-${String((i % 12) + 1).padStart(2, "0")}-01T00:00:00.000Z`,
        endDate: `2025-${String((i % 12) + 1).padStart(2, "0")}-20T00:00:00.000Z`,
        ...(i % 3 === 0 ? { category: "natural_gas" } : {}),
      }),
    ),
  ];
  for (const one of bills) await service.consumptions.upsert(one);
  // More of Brit's bills than one read of a line page takes, many on the same days.
  const generated = path.join(dir, "brit.csv");
  const lines = ["entityId,building,country,category,startDate,endDate,quantity,unit"];
  for (let i = 0; i < GENERATED; i += 1) {
    const start = new Date(Date.UTC(2023, 0, 1 + ((i * 3) % 700)));
    const end = new Date(start.getTime() + 20 * 86_400_000);
    const category = i % 3 === 0 ? "natural_gas" : "electricity";
    const day = (date: Date) => date.toISOString().slice(0, 10);
    lines.push(
      `GEN-${i},Leeds depot,GB,${category},${day(start)},${day(end)},${(100 + i * 1.37).toFixed(2)},kWh`,
    );
  }
  writeFileSync(generated, `${lines.join("\n")}\n`);
  await importConsumptions(service, {
    file: generated,
    companyId: B,
    decimalComma: false,
    dryRun: false,
    skipInvalid: false,
    createBuildings: false,
  });
  // Updated in place: it keeps its place in the stored order.
  await service.consumptions.upsert({ ...bill(1, {}), quantity: 1234.5 });
  const madrid = (await service.buildings.list({ companyId: A, limit: 50 })).data.find(
    (building) => building.name === "Madrid HQ",
  );
  if (madrid === undefined) throw new Error("the fixture made no Madrid HQ");
  // Certificates covering part of the electricity: market figures scaled by the uncovered share.
  await service.certificates.upsert({
    id: "0c000000-0000-4000-8000-000000000001",
    companyId: B,
    buildingId: LEEDS,
    volumeMwh: 2.5,
    periodFrom: "2024-01-01",
    periodTo: "2025-03-31",
    technology: "wind",
    issuingBody: "Ofgem",
    cancellationId: "REGO-1",
    countryCode: "GB",
  });
  // A month's certificate covers part of the month's bills: many rows partly covered.
  for (let month = 1; month <= 12; month += 1) {
    const mm = String(month).padStart(2, "0");
    const last = new Date(Date.UTC(2024, month, 0)).toISOString().slice(0, 10);
    await service.certificates.upsert({
      id: `0c000000-0000-4000-8000-0000000001${mm}`,
      companyId: A,
      buildingId: madrid.id,
      volumeMwh: 1.2345 + month / 7,
      periodFrom: `2024-${mm}-01`,
      periodTo: last,
      technology: "solar",
      issuingBody: "CNMC",
      cancellationId: `GDO-${mm}`,
      countryCode: "ES",
    });
    await service.certificates.upsert({
      id: `0c000000-0000-4000-8000-0000000002${mm}`,
      companyId: B,
      buildingId: LEEDS,
      volumeMwh: 0.3371 + month / 13,
      periodFrom: `2025-${mm}-01`,
      periodTo: `2025-${mm}-28`,
      technology: "wind",
      issuingBody: "Ofgem",
      cancellationId: `REGO-${mm}`,
      countryCode: "GB",
    });
  }
  await service.effluents.upsert({
    id: "0e000000-0000-4000-8000-000000000001",
    companyId: B,
    buildingId: LEEDS,
    unit: "mg/L",
    type: "limit",
    parameter: "COD",
    value: 200,
    year: 2024,
  });

  const database = await postgresDatabase({ migrated: true });
  builtCleanups.push(() => database.drop());
  const copied = await copySqliteToPostgres(file, database.url);
  expect(copied.consumptions).toBe(161 + bills.length + GENERATED);
  const sqlite = sqliteStore(file);
  try {
    const tx = sqlite.tables;
    const a = (await tx.companies.find(A))?.ref;
    const b = (await tx.companies.find(B))?.ref;
    if (a === undefined || b === undefined) throw new Error("the companies are not stored");
    const buildings = new Map<string, { ref: number; id: string }>();
    for (const company of [A, B]) {
      for (const building of (await service.buildings.list({ companyId: company, limit: 50 }))
        .data) {
        const stored = await tx.buildings.find(building.id);
        if (stored !== undefined) buildings.set(building.name, { ref: stored.ref, id: stored.id });
      }
    }
    const all = await tx.consumptionReads.list({}, { page: 1, limit: 10_000, offset: 0 });
    return { file, url: database.url, refs: { a, b, buildings }, ids: all.map((one) => one[0]) };
  } finally {
    sqlite.close();
  }
}

/** A copy of the built database for one test: its SQLite file and its PostgreSQL database. */
async function stores(): Promise<Stores> {
  built ??= build();
  const base = await built;
  const file = path.join(tempDir(), "carbon.db");
  copyFileSync(base.file, file);
  const copy = await postgresDatabase({ copyOf: base.url });
  onTestFinished(() => dropInBackground(copy));
  const url = copy.url;
  const sqlite = sqliteStore(file);
  onTestFinished(() => sqlite.close());
  const pool = await connect(parsePostgresUrl(url), 4);
  onTestFinished(() => pool.end());
  // The tree read once for every transaction, as a store's would be.
  const categories = new SharedCategoryTree();
  const transactions = new PostgresTransactions(pool, (client) =>
    postgresTables(client, undefined, { decoder, categories }),
  );
  return {
    sqlite: sqlite.tables,
    read: (fn) => transactions.read((t) => fn(t as unknown as StoreTransaction)),
    write: (fn) => transactions.write((t) => fn(t as unknown as StoreTransaction)),
    small: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        const references = new PostgresRowReferences(client);
        const consumptionReads = new PostgresConsumptionReads(client, references, 50);
        const overlaps = new PostgresOverlaps(client, consumptionReads, references, decoder, 11);
        const tables = { ...postgresTables(client), consumptionReads, overlaps };
        return await fn(tables as unknown as StoreTransaction);
      } finally {
        await client.query("ROLLBACK");
        client.release();
      }
    },
    refs: base.refs,
    ids: base.ids,
  };
}

/** The queries of a list: by company, building, period, scopes, categories, entity ids. */
function queries(s: Stores): EmissionQuery[] {
  return [
    {},
    { companyId: A },
    { companyId: B },
    { companyId: B, buildingId: LEEDS },
    { buildingId: LEEDS },
    { companyId: A, buildingId: LEEDS },
    { from: "2024-12-20", to: "2025-01-31" },
    { companyId: B, from: "2025-01-01" },
    { companyId: A, to: "2024-03-31" },
    { scopes: [2] },
    { scopes: [3] },
    { companyId: A, scopes: [1, 3] },
    { categoryIds: [categoryId("electricity")] },
    { categoryIds: [categoryId("natural_gas"), categoryId("diesel")] },
    { entityIds: ["BRIT-5", "INV-2024-0001", "INV-2024-0003"] },
    { companyId: B, entityIds: ["BRIT-1"], scopes: [2] },
    { buildingId: s.refs.buildings.get("Madrid HQ")?.id ?? LEEDS, to: "2024-06-30" },
    { companyId: A, buildingId: s.refs.buildings.get("London Office")?.id ?? LEEDS },
  ];
}

/** Each query's filter in the store's keys, as the rules make it (of rows, and of lines). */
async function filters(s: Stores): Promise<ConsumptionRowFilter[]> {
  const categories = (await s.sqlite.consumptionReads.references()).categories;
  const made: ConsumptionRowFilter[] = [{ none: true }];
  for (const query of queries(s)) {
    const names = await filterNames(s.sqlite, query);
    made.push(rowFilterOf(query, names, categories));
    made.push(rowFilterOf(query, names, categories, true));
  }
  return made;
}

/** A filter in a failure's message. */
const named = (filter: ConsumptionRowFilter) => JSON.stringify(filter);

describe.skipIf(postgresServer() === undefined)("consumption reads on PostgreSQL", () => {
  it("answers every row, total, group and record as SQLite does", async () => {
    const s = await stores();
    const windows = [
      { page: 1, limit: 10, offset: 0 },
      { page: 1, limit: 7, offset: 15 },
      { page: 1, limit: 1000, offset: 0 },
      { page: 1, limit: 5, offset: 190 },
    ];
    const sqliteReads = s.sqlite.consumptionReads;
    await s.read(async (tx) => {
      const reads = tx.consumptionReads;
      for (const filter of await filters(s)) {
        for (const window of windows) {
          expect(await reads.list(filter, window), named(filter)).toEqual(
            await sqliteReads.list(filter, window),
          );
        }
        expect(await reads.count(filter), named(filter)).toBe(await sqliteReads.count(filter));
        for (const byCategory of [false, true]) {
          expect(await reads.countByCalculation(filter, byCategory), named(filter)).toEqual(
            await sqliteReads.countByCalculation(filter, byCategory),
          );
        }
      }
      // Every row by id, and ids no row has (of no UUID, of any case).
      for (const id of [...s.ids, row(999), "not-a-uuid"]) {
        expect(await reads.find(id), id).toEqual(await sqliteReads.find(id));
      }
      const asked = [...s.ids.slice(0, 40), row(999), "not-a-uuid", s.ids[3] ?? ""];
      expect(await reads.storedIds(asked)).toEqual(await sqliteReads.storedIds(asked));
      expect(await reads.storedIds([])).toEqual(await sqliteReads.storedIds([]));

      // What the rows' keys stand for, and their calculation records.
      const rows = await reads.list({}, { page: 1, limit: 10_000, offset: 0 });
      expect(rows.length).toBe(s.ids.length);
      const ours = await reads.references();
      const theirs = await sqliteReads.references();
      expect(ours.categories.all).toEqual(theirs.categories.all);
      for (const code of ["electricity", "NATURAL_GAS", categoryId("diesel"), "nothing"]) {
        expect(ours.categories.find(code)).toEqual(theirs.categories.find(code));
      }
      expect(ours.categories.refsOfScopes([2, 3])).toEqual(theirs.categories.refsOfScopes([2, 3]));
      const namesHere = (one: ConsumptionReadRow) => ({
        company: ours.companyId(one[2]),
        building: ours.building(one[3]),
        input: one[19] === null ? null : ours.input(one[19]),
      });
      const namedThere = (one: ConsumptionReadRow) => ({
        company: theirs.companyId(one[2]),
        building: theirs.building(one[3]),
        input: one[19] === null ? null : theirs.input(one[19]),
      });
      expect(rows.map(namesHere)).toEqual(rows.map(namedThere));
      const refs = [...new Set(rows.map((one) => one[17]))];
      const records = await reads.calculations(refs);
      const recordsThere = await sqliteReads.calculations(refs);
      for (const ref of refs) {
        // What the rules read a record as, and the record itself (SQLite's '' for the factor
        // value of a record with lines, which no number column holds, is null here).
        expect(storedCalculation(records, ref), `record ${ref}`).toEqual(
          storedCalculation(recordsThere, ref),
        );
        if (ref === null) continue;
        const there = recordsThere.get(ref);
        const normalized =
          there?.factorValue === ("" as unknown) ? { ...there, factorValue: null } : there;
        expect(records.get(ref), `record ${ref}`).toEqual(normalized);
      }
      expect(records.legacyLibraryVersion).toBe(recordsThere.legacyLibraryVersion);
    });
  });

  it("reads the data the test means to compare", async () => {
    const s = await stores();
    const rows = await s.sqlite.consumptionReads.list({}, { page: 1, limit: 10_000, offset: 0 });
    // Rows covered in part by certificates, rows naming inputs, a bill's kWh per m3, derived
    // lines and rows split by year: what the reads above compare is there.
    const partly = rows.filter((one) => one[21] !== 1 && one[21] > 0);
    expect(partly.length).toBeGreaterThan(15);
    expect(rows.some((one) => one[19] !== null)).toBe(true);
    expect(rows.some((one) => one[20] !== null)).toBe(true);
    const emissions = await listEmissions(s.sqlite, { companyId: B, limit: 500 });
    expect(emissions.pagination.total).toBeGreaterThan(
      rows.filter((r) => r[2] === s.refs.b).length,
    );
    expect(new Set(emissions.data.map((e) => e.line)).size).toBeGreaterThan(1);
  });

  it("pages emission lines from any line as SQLite does", async () => {
    const s = await stores();
    const sqliteReads = s.sqlite.consumptionReads;
    const references = await sqliteReads.references();
    // With pages of a few rows, a few filters and the requests that read many pages.
    const compare = async (tx: Pick<StoreTransaction, "consumptionReads">, few = false) => {
      const all = await filters(s);
      for (const filter of few ? all.filter((_, i) => i % 6 === 1) : all) {
        for (const byCategory of [false, true]) {
          const groups = await sqliteReads.countByCalculation(filter, byCategory);
          const records = await sqliteReads.calculations(groups.map((g) => g.calculationRef));
          const decoder = new RowDecoder(references, records);
          const weights = groups.map((g) => ({
            categoryRef: g.categoryRef,
            calculationRef: g.calculationRef,
            lines: decoder.lineCount(
              g.categoryRef,
              decoder.calculation(g.calculationRef),
              undefined,
            ),
          }));
          const total = groups.reduce(
            (sum, g, i) => sum + g.consumptions * (weights[i]?.lines ?? 0),
            0,
          );
          // Short pages from anywhere (each size at the first line, inside, at the last and
          // past it), and pages longer than one read of rows.
          const pages: [number, number][] = few
            ? [
                [37, 1],
                [total - 1, 1],
              ]
            : [
                [0, 0],
                [0, 25],
                [37, 1],
                [150, 25],
                [total - 1, 1],
                [total - 1, 25],
                [total + 5, 0],
                [total + 5, 25],
              ];
          const requests: LinePageRequest[] = [
            ...pages.map(([offset, rows]) => ({ offset, rows })),
            ...[0, total - 1].map((offset) => ({ offset, rows: 600 })),
          ]
            .filter((request) => request.offset >= 0)
            .map((request) => ({ ...request, weights, byCategory }));
          // A pair left unweighed (stored since the count): passing over stops at its first row.
          requests.push({ offset: 120, rows: 20, weights: weights.slice(1), byCategory });
          for (const request of requests) {
            const label = `${named(filter)} ${JSON.stringify({ ...request, weights: undefined })}`;
            expect(await tx.consumptionReads.linePage(filter, request), label).toEqual(
              await sqliteReads.linePage(filter, request),
            );
          }
        }
      }
    };
    await s.read((tx) => compare(tx));
    await s.small((tx) => compare(tx, true));
  });

  it("gives the rules the same pages of consumptions and emissions", async () => {
    const s = await stores();
    await s.read(async (tx) => {
      for (const query of queries(s)) {
        for (const page of [{ limit: 10 }, { limit: 25, page: 3 }, { limit: 500 }]) {
          const asked = { ...query, ...page };
          const label = JSON.stringify(asked);
          const { scopes: _scopes, entityIds: _entityIds, ...consumptionQuery } = asked;
          expect(await listConsumptions(tx, consumptionQuery), label).toEqual(
            await listConsumptions(s.sqlite, consumptionQuery),
          );
          expect(await listEmissions(tx, asked), label).toEqual(
            await listEmissions(s.sqlite, asked),
          );
        }
      }
      for (const id of [...s.ids.slice(0, 20), row(5).toUpperCase(), row(999)]) {
        expect(await findConsumption(tx, id), id).toEqual(await findConsumption(s.sqlite, id));
      }
      // An unknown company: the same error.
      const unknown = { companyId: "0f000000-0000-4000-8000-000000000000", limit: 5 };
      const failed = async (fn: () => Promise<unknown>) => {
        try {
          await fn();
        } catch (error) {
          return { code: (error as CarbonError).code, message: (error as Error).message };
        }
        return "answered";
      };
      expect(await failed(() => listEmissions(tx, unknown))).toEqual(
        await failed(() => listEmissions(s.sqlite, unknown)),
      );
    });
  });

  it("streams every row in list order, emission lines and the dashboard's rows, as SQLite does", async () => {
    const s = await stores();
    // The SQLite store's streams, off the port: its statements iterated.
    const sqlite = s.sqlite.consumptionReads as unknown as {
      iterate(filter: ConsumptionRowFilter): Iterable<ConsumptionReadRow>;
      summaryRows(filter: ConsumptionRowFilter): Iterable<ConsumptionSummaryRow>;
    };
    const sqliteScan: RowScan = async function* (filter) {
      yield [...sqlite.iterate(filter)];
    };
    await s.small(async (tx) => {
      const reads = tx.consumptionReads as PostgresConsumptionReads;
      for (const filter of await filters(s)) {
        const expected = [...sqlite.iterate(filter)];
        for (const size of [7, 500]) {
          const streamed: ConsumptionReadRow[] = [];
          for await (const page of reads.pages(filter, size)) streamed.push(...page);
          expect(streamed, `${named(filter)} by ${size}`).toEqual(expected);
        }
      }
      // The rules' streams over each store's scan.
      const scan: RowScan = (filter) => reads.pages(filter);
      const all = async <T>(rows: AsyncIterable<T>) => {
        const found: T[] = [];
        for await (const row of rows) found.push(row);
        return found;
      };
      for (const query of queries(s)) {
        const label = JSON.stringify(query);
        expect(await all(scannedEmissions(tx, query, scan)), label).toEqual(
          await all(scannedEmissions(s.sqlite, query, sqliteScan)),
        );
        const summed = await all(scannedSummaryRows(tx, query, scan));
        expect(summed, label).toEqual(await all(scannedSummaryRows(s.sqlite, query, sqliteScan)));
        // What the SQLite engine's dashboard reads today (its own statement, in no order).
        const names = await filterNames(s.sqlite, query);
        const categories = (await s.sqlite.consumptionReads.references()).categories;
        const sorted = (rows: readonly ConsumptionSummaryRow[]) =>
          rows.map((one) => JSON.stringify(one)).sort();
        expect(sorted(summed), label).toEqual(
          sorted([...sqlite.summaryRows(rowFilterOf(query, names, categories))]),
        );
      }
    });
  });

  it("scans a company and reads records back for an overlap check as SQLite does", async () => {
    const s = await stores();
    const sqlite = s.sqlite.overlaps;
    const compare = async (tx: Pick<StoreTransaction, "overlaps">) => {
      for (const company of [s.refs.a, s.refs.b, 999]) {
        const visited = async (table: typeof sqlite) => {
          const visits: unknown[][] = [];
          let sized = -1;
          await table.scan(
            company,
            (count) => {
              sized = count;
            },
            (...visit) => visits.push(visit),
          );
          // The order of a scan is the store's: compared by key.
          visits.sort((x, y) => Number(x[0]) - Number(y[0]));
          return { visits, sized: sized >= visits.length };
        };
        const ours = await visited(tx.overlaps);
        expect(ours).toEqual(await visited(sqlite));
        const brit = 36 + GENERATED;
        expect(ours.visits.length).toBe(company === s.refs.a ? 161 : company === 999 ? 0 : brit);
      }
      const keys = (
        await s.sqlite.consumptionReads.list({}, { page: 1, limit: 10_000, offset: 0 })
      ).map((one) => one[18]);
      const some = [...keys.slice(0, 50), ...keys.slice(-20), 999_999];
      expect(await tx.overlaps.atKeys(some)).toEqual(await sqlite.atKeys(some));
      const ids = [...s.ids.slice(10, 60), row(2).toUpperCase(), row(999), "not-a-uuid"];
      expect(await tx.overlaps.byIds(ids)).toEqual(await sqlite.byIds(ids));
    };
    await s.read(compare);
    await s.small(compare);
  });

  it("deletes as SQLite does, and leaves the same rows", async () => {
    const s = await stores();
    const lisbonBuilding = s.refs.buildings.get("Lisbon Office");
    const leeds = s.refs.buildings.get("Leeds depot")?.ref;
    if (lisbonBuilding === undefined || leeds === undefined) throw new Error("no Lisbon or Leeds");
    const lisbon = lisbonBuilding.ref;
    const going = [...s.ids.slice(0, 12), ...s.ids.slice(100, 103), row(999), "not-a-uuid"];
    const remove = async (tx: StoreTransaction) => {
      await tx.deletions.remove("consumption", going);
      await tx.deletions.removeConsumptionsOf([lisbon, leeds]);
      await tx.deletions.removeEffluentsOf([leeds]);
      // The building goes after its data, as the rules remove it.
      await tx.deletions.remove("building", [lisbonBuilding.id]);
    };
    await remove(s.sqlite);
    await s.write(remove);
    await s.read(async (tx) => {
      const all = { page: 1, limit: 10_000, offset: 0 };
      const left = await tx.consumptionReads.list({}, all);
      expect(left).toEqual(await s.sqlite.consumptionReads.list({}, all));
      expect(left.length).toBeLessThan(s.ids.length - 15);
      expect(left.some((one) => one[3] === lisbon || one[3] === leeds)).toBe(false);
      expect(await tx.effluents.list({ companyId: B })).toEqual(
        await s.sqlite.effluents.list({ companyId: B }),
      );
      expect((await tx.buildings.list({ companyId: A })).data.map((b) => b.name)).toEqual(
        (await s.sqlite.buildings.list({ companyId: A })).data.map((b) => b.name),
      );
    });
  });
});
