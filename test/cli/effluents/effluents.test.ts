/**
 * `carbon effluents` through main(), on a local database file and against a real `carbon serve`
 * on port 0: records written one by one and imported from the fixture, flagged in list and get,
 * the summary, the delete, and bad input refused with cli.md's exit code and nothing stored.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EffluentSummaryRow } from "../../../src/core/effluent-summary.js";
import type { Effluent } from "../../../src/core/model/effluent.js";
import { bothEngines, type Engine } from "../engines.js";
import { tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const PLANT = "5a2b3c4d-1111-4222-8333-444455556666";
const LIMIT = "8d2e4f6a-1111-4222-8333-444455556601";
const SAMPLE = "8d2e4f6a-1111-4222-8333-444455556602";
const FIXTURE = path.resolve("fixtures/effluents/planta-norte-2025.csv");

describe.each(bothEngines)("carbon effluents on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    const company = await engine.carbon("companies", "create", "--id", ACME, "--name", "Acme");
    expect(company.code, company.stderr).toBe(0);
    const building = await engine.carbon(
      "buildings",
      "create",
      "--id",
      PLANT,
      "--company",
      "Acme",
      "--name",
      "Planta Norte",
      "--country",
      "ES",
    );
    expect(building.code, building.stderr).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function list(...flags: string[]): Promise<Effluent[]> {
    const listed = await engine.carbon(
      "effluents",
      "list",
      "--company",
      "Acme",
      "--all",
      "--json",
      ...flags,
    );
    expect(listed.code, listed.stderr).toBe(0);
    return JSON.parse(listed.stdout);
  }

  it("creates a limit and a sample; the sample above it is flagged in get, list and the table", async () => {
    const limit = await engine.carbon(
      "effluents",
      "create",
      "--id",
      LIMIT,
      "--company",
      "Acme",
      "--building",
      PLANT,
      "--type",
      "limit",
      "--parameter",
      "cod",
      "--value",
      "125",
      "--unit",
      "mg/l",
      "--year",
      "2024",
      "--json",
    );
    expect(limit.code, limit.stderr).toBe(0);
    expect(JSON.parse(limit.stdout)).toMatchObject({ parameter: "COD", unit: "mg/L", year: 2024 });
    const sample = await engine.carbon(
      "effluents",
      "upsert",
      "--id",
      SAMPLE,
      "--company",
      ACME,
      "--building",
      PLANT,
      "--type",
      "quality",
      "--parameter",
      "COD",
      "--value",
      "140",
      "--unit",
      "mg/L",
      "--sampled-at",
      "2024-03-14",
      "--discharge-point",
      "Outfall 1",
    );
    expect(sample.code, sample.stderr).toBe(0);
    const got = await engine.carbon("effluents", "get", SAMPLE, "--json");
    expect(JSON.parse(got.stdout)).toMatchObject({
      year: 2024,
      limitId: LIMIT,
      limitValue: 125,
      exceedsLimit: true,
    });
    const table = await engine.carbon("effluents", "list", "--company", "Acme", "--year", "2024");
    const [header, ...rows] = table.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"));
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const flagged = rows.find((row) => row[column("id")] === SAMPLE);
    expect([flagged?.[column("limit")], flagged?.[column("exceedsLimit")]]).toEqual(["125", "yes"]);
  });

  it("refuses a wrong unit (exit 3) and a second limit of the year (exit 6), storing nothing", async () => {
    const before = await list();
    const base = [
      "effluents",
      "create",
      "--company",
      "Acme",
      "--building",
      PLANT,
      "--type",
      "limit",
    ];
    const unit = await engine.carbon(
      ...base,
      "--parameter",
      "pH",
      "--value",
      "9",
      "--unit",
      "mg/L",
      "--year",
      "2024",
    );
    expect(unit.code).toBe(3);
    expect(unit.stderr).toContain("unit");
    expect(unit.stderr).toContain("expected pH for pH");
    const twice = await engine.carbon(
      ...base,
      "--parameter",
      "COD",
      "--value",
      "100",
      "--unit",
      "mg/L",
      "--year",
      "2024",
    );
    expect(twice.code).toBe(6);
    expect(twice.stderr).toContain(LIMIT);
    expect(await list()).toEqual(before);
  });

  it("needs --company to list (exit 2), and an unknown company is not found (exit 5)", async () => {
    expect((await engine.carbon("effluents", "list")).code).toBe(2);
    const unknown = await engine.carbon(
      "effluents",
      "list",
      "--company",
      "3f1c2a4e-8b7d-4c6a-9e5f-000000000000",
    );
    expect(unknown.code).toBe(5);
  });

  it("imports the fixture: a dry run stores nothing, the import stores it, a second import changes nothing", async () => {
    const args = ["effluents", "import", FIXTURE, "--company", "Acme", "--decimal-comma", "--json"];
    const dry = await engine.carbon(...args, "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ rowsRead: 10, inserted: 10, committed: false });
    expect(await list("--year", "2025")).toEqual([]);
    const done = await engine.carbon(...args);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ inserted: 10, rejected: 0, committed: true });
    const again = await engine.carbon(...args);
    expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, unchanged: 10 });
    const samples = await list("--year", "2025", "--type", "quality");
    expect(samples.filter((s) => s.exceedsLimit).map((s) => [s.parameter, s.value])).toEqual([
      ["COD", 142.3],
      ["pH", 5.8],
    ]);
  });

  it("refuses a file with bad rows, naming line and column, and stores none of it", async () => {
    const file = path.join(tempDir(), "bad.csv");
    fs.writeFileSync(
      file,
      [
        "type,parameter,value,unit,year,sampledAt,building",
        "limit,TSS,35,mg/L,2026,,Planta Norte",
        "quality,TSS,12,5,mg/L,,2026-01-10,Planta Norte",
        "quality,COD,abc,mg/L,,2026-01-10,Planta Norte",
        "quality,COD,50,kg,,2026-01-10,Planta Norte",
        "limit,TSS,30,mg/L,2026,,Planta Norte",
        "quality,COD,50,mg/L,,2026-01-10,Nowhere",
      ].join("\n"),
    );
    const result = await engine.carbon("effluents", "import", file, "--company", ACME);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("line 3: expected 7 fields as in the header, got 8");
    expect(result.stderr).toContain('line 4, column value: expected a number, got "abc"');
    expect(result.stderr).toContain("line 5, column unit: expected mg/L for COD");
    expect(result.stderr).toContain("line 6, column year: a TSS limit of building");
    expect(result.stderr).toContain('line 7, column building: no building "Nowhere"');
    expect(await list("--year", "2026")).toEqual([]);
  });

  it("summarizes per building and parameter", async () => {
    const summary = await engine.carbon(
      "effluents",
      "summary",
      "--company",
      "Acme",
      "--year",
      "2025",
      "--json",
    );
    expect(summary.code, summary.stderr).toBe(0);
    const rows: EffluentSummaryRow[] = JSON.parse(summary.stdout);
    // COD: 98.5 and 142.3 against 125; the worst is 142.3 − 125 = 17.3 over.
    expect(rows.find((row) => row.parameter === "COD")).toMatchObject({
      buildingId: PLANT,
      samples: 2,
      exceedances: 1,
      worstValue: 142.3,
      worstLimitValue: 125,
    });
    // pH: 7.4 and 5.8 against 6 to 9; 5.8 is 6 − 5.8 = 0.2 under the minimum.
    const ph = rows.find((row) => row.parameter === "pH");
    expect(ph).toMatchObject({
      samples: 2,
      exceedances: 1,
      worstValue: 5.8,
      worstLimitMinValue: 6,
    });
    expect(ph?.worstExcess).toBeCloseTo(0.2, 12);
  });

  it("deletes a record after a dry run", async () => {
    const dry = await engine.carbon("effluents", "delete", SAMPLE, "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain("dry run: nothing was deleted");
    expect((await engine.carbon("effluents", "get", SAMPLE)).code).toBe(0);
    const done = await engine.carbon("effluents", "delete", SAMPLE, "--yes");
    expect(done.code, done.stderr).toBe(0);
    expect((await engine.carbon("effluents", "get", SAMPLE)).code).toBe(5);
  });
});
