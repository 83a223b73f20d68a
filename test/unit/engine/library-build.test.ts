/**
 * How the open sources release is built from the shipped files (src/engine/library-build.ts,
 * docs/factor-library.md "How the extra files are loaded"): what each kind of row becomes,
 * checked on the real files and on small tables of rows.
 */
import { describe, expect, it } from "vitest";
import type { EmissionFactor } from "../../../src/core/model/factor.js";
import { buildLibrary, NET_CV_OFFSET } from "../../../src/engine/library-build.js";
import { factorRow, factors, library } from "./library.js";

const accounted = library.accounted;
const count = (reason: string): number => accounted.filter((a) => a.reason === reason).length;
const byId = new Map(factors.map((f) => [f.id, f]));

describe("the open sources release", () => {
  it("is every row of the files, as a factor or accounted for with a reason", () => {
    // 6,564 factors of the base and extra files, and gwp-ar5.csv's two AR5 GWP rows (ghg_ch4 28,
    // ghg_n2o 265) that an AR5 database restates AR6 rows with
    expect(factors).toHaveLength(6564 + 2);
    expect({
      parameter: count("parameter"),
      biogenic_folded: count("biogenic_folded"),
      biogenic_not_folded: count("biogenic_not_folded"),
      duplicate: count("duplicate"),
      superseded: count("superseded"),
    }).toEqual({
      // eGRID grid gross loss fractions: 26 subregions and the US (calc-lines reads them)
      parameter: 27,
      // 120 outside-of-scopes rows (DESNZ 2024 and 2025, MITECO) and EPA Table 2's B100 and E100
      biogenic_folded: 118,
      // DESNZ forecourt diesel and petrol per kWh: no calorific basis against net and gross rows
      biogenic_not_folded: 4,
      // six AR6 refrigerants already in the base file, T&D UK electricity 2024, two ADEME
      // elements published twice
      duplicate: 9,
      // EEA France 2023-2024 and AIB Spain 2023-2024
      superseded: 4,
    });
    expect(factors.length + accounted.length).toBe(258 + 6468 + 2);
    expect(new Set(factors.map((f) => f.id)).size).toBe(factors.length);
  });

  it("reads a row's extended columns: gas basis, per-gas CO2e as published, citation", () => {
    // DESNZ 2024 flat file, butane per tonne (IDs 1_100_1000_15_1..4, rows 7-10)
    const butane = factorRow("butane", "GB", 2024, "t");
    expect(butane).toMatchObject({
      co2e: 3033.38067,
      co2: 3029.26,
      co2eOfCo2: 3029.26,
      co2eOfCh4: 2.52,
      co2eOfN2o: 1.60067,
      gasBasis: "CO2e = CO2 + CH4 + N2O (DESNZ publishes kg CO2e of each gas)",
      sourceUnit: "tonnes",
      sourceId: "1_100_1000_15",
      gwpSet: "AR5",
    });
    expect(butane.licence).toMatch(/^Open Government Licence v3.0/);
    expect(butane.derived).toMatch(/kgch4_per_unit = kgco2e_of_ch4_per_unit \/ 28/);
  });

  it.each([
    // MITECO V31 natural gas 2024 (base file, basis "gross CV"): AR6 per the V29 change log
    ["natural_gas", "ES", 2024, "kWh", "AR6"],
    // MITECO 'Mix sin GdO' 2024 (base file)
    ["electricity_residual_mix", "ES", 2024, "kWh", "AR6"],
    // MITECO V31 additions, butane 2023 (gwp_set "IPCC AR6 GWP-100 as tabulated by MITECO")
    ["butane", "ES", 2023, "kg", "AR6"],
    // USEEIO: gwp_set "IPCC AR5 GWP-100 (model spec ...)"
    ["spend_us_naics_111920", "US", 2022, "usd_2022", "AR5"],
    // EPA Table 9 waste (AR4 per EPA's note)
    ["waste_landfill_pla", "US", 2025, "short_ton", "AR4"],
  ])("labels %s %s %d %s with GWP set %s", (key, country, year, unit, set) => {
    expect(factorRow(key, country, year, unit).gwpSet).toBe(set);
  });

  it("gives every fuel row per unit of energy its calorific basis, gross before net", () => {
    // EPA Hub Table 1 natural gas per mmBtu: HHV is the gross calorific value
    expect(factorRow("natural_gas", "US", 2025, "mmBtu").calorificBasis).toBe("gross");
    // ADEME 'Fioul domestique' per kWh PCI (element 14085): net
    expect(factorRow("heating_oil", "FR", 2025, "kWh").calorificBasis).toBe("net");
    // DESNZ 2024 lists butane per kWh net CV before gross CV; the gross row ranks first
    const net = factorRow("butane", "GB", 2024, "kWh", { calorificBasis: "net" });
    const gross = factorRow("butane", "GB", 2024, "kWh", { calorificBasis: "gross" });
    expect(gross.priority).toBeLessThan(net.priority);
    expect(net.priority).toBeGreaterThan(NET_CV_OFFSET);
    const energyFuels = factors.filter(
      (f) =>
        f.scope === 1 &&
        ["kWh", "GJ", "MJ", "toe", "mmBtu"].includes(f.unit) &&
        f.calorificBasis === null,
    );
    // DESNZ bioenergy per kWh or GJ states no calorific basis (documented): none other lacks one
    expect(
      [...new Set(energyFuels.map((f) => `${f.country} ${f.source.slice(0, 9)}`))].sort(),
    ).toEqual(["GB UK DESNZ "]);
  });

  it("folds biogenic CO2 into the factor of its fuel", () => {
    // DESNZ 2024 outside of scopes, wood pellets per tonne 1677.18 -> the wood_pellets GB 2024 t row
    expect(factorRow("wood_pellets", "GB", 2024, "t").biogenicCo2).toBe(1677.18);
    // DESNZ 2025 outside of scopes, UK electricity -> the base file's GB 2025 grid row
    expect(factorRow("electricity_grid", "GB", 2025, "kWh").biogenicCo2).not.toBeNull();
    // MITECO V31 footnote "**" row 41: pellets 2.025 kg CO2/kg -> the base file's ES 2024 row
    expect(factorRow("wood_pellets", "ES", 2024, "kg").biogenicCo2).toBe(2.025);
    // ADEME gives CO2b on the combustion poste itself
    expect(factorRow("natural_gas", "FR", 2015, "GJ", { calorificBasis: "net" }).biogenicCo2).toBe(
      0.0000067,
    );
    for (const row of accounted.filter((a) => a.reason === "biogenic_folded")) {
      expect(byId.get(row.factorId ?? "")?.biogenicCo2, `${row.file} ${row.line}`).not.toBeNull();
    }
    // never a factor of its own
    expect(factors.filter((f) => f.key.endsWith("_biogenic_co2"))).toEqual([]);
  });

  it("loads CO2-only rows with their CO2 as co2e and says so, under keys of their own", () => {
    // EPA Hub 2025 Table 2 row 107, diesel fuel (mobile): 10.21 kg CO2 per gallon, CO2 only
    const diesel = factorRow("diesel_fuel_mobile_co2_only", "US", 2025, "US_gallon");
    expect(diesel).toMatchObject({ co2e: 10.21, co2: 10.21, ch4: null, n2o: null });
    expect(diesel.gasBasis).toMatch(/^CO2 only/);
    // MITECO 'Mix sin GdO' 2013 (BW538): 0.36 kg CO2/kWh, the residual mix of that year
    const mix = factorRow("electricity_residual_mix", "ES", 2013, "kWh");
    expect(mix).toMatchObject({ co2e: 0.36, co2: 0.36, ch4: null, n2o: null });
    expect(mix.gasBasis).toMatch(/^CO2 only/);
    expect(mix.basis).toMatch(/CO2 only$/);
  });

  it("gives variants that only a basis tells apart keys of their own", () => {
    // MITECO V31 B7 diesel for N2/N3 trucks 2023 (W147) against passenger cars (the plain key)
    expect(factorRow("diesel_fuel_n2_n3_trucks", "ES", 2023, "litre").co2e).toBe(2.52);
    expect(factorRow("diesel_fuel", "ES", 2023, "litre").co2e).toBe(2.516);
    // LPG: the plain key is the heating fuel (per volume), the car's row is lpg_m1_cars
    expect(factorRow("lpg", "ES", 2023, "litre").co2e).toBe(1.545);
    expect(factorRow("lpg_m1_cars", "ES", 2023, "litre").co2e).toBe(1.661);
    // ADEME natural gas type B (nord) per normal m3, beside type H (the plain key)
    expect(factorRow("natural_gas_type_b_nord", "FR", 2025, "m3").co2e).toBe(1.81);
    expect(factorRow("natural_gas_type_b_nord_wtt", "FR", 2025, "m3").co2e).toBe(0.336);
    // ADEME heat networks: one key per element; the DPE default for unlisted networks
    expect(factorRow("district_heat_network_36415", "FR", 2021, "kWh").co2e).toBe(0.021);
    expect(factorRow("district_heat", "FR", 2021, "kWh").co2e).toBe(0.385);
    expect(factorRow("district_cooling", "FR", 2021, "kWh").co2e).toBe(0.12);
  });
});

