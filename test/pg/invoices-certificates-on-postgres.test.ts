/**
 * Invoices, energy attribute certificates, their coverage and the regos dashboard's reads on the
 * PostgreSQL store answer what they answer on SQLite: the same records saved through the Store
 * port's tables on both, every answer compared (order, createdAt kept, errors included). The
 * consumptions the lines and the coverage read are written by SQL here, the same rows on both,
 * so the coverage triggers and the store-neutral settle run on each store without the
 * consumption writer.
 */
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { invoiceLineConsumptionId } from "../../src/core/ids.js";
import { nameKey } from "../../src/core/names.js";
import { settlingCoverage } from "../../src/rules/certificate-cover.js";
import type {
  BuildingTable,
  CertificateRecord,
  CertificateTable,
  CompanyTable,
  InvoiceRecord,
  InvoiceTable,
  RegosTable,
  StoreTransaction,
  StoreTransactions,
} from "../../src/rules/store.js";
import type { Awaitable } from "../../src/rules/store-base.js";
import type { CertificateCoverTable } from "../../src/rules/store-certificate-cover.js";
import { connect } from "../../src/store/postgres/database.js";
import { postgresTables } from "../../src/store/postgres/store.js";
import { PostgresTransactions } from "../../src/store/postgres/transactions.js";
import { parsePostgresUrl } from "../../src/store/postgres/url.js";
import { BuildingRepository } from "../../src/store/sqlite/buildings.js";
import { CertificateCoverStore } from "../../src/store/sqlite/certificate-cover.js";
import { CertificateRepository } from "../../src/store/sqlite/certificates.js";
import { CompanyRepository } from "../../src/store/sqlite/companies.js";
import { openDatabase } from "../../src/store/sqlite/database.js";
import { InvoiceRepository } from "../../src/store/sqlite/invoices.js";
import { RegosRepository } from "../../src/store/sqlite/regos-dashboard.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";
import { openTemp, tempDir } from "../unit/local/helpers.js";

/** The tables a story uses, and plain SQL (`?` placeholders) for the consumptions it writes. */
interface Tables {
  readonly companies: CompanyTable;
  readonly buildings: BuildingTable;
  readonly invoices: InvoiceTable;
  readonly certificates: CertificateTable;
  readonly regos: RegosTable;
  readonly certificateCover: CertificateCoverTable;
  run(sql: string, ...params: unknown[]): Awaitable<void>;
  all(sql: string, ...params: unknown[]): Awaitable<unknown[]>;
}

/** A store's tables in its transactions; a write settles the coverage it changed. */
interface Side {
  read<T>(fn: (t: Tables) => Promise<T>): Promise<T>;
  write<T>(fn: (t: Tables) => Promise<T>): Promise<T>;
}

function sides(base: StoreTransactions): Side {
  const settled = settlingCoverage(base);
  return {
    read: (fn) => settled.read((tx) => fn(tx as unknown as Tables)),
    write: (fn) => settled.write((tx) => fn(tx as unknown as Tables)),
  };
}

async function onSqlite(): Promise<Side> {
  const file = path.join(tempDir(), "carbon.db");
  // The service migrates the file; the tables are the SQLite store's, on a connection of their own.
  await openTemp(file);
  const db = openDatabase(file);
  onTestFinished(() => {
    db.close();
  });
  const companies = new CompanyRepository(db);
  const buildings = new BuildingRepository(db, companies);
  const tables: Tables = {
    companies,
    buildings,
    invoices: new InvoiceRepository(db, companies),
    certificates: new CertificateRepository(db, companies, buildings),
    regos: new RegosRepository(db),
    certificateCover: new CertificateCoverStore(db),
    run: (sql, ...params) => {
      db.prepare(sql).run(...params);
    },
    all: (sql, ...params) => db.prepare(sql).all(...params),
  };
  const tx = tables as unknown as StoreTransaction;
  return sides({
    read: async (fn) => fn(tx),
    write: async (fn) => {
      db.exec("BEGIN IMMEDIATE");
      try {
        const value = await fn(tx);
        db.exec("COMMIT");
        return value;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
  });
}

/** `?` placeholders as PostgreSQL numbers them. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

interface PostgresSide extends Side {
  /** The pool's own connection, outside any transaction of the story. */
  query(sql: string, ...params: unknown[]): Promise<unknown[]>;
}

async function onPostgres(): Promise<PostgresSide> {
  const target = parsePostgresUrl(await freshPostgres({ migrated: true }));
  const pool = await connect(target, 10);
  onTestFinished(() => pool.end());
  const transactions = new PostgresTransactions(pool, (client) => ({
    ...postgresTables(client),
    run: async (sql: string, ...params: unknown[]) => {
      await client.query(numbered(sql), params);
    },
    all: async (sql: string, ...params: unknown[]) =>
      (await client.query(numbered(sql), params)).rows,
  }));
  const side = sides({
    read: (fn) => transactions.read((tx) => fn(tx as unknown as StoreTransaction)),
    write: (fn) => transactions.write((tx) => fn(tx as unknown as StoreTransaction)),
  });
  return {
    ...side,
    query: async (sql, ...params) => (await pool.query(numbered(sql), params)).rows,
  };
}

/** What a call answers, or the error it throws (its code and message). */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    const value = await call();
    return value === undefined ? "(none)" : JSON.parse(JSON.stringify(value));
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { error: code, message };
  }
}

