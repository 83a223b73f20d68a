import { describe, expect, it } from "vitest";
import { uuidV5 } from "../../../src/core/ids.js";
import type { EmissionFactor } from "../../../src/core/model/factor.js";
import { emissionFactorSchema } from "../../../src/core/model/factor.js";
import { factorsFromCsvRows } from "../../../src/engine/library-rows.js";
import { findUnit } from "../../../src/engine/units.js";
import { factorRow as anyRow, baseFactors, factorRows } from "./library.js";

/** These tests read the base file alone, as the base release does. */
const factors = baseFactors;
const factorRow = (
  key: string,
  country: string | null,
  year: number,
  unit: string,
): EmissionFactor => anyRow(key, country, year, unit, { from: baseFactors });

const validRow: Record<string, string> = {
  key: "natural_gas",
  scope: "1",
  category: "Stationary combustion",
  subcategory: "Natural gas",
  description: "Natural gas, per kWh gross CV",
  country: "GB",
  year: "2025",
  activity_unit: "kWh",
  kgco2e_per_unit: "0.18296",
  kgco2_per_unit: "0.18259",
  kgch4_per_unit: "",
  kgn2o_per_unit: "0.0000003396",
  basis: "gross CV",
  source: "UK DESNZ GHG Conversion Factors 2025 (full set v1)",
  source_ref: "sheet 'Fuels' row 42",
};

describe("factorsFromCsvRows on the shipped library", () => {
  // 258 rows: the AR5 GWP rows (CH4 28, N2O 265) the per-database GWP set converts with are in
  // gwp-ar5.csv, loaded with the open sources release, so the base file (and the base release's
  // version, a digest of it) stays as databases loaded it.
  it("maps all 258 rows to valid factors with unique ids and priority = file order", () => {
    expect(factors).toHaveLength(258);
    for (const factor of factors) emissionFactorSchema.parse(factor);
    expect(new Set(factors.map((f) => f.id)).size).toBe(258);
    expect(factors.map((f) => f.priority)).toEqual(factorRows.map((_, i) => i));
  });

  it("uses only units the unit table knows", () => {
    const unknown = factors.filter((f) => findUnit(f.unit) === undefined).map((f) => f.unit);
    expect(unknown).toEqual([]);
  });

  it("derives a stable id from key|country|year|unit|basis|scope|source", () => {
    const row = factorRow("natural_gas", "GB", 2025, "m3");
    expect(row.id).toBe(
      uuidV5(
        "factor:natural_gas|GB|2025|m3|per volume (DESNZ)|1|UK DESNZ GHG Conversion Factors 2025 (full set v1)",
      ),
    );
    // Reordering the file moves priorities, never ids.
    const reversed = factorsFromCsvRows([...factorRows].reverse());
    expect(reversed.find((f) => f.id === row.id)?.co2e).toBe(2.06672);
  });

  it.each([
    // basis "IPCC AR6 GWP-100"
    ["refrigerant_r410a", null, 2021, "kg", "AR6"],
    // basis "IPCC AR5 GWP-100"
    ["refrigerant_r410a", null, 2025, "kg", "AR5"],
    // basis "AR4 GWP (per EPA note)"
    ["waste_landfill_mixed", "US", 2025, "short_ton", "AR4"],
    // basis "gross CV" names no set: AR5 when the base file is read alone (the open sources
    // release labels MITECO's rows AR6, test/unit/engine/library-build.test.ts)
    ["natural_gas", "ES", 2024, "kWh", "AR5"],
  ])("%s %s %d %s has GWP set %s", (key, country, year, unit, gwpSet) => {
    expect(factorRow(key, country, year, unit).gwpSet).toBe(gwpSet);
  });

  it("reads the calorific basis of per-energy fuel rows from their basis", () => {
    const gbGas = factors.filter(
      (f) => f.key === "natural_gas" && f.country === "GB" && f.year === 2025,
    );
    expect(gbGas.map((f) => [f.unit, f.calorificBasis])).toEqual([
      ["kWh", "gross"],
      ["kWh", "net"],
      ["m3", null],
    ]);
  });

  it("reads biogenic CO2 from its optional column, null where the file has none", () => {
    expect(factorRow("natural_gas", "GB", 2025, "m3").biogenicCo2).toBeNull();
    const [withColumn] = factorsFromCsvRows([
      { ...validRow, basis: "kWh (Net CV)", kgco2_biogenic_per_unit: "0.00123" },
    ]);
    expect(withColumn).toMatchObject({ calorificBasis: "net", biogenicCo2: 0.00123 });
  });

  it("keeps empty per-gas cells null and zero cells zero", () => {
    const pellets = factorRow("wood_pellets", "GB", 2025, "t");
    expect([pellets.co2, pellets.ch4, pellets.n2o]).toEqual([null, null, null]);
    // MITECO prints N2O of Spanish natural gas as 0 g/kWh: recorded as given.
    expect(factorRow("natural_gas", "ES", 2024, "kWh").n2o).toBe(0);
  });
});

describe("factorsFromCsvRows on bad rows", () => {
  it("maps a row field by field", () => {
    const [factor] = factorsFromCsvRows([validRow]);
    expect(factor).toMatchObject({
      key: "natural_gas",
      scope: 1,
      country: "GB",
      year: 2025,
      unit: "kWh",
      co2e: 0.18296,
      co2: 0.18259,
      ch4: null,
      n2o: 0.0000003396,
      sourceRef: "sheet 'Fuels' row 42",
      gwpSet: "AR5",
      priority: 0,
    });
  });

  it.each([
    [
      "kgco2e_per_unit",
      "0,18",
      'emission factor row 2 (key "natural_gas"), column kgco2e_per_unit: expected a number, got "0,18"',
    ],
    [
      "kgco2e_per_unit",
      "",
      'emission factor row 2 (key "natural_gas"), column kgco2e_per_unit: expected a number, got ""',
    ],
    [
      "kgch4_per_unit",
      "n/a",
      'emission factor row 2 (key "natural_gas"), column kgch4_per_unit: expected a number, got "n/a"',
    ],
    [
      "year",
      "2025.5",
      'emission factor row 2 (key "natural_gas"), column year: expected a whole year, got "2025.5"',
    ],
    [
      "scope",
      "4",
      'emission factor row 2 (key "natural_gas"), column scope: expected 1, 2 or 3, got "4"',
    ],
  ])("rejects %s = %j", (column, value, message) => {
    expect(() => factorsFromCsvRows([validRow, { ...validRow, [column]: value }])).toThrow(message);
  });

  it("rejects a row without a column", () => {
    const { basis: _basis, ...withoutBasis } = validRow;
    expect(() => factorsFromCsvRows([withoutBasis])).toThrow(
      'emission factor row 1 (key "natural_gas"): column basis is missing',
    );
  });
});
