/** Tier 2: `carbon consumptions import` on a real local database, with the fixture files. */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type ImportOptions, runImport } from "../../../src/cli/commands/consumptions/import.js";
import { COMPANY_ID, createTestDb, FIXTURES, type TestDb } from "../emissions/local-db.js";

const ACME_ROWS = 161;

function options(file: string, overrides: Partial<ImportOptions> = {}): ImportOptions {
  return {
    file: path.join(FIXTURES, file),
    company: COMPANY_ID,
    dryRun: false,
    decimalComma: false,
    skipInvalid: false,
    createBuildings: false,
    ...overrides,
  };
}

async function consumptionCount(db: TestDb): Promise<number> {
  return db.withService(
    async (service) =>
      (await service.consumptions.list({ companyId: COMPANY_ID })).pagination.total,
  );
}

describe("consumptions import", () => {
  let db: TestDb;

  beforeAll(async () => {
    db = createTestDb();
    await db.withService((service) =>
      service.companies.upsert({ id: COMPANY_ID, name: "Acme Offices", country: "ES" }),
    );
  });

  it("dry run: calculates, stores nothing, says so", async () => {
    const result = await db.run((ctx) =>
      runImport(ctx, options("acme-offices-2024.csv", { dryRun: true, createBuildings: true })),
    );
    expect(result.error).toBeUndefined();
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/rows read +161/);
    expect(result.stderr).toMatch(/buildings to create +4 \(/);
    expect(result.stderr).toContain("dry run: nothing was stored");
    expect(await consumptionCount(db)).toBe(0);
  });

  it("imports a year of bills, creating the buildings; the summary goes to stderr", async () => {
    const result = await db.run((ctx) =>
      runImport(ctx, options("acme-offices-2024.csv", { createBuildings: true })),
    );
    expect(result.error).toBeUndefined();
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/rows read +161\n/);
    expect(result.stderr).toMatch(/inserted +161\n/);
    expect(result.stderr).toMatch(/rejected +0\n/);
    expect(result.stderr).toMatch(/scope 1 +[\d,]+\.\d{3} kgCO2e/);
    expect(result.stderr).toMatch(
      /buildings created +4 \(.*Madrid HQ.*\)|buildings created +4 \(.*London Office.*\)/,
    );
    expect(result.stderr).not.toContain("nothing was stored");
    expect(await consumptionCount(db)).toBe(ACME_ROWS);
  });

  it("importing the same file again changes nothing; --json prints the report", async () => {
    const result = await db.run((ctx) => runImport(ctx, options("acme-offices-2024.csv")), {
      globals: { json: true },
    });
    expect(result.error).toBeUndefined();
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({
      rowsRead: ACME_ROWS,
      inserted: 0,
      updated: 0,
      unchanged: ACME_ROWS,
      rejected: 0,
      committed: true,
      dryRun: false,
    });
    expect(result.stderr).toMatch(/unchanged +161\n/);
    expect(await consumptionCount(db)).toBe(ACME_ROWS);
  });

  it("the mistakes file: every error with line and column, nothing stored, exit 3", async () => {
    const result = await db.run((ctx) => runImport(ctx, options("typical-mistakes.csv")));
    expect(result.error).toMatchObject({ code: "validation", message: "13 rows rejected" });
    expect(result.stderr).toContain(
      'line 6, column quantity: expected a number, got "12,5" (use --decimal-comma for decimal commas)',
    );
    expect(result.stderr).toMatch(/^line 3, column endDate: /m);
    expect(result.stderr).toMatch(/^line 15: expected 7 fields/m);
    expect(result.stderr).toMatch(/rejected +13\n/);
    expect(result.stderr).toContain(
      "nothing was stored because 13 rows were rejected; fix them or use --skip-invalid",
    );
    expect(await consumptionCount(db)).toBe(ACME_ROWS);
  });

  it("--skip-invalid stores the good rows, writes --rejects, and still exits 3", async () => {
    const rejects = path.join(db.dir, "rejects.csv");
    const result = await db.run((ctx) =>
      runImport(ctx, options("typical-mistakes.csv", { skipInvalid: true, rejects })),
    );
    expect(result.error).toMatchObject({ code: "validation", message: "13 rows rejected" });
    expect(result.stderr).toContain("13 rejected rows were skipped; the other rows were stored");
    expect(result.stderr).toContain(`rejected rows written to ${rejects}`);
    expect(await consumptionCount(db)).toBe(ACME_ROWS + 4);
    const written = fs.readFileSync(rejects, "utf8").split(/\r?\n/);
    expect(written[0]).toMatch(/_line,_column,_error$/);
    expect(written.filter((line) => line !== "")).toHaveLength(1 + 13);
  });

  it("--json prints the report of a rejected import for CI, and still fails", async () => {
    const result = await db.run((ctx) => runImport(ctx, options("typical-mistakes.csv")), {
      globals: { format: "ndjson" },
    });
    expect(result.error).toMatchObject({ code: "validation" });
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ rejected: 13, errorCount: 14, committed: false });
    expect(report.errors[0]).toEqual({
      line: 3,
      column: "endDate",
      message: 'expected a real calendar date, got "2024-02-30" (no such day)',
    });
  });

  it("a Spanish workbook: ; delimiter, BOM and decimal commas with --decimal-comma", async () => {
    const withoutFlag = await db.run((ctx) =>
      runImport(ctx, options("spanish-utility-semicolon.csv", { createBuildings: true })),
    );
    expect(withoutFlag.error).toMatchObject({ message: "31 rows rejected" });
    expect(withoutFlag.stderr).toContain("(use --decimal-comma for decimal commas)");
    const result = await db.run((ctx) =>
      runImport(
        ctx,
        options("spanish-utility-semicolon.csv", { createBuildings: true, decimalComma: true }),
      ),
    );
    expect(result.error).toBeUndefined();
    expect(result.stderr).toMatch(/rows read +32\n/);
    expect(result.stderr).toMatch(/buildings created +1 \(Sevilla Plant\)/);
  });

  it("a Windows-1252 export: refused with the hint, read with --encoding windows-1252", async () => {
    const file = "spanish-utility-windows-1252.csv";
    const flags = { createBuildings: true, decimalComma: true };
    const refused = await db.run((ctx) => runImport(ctx, options(file, flags)));
    expect(refused.error).toMatchObject({
      code: "validation",
      message: expect.stringContaining("is not UTF-8 text: line 2"),
    });
    const result = await db.run((ctx) =>
      runImport(ctx, options(file, { ...flags, encoding: "windows-1252" })),
    );
    expect(result.error).toBeUndefined();
    expect(result.stderr).toMatch(/buildings created +2 \(Almacén Málaga, Oficina Logroño\)/);
  });

  it("prints an error repeated on many rows once, with its lines", async () => {
    const header = "entityId,building,category,startDate,endDate,quantity,unit";
    const rows = Array.from({ length: 60 }, (_, i) =>
      i === 30
        ? "GOOD,Madrid HQ,electricity,2024-01-01,2024-01-31,5,kWh"
        : `BAD-${i},Madrid HQ,electricity,2024-01-01,2024-01-31,lots,kWh`,
    );
    const file = path.join(db.dir, "sixty-bad-rows.csv");
    fs.writeFileSync(file, `${[header, ...rows].join("\n")}\n`);
    const result = await db.run((ctx) => runImport(ctx, { ...options("x"), file }));
    expect(result.error).toMatchObject({ code: "validation", message: "59 rows rejected" });
    const [first, second] = result.stderr.split("\n");
    expect(first).toBe('column quantity: expected a number, got "lots" (lines 2-31, 33-61)');
    expect(second).toBe("");
  });

  it.each([
    [{ maxErrors: "many" }, 'invalid --max-errors "many"'],
    [{ maxErrors: "0" }, 'invalid --max-errors "0"'],
    [{ company: "" }, 'invalid --company ""'],
    [{ delimiter: "::" }, "--delimiter"],
    [{ encoding: "ebcdic" }, "--encoding expects utf-8, windows-1252"],
  ])("a bad flag %j is a usage error", async (overrides, message) => {
    const result = await db.run((ctx) =>
      runImport(ctx, options("acme-offices-2024.csv", overrides)),
    );
    expect(result.error).toMatchObject({
      code: "usage",
      message: expect.stringContaining(message),
    });
  });

  it("a missing file is reported, not a crash", async () => {
    const result = await db.run((ctx) => runImport(ctx, options("no-such-file.csv")));
    expect(result.error).toMatchObject({ code: expect.stringMatching(/usage|not_found/) });
  });
});