const uuid = (prefix: string, n: number) =>
  `${prefix}000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const A = uuid("0a", 1);
const B = uuid("0b", 2);
const A1 = uuid("1a", 1);
const A2 = uuid("1a", 2);
const B1 = uuid("1b", 1);
const inv = (n: number) => uuid("2c", n);
const cert = (n: number) => uuid("3d", n);
const use = (n: number) => uuid("4e", n);
const UNKNOWN = uuid("9f", 9);

const T0 = "2026-01-01T00:00:00.000Z";
const T1 = "2026-02-01T00:00:00.000Z";
const T2 = "2026-03-01T00:00:00.000Z";

/** Two companies (ES, and GB), three buildings: A1 and A2 of A (A2 in FR), B1 of B. */
async function companiesAndBuildings(t: Tables): Promise<void> {
  // B first: the stores' keys are not in the ids' order, which lists follow.
  await t.companies.save({ id: B, name: "Bravo", country: "GB" }, T0);
  await t.companies.save({ id: A, name: "Acme", country: "ES" }, T0);
  const a = await t.companies.find(A);
  const b = await t.companies.find(B);
  if (a === undefined || b === undefined) throw new Error("companies not saved");
  const building = (id: string, companyRef: number, name: string, country: string | null) =>
    t.buildings.save({ id, companyRef, name, nameKey: nameKey(name), country }, T0);
  await building(A1, a.ref, "Madrid", null);
  await building(A2, a.ref, "Paris", "FR");
  await building(B1, b.ref, "London", null);
}

function invoice(
  id: string,
  companyId: string,
  buildingId: string,
  fields: Partial<InvoiceRecord> = {},
): InvoiceRecord {
  return {
    id,
    type: "electricity",
    status: "valid",
    companyId,
    buildingId,
    startDate: "2024-01-01",
    endDate: "2024-01-31",
    cup: null,
    supplier: null,
    totalCost: 100.1,
    currency: "EUR",
    countryCode: "ES",
    externalId: null,
    wasteType: null,
    wasteDisposalMethod: null,
    wasteOperatorId: null,
    provider: null,
    lines: [
      { quantity: 1000.5, unit: "kWh", fuel: null, type: "P1", counted: "calculated" },
      { quantity: 0.1, unit: "MWh", fuel: null, type: null, counted: "calculated" },
      { quantity: 7, unit: "kWh", fuel: null, type: "reactive", counted: "not_counted" },
      { quantity: 3, unit: "kWh", fuel: null, type: null, counted: "awaiting_factor" },
    ],
    ...fields,
  };
}

const MS = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

interface ConsumptionRow {
  readonly id: string;
  readonly entityId: string;
  readonly buildingId: string;
  readonly category?: string;
  readonly from: string;
  readonly to: string;
  readonly quantity: number;
  readonly unit?: string;
  readonly co2e: number | null;
  readonly market: number | null;
}

/** A consumption written as the consumption writer would store it (its figures given). */
function insertConsumption(t: Tables, row: ConsumptionRow): Awaitable<void> {
  return t.run(
    `INSERT INTO consumptions (id, entity_id, company_ref, building_ref, category_ref,
       start_date, end_date, quantity, unit, created_at, updated_at, co2e, co2e_market)
     VALUES (?, ?, (SELECT company_ref FROM buildings WHERE id = ?),
       (SELECT ref FROM buildings WHERE id = ?), (SELECT ref FROM categories WHERE code = ?),
       ?, ?, ?, ?, 0, 0, ?, ?)`,
    row.id,
    row.entityId,
    row.buildingId,
    row.buildingId,
    row.category ?? "electricity",
    MS(row.from),
    MS(row.to),
    row.quantity,
    row.unit ?? "kWh",
    row.co2e,
    row.market,
  );
}

/** The store's keys named by the records' ids, so both stores' answers compare. */
async function keysOf(t: Tables): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of [A, B]) {
    const company = await t.companies.find(id);
    if (company !== undefined) names.set(company.ref, `company ${id}`);
  }
  return names;
}

async function buildingKeys(t: Tables): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of [A1, A2, B1]) {
    const building = await t.buildings.find(id);
    if (building !== undefined) names.set(building.ref, id);
  }
  return names;
}

const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

async function invoiceStory(side: Side): Promise<unknown[]> {
  await side.write(companiesAndBuildings);
  const steps: ((t: Tables) => Awaitable<unknown>)[] = [
    async (t) => {
      await t.invoices.saveAll(
        [
          invoice(inv(3), A, A1, { startDate: "2024-03-01", endDate: "2024-03-31" }),
          invoice(inv(1), A, A1, { cup: "es 0021 0000 0000 0001ab", supplier: "Iberdrola" }),
          invoice(inv(2), A, A2, {
            type: "wastes",
            wasteType: "20 03 01",
            wasteDisposalMethod: "landfill",
            wasteOperatorId: uuid("5f", 1),
            lines: [{ quantity: 2.5, unit: "t", fuel: null, type: null, counted: "calculated" }],
          }),
          invoice(inv(4), B, B1, { currency: "GBP", countryCode: null, provider: uuid("6a", 1) }),
          // The same id twice in one batch: the later one is kept.
          invoice(inv(5), A, A1, { startDate: "2023-12-01", endDate: "2023-12-31" }),
          invoice(inv(5), A, A1, {
            startDate: "2024-01-15",
            endDate: "2024-02-14",
            status: "draft",
            lines: [],
          }),
        ],
        T0,
      );
      // The lines' consumptions as stored now: a figure, one awaiting (null), one not counted.
      const line = (invoiceId: string, index: number, co2e: number | null) =>
        insertConsumption(t, {
          id: invoiceLineConsumptionId(invoiceId, index),
          entityId: invoiceId,
          buildingId: A1,
          from: "2024-01-01",
          to: "2024-01-31",
          quantity: 1000,
          co2e,
          market: co2e,
        });
      await line(inv(1), 0, 125.0625);
      await line(inv(1), 1, null);
      await line(inv(1), 2, 0.875);
      await line(inv(3), 0, 0.1 + 0.2);
    },
    (t) => t.invoices.find(inv(1)),
    (t) => t.invoices.find(inv(5)),
    (t) => t.invoices.find(inv(1).toUpperCase()),
    (t) => t.invoices.find(UNKNOWN),
    (t) => t.invoices.find("not-an-id"),
    async (t) =>
      [...(await t.invoices.findMany([inv(4), inv(1), inv(4), UNKNOWN, "x", inv(2)]))].sort(byJson),
    (t) => t.invoices.findMany([]),
    (t) => t.invoices.list({}),
    (t) => t.invoices.list({ companyId: A }),
    (t) => t.invoices.list({ companyId: A.toUpperCase() }),
    (t) => t.invoices.list({ companyId: B }),
    (t) => t.invoices.list({ companyId: UNKNOWN }),
    (t) => t.invoices.list({ companyId: "nope" }),
    (t) => t.invoices.list({ buildingIds: [A1] }),
    (t) => t.invoices.list({ buildingIds: [A2, B1.toUpperCase()] }),
    (t) => t.invoices.list({ companyId: A, buildingIds: [B1] }),
    (t) => t.invoices.list({ buildingIds: [A1, UNKNOWN] }),
    (t) => t.invoices.list({ buildingIds: ["nope"] }),
    (t) => t.invoices.list({ companyId: UNKNOWN, buildingIds: ["nope"] }),
    (t) => t.invoices.list({ type: "wastes" }),
    (t) => t.invoices.list({ type: "heat" }),
    (t) => t.invoices.list({ startDate: "2024-02-01" }),
    (t) => t.invoices.list({ endDate: "2024-01-14" }),
    (t) => t.invoices.list({ companyId: A, startDate: "2024-01-31", endDate: "2024-01-31" }),
    (t) => t.invoices.list({ limit: 2 }),
    (t) => t.invoices.list({ limit: 2, page: 2 }),
    (t) => t.invoices.list({ limit: 2, page: 3 }),
    (t) => t.invoices.list({ companyId: A, limit: 1, page: 2 }),
    // A re-save keeps createdAt and its company; its building, lines and figures change.
    async (t) => {
      await t.invoices.saveAll(
        [
          invoice(inv(1), A, A2, {
            cup: null,
            totalCost: 0,
            lines: [{ quantity: 5, unit: "kWh", fuel: null, type: null, counted: "calculated" }],
          }),
        ],
        T1,
      );
      return t.invoices.find(inv(1));
    },
    (t) => t.invoices.list({ buildingIds: [A2] }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(() => side.write(async (t) => step(t))));
  return outcomes;
}

function certificate(
  id: string,
  companyRef: number,
  buildingRef: number,
  fields: Partial<CertificateRecord> = {},
): CertificateRecord {
  return {
    id,
    companyRef,
    buildingRef,
    cup: null,
    volumeMwh: 4,
    periodFrom: "2024-01-01",
    periodTo: "2024-01-31",
    technology: "solar",
    issuingBody: "CNMC",
    cancellationId: `GO-${id.slice(0, 4)}-${id.slice(-2)}`,
    countryCode: "ES",
    ...fields,
  };
}

/** The refs of the story's companies and buildings on this store. */
async function refs(t: Tables) {
  const ref = async (table: "companies" | "buildings", id: string) => {
    const found = await t[table].find(id);
    if (found === undefined) throw new Error(`${id}: not saved`);
    return found.ref;
  };
  return {
    a: await ref("companies", A),
    b: await ref("companies", B),
    a1: await ref("buildings", A1),
    a2: await ref("buildings", A2),
    b1: await ref("buildings", B1),
  };
}

async function certificateStory(side: Side): Promise<unknown[]> {
  await side.write(companiesAndBuildings);
  const keys = await side.read(keysOf);
  /** An owned certificate with its company's key named. */
  const named = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(named);
    if (typeof value !== "object" || value === null || !("companyRef" in value)) return value;
    return { ...value, companyRef: keys.get(value.companyRef as number) };
  };
  const steps: ((t: Tables) => Awaitable<unknown>)[] = [
    async (t) => {
      const r = await refs(t);
      await t.certificates.save(
        certificate(cert(3), r.a, r.a1, { periodFrom: "2024-02-01", periodTo: "2024-02-29" }),
        T0,
      );
      await t.certificates.save(
        certificate(cert(1), r.a, r.a1, { cup: "ES0021000000000001AB", volumeMwh: 0.25 }),
        T0,
      );
      await t.certificates.save(
        certificate(cert(2), r.a, r.a2, {
          technology: "wind",
          countryCode: "FR",
          issuingBody: "EEX",
        }),
        T0,
      );
      await t.certificates.save(
        certificate(cert(4), r.b, r.b1, {
          countryCode: "GB",
          technology: "hydro",
          cancellationId: "REGO-1",
        }),
        T0,
      );
    },
    async (t) => named(await t.certificates.find(cert(1))),
    async (t) => named(await t.certificates.find(cert(1).toUpperCase())),
    async (t) => named(await t.certificates.find(UNKNOWN)),
    async (t) => named(await t.certificates.find("nope")),
    async (t) =>
      named(
        [...(await t.certificates.findMany([cert(4), cert(2), cert(4), UNKNOWN, "x"]))].sort(
          byJson,
        ),
      ),
    (t) => t.certificates.findByCancellation("REGO-1"),
    (t) => t.certificates.findByCancellation("rego-1"),
    (t) => t.certificates.list({}),
    (t) => t.certificates.list({ companyId: A }),
    (t) => t.certificates.list({ companyId: A, buildingId: A1 }),
    (t) => t.certificates.list({ buildingId: B1.toUpperCase() }),
    (t) => t.certificates.list({ companyId: B, buildingId: A1 }),
    (t) => t.certificates.list({ companyId: UNKNOWN }),
    (t) => t.certificates.list({ buildingId: UNKNOWN }),
    (t) => t.certificates.list({ buildingId: "nope" }),
    (t) => t.certificates.list({ limit: 3, page: 2 }),
    (t) => t.certificates.list({ companyId: A, limit: 1, page: 3 }),
    // A re-save keeps createdAt; every other field is replaced.
    async (t) => {
      const r = await refs(t);
      await t.certificates.save(
        certificate(cert(1), r.a, r.a1, {
          volumeMwh: 12.345,
          technology: "biogas",
          cancellationId: "GO-NEW",
        }),
        T1,
      );
      return named(await t.certificates.find(cert(1)));
    },
    (t) => t.certificates.findByCancellation("GO-NEW"),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(() => side.write(async (t) => step(t))));
  return outcomes;
}

/** Each electricity consumption's coverage, by id. */
async function coverage(t: Tables): Promise<unknown[]> {
  const rows = (await t.all(
    `SELECT id, covered_kwh AS covered, metered_kwh AS metered FROM consumptions
     WHERE covered_kwh IS NOT NULL OR metered_kwh IS NOT NULL`,
  )) as { id: string; covered: number | null; metered: number | null }[];
  return rows
    .map((row) => ({ id: row.id, covered: row.covered, metered: row.metered }))
    .sort(byJson);
}

async function marksLeft(t: Tables): Promise<number> {
  const [row] = (await t.all("SELECT count(*) AS n FROM certificate_unsettled")) as { n: number }[];
  return Number(row?.n);
}

/** What the dashboard reads of company A in 2024, its keys named by ids, in one order. */
async function dashboard(t: Tables): Promise<unknown> {
  const { a } = await refs(t);
  const buildings = await buildingKeys(t);
  const building = (ref: number) => buildings.get(ref) ?? `unknown ${ref}`;
  return {
    electricity: (await t.regos.electricity(a, "2024-01-01", "2024-12-31"))
      .map((row) => ({ ...row, buildingRef: building(row.buildingRef) }))
      .sort(byJson),
    january: (await t.regos.electricity(a, "2024-01-10", "2024-01-10"))
      .map((row) => ({ ...row, buildingRef: building(row.buildingRef) }))
      .sort(byJson),
    certified: (await t.regos.certified(a, "2024-01-01", "2024-12-31"))
      .map((row) => ({ ...row, buildingRef: building(row.buildingRef) }))
      .sort(byJson),
    march: (await t.regos.certified(a, "2024-03-01", "2024-03-31")).length,
    buildings: (await t.regos.buildings(a))
      .map((row) => ({ ...row, ref: building(row.ref) }))
      .sort(byJson),
  };
}

const CUP = "ES0021000000000001AB";

/**
 * Certificates of A1 and consumptions of it changing one at a time, each change through a
 * trigger of its own; after each, the coverage, the marks left and the dashboard.
 */
async function coverageStory(side: Side): Promise<unknown[]> {
  await side.write(companiesAndBuildings);
  const january = (id: string, kwh: number, fields: Partial<ConsumptionRow> = {}) => ({
    id,
    entityId: id,
    buildingId: A1,
    from: "2024-01-01",
    to: "2024-01-31",
    quantity: kwh,
    // Figures of many digits: both stores must compute the covered share in the same doubles.
    co2e: (kwh * 0.125) / 3,
    market: (kwh * 0.283) / 7,
    ...fields,
  });
  const steps: ((t: Tables) => Awaitable<unknown>)[] = [
    // Electricity before any certificate: nothing covered, nothing marked.
    async (t) => {
      await insertConsumption(t, january(use(1), 10_000));
      await insertConsumption(t, january(use(2), 3000, { from: "2024-01-20", to: "2024-02-10" }));
      await insertConsumption(t, january(use(3), 500, { category: "natural_gas" }));
    },
    // A certificate of 4 MWh over January: the earliest consumptions first.
    async (t) => {
      const r = await refs(t);
      await t.certificates.save(certificate(cert(1), r.a, r.a1), T0);
    },
    // More electricity, of an invoice with a supply point, and a certificate of that point.
    async (t) => {
      const r = await refs(t);
      await t.invoices.saveAll([invoice(inv(1), A, A1, { cup: "es0021 0000 0000 0001ab" })], T0);
      await insertConsumption(t, january(use(4), 1500, { entityId: inv(1), from: "2024-01-05" }));
      await t.certificates.save(
        certificate(cert(2), r.a, r.a1, { cup: CUP, volumeMwh: 1, cancellationId: "GO-CUP" }),
        T0,
      );
    },
    // The invoice names another supply point: its certificate covers nothing.
    (t) => t.invoices.saveAll([invoice(inv(1), A, A1, { cup: "ES0021000000000002CD" })], T1),
    // A consumption's quantity and then its unit change.
    (t) => t.run("UPDATE consumptions SET quantity = ? WHERE id = ?", 2500, use(1)),
    (t) => t.run("UPDATE consumptions SET unit = 'MWh', quantity = 2.5 WHERE id = ?", use(1)),
    // The company's country changes: the building's market is no longer the certificates'.
    (t) => t.companies.save({ id: A, name: "Acme", country: "GB" }, T1),
    (t) => t.companies.save({ id: A, name: "Acme", country: "ES" }, T1),
    // The building's own country.
    async (t) => {
      const { a } = await refs(t);
      await t.buildings.save(
        { id: A1, companyRef: a, name: "Madrid", nameKey: "madrid", country: "FR" },
        T1,
      );
    },
    async (t) => {
      const { a } = await refs(t);
      await t.buildings.save(
        { id: A1, companyRef: a, name: "Madrid", nameKey: "madrid", country: null },
        T1,
      );
    },
    // A consumption moves to the building without certificates, then one is deleted.
    (t) =>
      t.run(
        "UPDATE consumptions SET building_ref = (SELECT ref FROM buildings WHERE id = ?) WHERE id = ?",
        A2,
        use(2),
      ),
    (t) => t.run("DELETE FROM consumptions WHERE id = ?", use(4)),
    // A certificate's period moves, then it is deleted.
    async (t) => {
      const r = await refs(t);
      await t.certificates.save(
        certificate(cert(1), r.a, r.a1, { periodFrom: "2024-02-01", periodTo: "2024-02-29" }),
        T2,
      );
    },
    (t) => t.run("DELETE FROM certificates WHERE id = ?", cert(1)),
    // Marked without a trigger (a bulk load's), settled all the same.
    async (t) => {
      await t.run("UPDATE consumptions SET covered_kwh = NULL, metered_kwh = NULL");
      await t.certificateCover.markCertified();
    },
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) {
    const done = await outcome(() => side.write(async (t) => step(t)));
    outcomes.push({
      done,
      coverage: await side.read(coverage),
      marks: await side.read(marksLeft),
      dashboard: await side.read(dashboard),
    });
  }
  return outcomes;
}

describe.skipIf(postgresServer() === undefined)("invoices and certificates on PostgreSQL", () => {
  it("answer for invoices as on SQLite: lines with their emissions, filters, pages, refusals", async () => {
    const sqlite = await invoiceStory(await onSqlite());
    const postgres = await invoiceStory(await onPostgres());
    expect(postgres).toEqual(sqlite);
    // The story exercised what it is about.
    const [, first, draft, , , , many] = sqlite as Record<string, unknown>[];
    expect(first).toMatchObject({
      cup: "es 0021 0000 0000 0001ab",
      lines: [
        { emissions: 125.0625, emissionStatus: "calculated" },
        { emissions: null, emissionStatus: "awaiting_factor" },
        { emissions: null, emissionStatus: "not_counted", emissionEntityId: null },
        { emissions: null, emissionStatus: "awaiting_factor", emissionEntityId: null },
      ],
      createdAt: T0,
    });
    expect(first?.consumptionIds).toHaveLength(3);
    expect(draft).toMatchObject({ status: "draft", startDate: "2024-01-15", lines: [] });
    expect(many).toHaveLength(3);
    const resaved = sqlite.at(-2) as Record<string, unknown>;
    expect(resaved).toMatchObject({ buildingId: A2, createdAt: T0, updatedAt: T1, totalCost: 0 });
  });

  it("answer for certificates as on SQLite: finds, lists by company and building, refusals", async () => {
    const sqlite = await certificateStory(await onSqlite());
    const postgres = await certificateStory(await onPostgres());
    expect(postgres).toEqual(sqlite);
    const resaved = sqlite.at(-2) as Record<string, unknown>;
    expect(resaved).toMatchObject({ volumeMwh: 12.345, createdAt: T0, updatedAt: T1 });
    expect(sqlite[6]).toMatchObject({ id: cert(4), companyId: B });
  });

  it("settle certificate coverage as SQLite does, change by change, and read the dashboard alike", async () => {
    const sqlite = await coverageStory(await onSqlite());
    const postgres = await coverageStory(await onPostgres());
    expect(postgres).toEqual(sqlite);
    const at = (n: number) => sqlite[n] as { coverage: unknown[]; marks: number };
    // Worked by hand: 4 MWh over A1's January electricity, earliest first (10,000 kWh, then
    // 3000 kWh starting on the 20th): all of it to the first.
    expect(at(0).coverage).toEqual([]);
    expect(at(1).coverage).toEqual([{ id: use(1), covered: 4000, metered: 10_000 }]);
    // The invoice's supply point (spaces, lower case) is the second certificate's: 1 MWh of its
    // 1500 kWh, before the first certificate's 4 MWh go to the earliest.
    expect(at(2).coverage).toEqual(
      [
        { id: use(1), covered: 4000, metered: 10_000 },
        { id: use(4), covered: 1000, metered: 1500 },
      ].sort(byJson),
    );
    expect(at(3).coverage).toEqual([{ id: use(1), covered: 4000, metered: 10_000 }]);
    expect(at(6).coverage).toEqual([]);
    expect(sqlite.every((step) => (step as { marks: number }).marks === 0)).toBe(true);
  });

  it("keeps every mark when writers change one building's coverage at once", async () => {
    const side = await onPostgres();
    await side.write(companiesAndBuildings);
    const { a, a1 } = await side.read(refs);
    // Each writer waits, mid-transaction, for the other to have written.
    let arrived = 0;
    let release: () => void = () => {};
    const both = new Promise<void>((resolve) => {
      release = resolve;
    });
    const meet = async () => {
      arrived += 1;
      if (arrived === 2) release();
      await Promise.race([both, new Promise((resolve) => setTimeout(resolve, 500))]);
    };
    let attempts = 0;
    await Promise.all([
      side.write(async (t) => {
        attempts += 1;
        await t.certificates.save(certificate(cert(1), a, a1), T0);
        await meet();
      }),
      side.write(async (t) => {
        attempts += 1;
        await insertConsumption(t, {
          id: use(1),
          entityId: use(1),
          buildingId: A1,
          from: "2024-01-01",
          to: "2024-01-31",
          quantity: 10_000,
          co2e: 1250,
          market: 2830,
        });
        await meet();
      }),
    ]);
    // Neither saw the other's write: one lost the conflict and ran again, after the other.
    expect(attempts).toBe(3);
    // Whichever committed first, the other saw it: the consumption is covered.
    expect(await side.read(coverage)).toEqual([{ id: use(1), covered: 4000, metered: 10_000 }]);
    expect(await side.query("SELECT * FROM certificate_unsettled")).toEqual([]);
    // Writers of two companies marking at once both settle.
    const { b, b1 } = await side.read(refs);
    await Promise.all([
      side.write(async (t) => {
        await insertConsumption(t, {
          id: use(2),
          entityId: use(2),
          buildingId: A1,
          from: "2024-01-10",
          to: "2024-01-20",
          quantity: 100,
          co2e: 1,
          market: 2,
        });
        await meet();
      }),
      side.write(async (t) => {
        await t.certificates.save(certificate(cert(2), b, b1, { countryCode: "GB" }), T0);
        await insertConsumption(t, {
          id: use(3),
          entityId: use(3),
          buildingId: B1,
          from: "2024-01-01",
          to: "2024-01-31",
          quantity: 500,
          co2e: 1,
          market: 2,
        });
        await meet();
      }),
    ]);
    expect(await side.read(coverage)).toEqual(
      [
        { id: use(1), covered: 4000, metered: 10_000 },
        { id: use(3), covered: 500, metered: 500 },
      ].sort(byJson),
    );
    expect(await side.query("SELECT * FROM certificate_unsettled")).toEqual([]);
  });
});
