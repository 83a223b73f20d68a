/**
 * `carbon factors custom create` with validity dates through main(), on a local database file and
 * against a real `carbon serve` on port 0: what the factor moved printed per scope and category
 * on stderr, --dry-run storing nothing, bad dates refused with cli.md's exit codes.
 *
 * Factor: DESNZ 2025 'UK electricity' row 26, 0.177 kg CO2e/kWh (fixtures/factors/emission-factors.csv).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emission } from "../../../src/core/model/emission.js";
import { bothEngines, type Engine } from "../engines.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const FACTOR = "6a1d3c5e-7f9b-4d2a-8c4e-0b1f3a5c7e9d";

const create = (...extra: string[]) => [
  "factors",
  "custom",
  "create",
  "--company",
  "Acme",
  "--category",
  "electricity",
  "--unit",
  "kWh",
  "--co2e",
  "0.05",
  "--source",
  "Supplier contract from April 2025",
  "--id",
  FACTOR,
  ...extra,
];

describe.each(bothEngines)("carbon factors custom create by date on the %s", (_name, open) => {
  let engine: Engine;

  async function scope2(): Promise<[string, string, number | null][]> {
    const result = await engine.carbon("emissions", "list", "--company", "Acme", "--json");
    expect(result.code, result.stderr).toBe(0);
    const lines: Emission[] = JSON.parse(result.stdout);
    return lines
      .filter((e) => e.scope === 2)
      .map((e) => [e.startDate.slice(0, 10), e.endDate.slice(0, 10), e.co2e]);
  }

  beforeAll(async () => {
    engine = await open();
    const setup = [
      ["companies", "upsert", "--id", ACME, "--name", "Acme", "--country", "GB"],
      ["buildings", "upsert", "--company", "Acme", "--name", "HQ"],
      // 3,100 kWh from 15 March to 14 April 2025: 31 days, 100 kWh a day.
      [
        "consumptions",
        "upsert",
        "--company",
        "Acme",
        "--building",
        "HQ",
        "--category",
        "electricity",
        "--start",
        "2025-03-15",
        "--end",
        "2025-04-14",
        "--quantity",
        "3100",
        "--unit",
        "kWh",
      ],
    ];
    for (const args of setup) {
      const result = await engine.carbon(...args);
      expect(result.code, result.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await engine.close();
  });

  it("--dry-run prints what would move per scope and category, and stores nothing", async () => {
    const result = await engine.carbon(...create("--valid-from", "2025-04-01", "--dry-run"));
    expect(result.code, result.stderr).toBe(0);
    // Scope 2: 3,100 x 0.177 = 548.7 kg; after, 1,700 x 0.177 + 1,400 x 0.05 = 370.9 kg.
    expect(result.stderr).toContain("1 consumptions would be recalculated");
    expect(result.stderr).toMatch(/scope 2 \S+: 548\.700 -> 370\.900 kgCO2e \(-32\.40 %\)/);
    // The category 3 lines keep DESNZ's factors on every day: no line for scope 3.
    expect(result.stderr).not.toMatch(/scope 3/);
    expect(result.stderr).toContain("dry run: nothing was stored");
    expect(await scope2()).toEqual([["2025-03-15", "2025-04-14", expect.closeTo(548.7, 9)]]);
    const factors = await engine.carbon("factors", "custom", "list", "--company", "Acme", "--json");
    expect(JSON.parse(factors.stdout)).toEqual([]);
  });

  it("stores the factor with its days, and the bill's two stretches", async () => {
    const result = await engine.carbon(...create("--valid-from", "2025-04-01", "--json"));
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ id: FACTOR, validFrom: "2025-04-01", validTo: null });
    expect(printed.recalculation).toMatchObject({ stored: true, recalculated: 1 });
    expect(result.stderr).toMatch(/scope 2 \S+: 548\.700 -> 370\.900 kgCO2e/);
    expect(await scope2()).toEqual([
      ["2025-03-15", "2025-03-31", expect.closeTo(300.9, 9)],
      ["2025-04-01", "2025-04-14", expect.closeTo(70, 9)],
    ]);
    // The same factor again moves nothing.
    const again = await engine.carbon(...create("--valid-from", "2025-04-01"));
    expect(again.stderr).toContain("no stored figure moved");
  });

  it.each([
    [["--valid-from", "2025-04-01", "--valid-to", "2025-03-31"], 3, /validTo/],
    [["--valid-from", "2025-04-31"], 2, /--valid-from/],
    [["--year", "2025", "--valid-to", "2025-06-30"], 2, /--year/],
  ])("%j exits %d naming the field, storing nothing", async (extra, code, named) => {
    const before = await scope2();
    const result = await engine.carbon(...create(...extra));
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(named);
    expect(await scope2()).toEqual(before);
  });

  it("--year is the shorthand of the calendar year", async () => {
    const result = await engine.carbon(...create("--year", "2025", "--json"));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      validFrom: "2025-01-01",
      validTo: "2025-12-31",
    });
    // 3,100 kWh x 0.05 = 155 kg, one line over the whole bill.
    expect(await scope2()).toEqual([["2025-03-15", "2025-04-14", expect.closeTo(155, 9)]]);
  });
});