describe("buildLibrary on small tables", () => {
  const header = {
    scope: "1",
    category: "Stationary combustion",
    subcategory: "Test fuel",
    description: "test",
    country: "GB",
    year: "2024",
    activity_unit: "kWh",
    kgco2_per_unit: "",
    kgch4_per_unit: "",
    kgn2o_per_unit: "",
    source: "Test source",
    source_ref: "row",
  };
  const row = (fields: Record<string, string>): Record<string, string> => ({
    ...header,
    key: "fuel",
    kgco2e_per_unit: "1",
    basis: "gross CV",
    ...fields,
  });
  const keys = (built: { factors: readonly EmissionFactor[] }) =>
    built.factors.map((f) => [f.key, f.co2e]);

  it.each([
    [
      "a later row with the same figures and basis is a duplicate",
      [row({}), row({})],
      [["fuel", 1]],
    ],
    [
      "a later row of the same file with another basis is a variant",
      [row({ basis: "gross CV; wet" }), row({ basis: "gross CV; dry", kgco2e_per_unit: "2" })],
      [
        ["fuel", 1],
        ["fuel_dry", 2],
      ],
    ],
    [
      "net and gross rows of one slot are both kept, gross first",
      [row({ basis: "net CV", kgco2e_per_unit: "1.1" }), row({})],
      [
        ["fuel", 1],
        ["fuel", 1.1],
      ],
    ],
  ])("%s", (_why, rows, expected) => {
    expect(keys(buildLibrary([{ file: "extra/test.csv", rows }]))).toEqual(expected);
  });

  it("refuses two files pricing one slot differently: a rule must say which wins", () => {
    expect(() =>
      buildLibrary([
        { file: "a.csv", rows: [row({})] },
        { file: "b.csv", rows: [row({ kgco2e_per_unit: "2" })] },
      ]),
    ).toThrow(/b.csv line 2 .* competes with a.csv line 2/);
  });
});
