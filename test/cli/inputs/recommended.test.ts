/**
 * `carbon inputs recommended` through main(), locally and against a real `carbon serve`: the
 * Spanish provider and fuels from the factor library (natural gas, fixtures/factors/
 * emission-factors.csv line 131, MITECO V31: an AR6 row of 0.182 kg CO2 and 0.000016 kg CH4 per
 * kWh, restated in the database's AR5 set as 0.182 + 0.000016 × 28 = 0.182448 kgCO2e/kWh), and
 * bad flags refused (exit 2).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bothEngines, type Engine } from "../engines.js";

describe.each(bothEngines)("carbon inputs recommended on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine.close();
  });

  it("lists Spain's provider: the grid, with its location and market factors", async () => {
    const listed = await engine.carbon(
      "inputs",
      "recommended",
      "--country",
      "es",
      "--type",
      "provider",
    );
    expect(listed.code, listed.stderr).toBe(0);
    const [header, ...lines] = listed.stdout.trim().split("\n");
    expect(header?.split("\t").slice(0, 6)).toEqual([
      "type",
      "code",
      "name",
      "units",
      "route",
      "factorKey",
    ]);
    expect(lines.map((line) => line.split("\t").slice(0, 7))).toEqual([
      ["provider", "electricity", "Grid electricity", "kWh", "", "electricity_grid", "ES"],
    ]);
  });

  it("lists Spain's fuels, each priced, natural gas at 0.182448 kg/kWh (AR5)", async () => {
    const listed = await engine.carbon(
      "inputs",
      "recommended",
      "--country",
      "ES",
      "--type",
      "fuel",
      "--json",
    );
    expect(listed.code, listed.stderr).toBe(0);
    const items: { code: string; factor: { co2e: number; year: number } }[] = JSON.parse(
      listed.stdout,
    );
    expect(items.find((item) => item.code === "natural_gas")?.factor).toMatchObject({
      co2e: 0.182448,
      year: 2024,
    });
    expect(items.every((item) => item.factor.co2e > 0)).toBe(true);
  });

  it.each([
    ["an unknown type", ["--country", "ES", "--type", "gas"], "--type"],
    ["a bad country", ["--country", "Spain"], "--country"],
    ["no country", [], "--country"],
  ])("refuses %s (exit 2)", async (_what, flags, named) => {
    const outcome = await engine.carbon("inputs", "recommended", ...flags);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain(named);
    expect(outcome.stdout).toBe("");
  });
});
