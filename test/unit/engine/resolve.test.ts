import { describe, expect, it } from "vitest";
import type { StoredCustomFactor } from "../../../src/core/model/factor.js";
import { resolveFactors } from "../../../src/engine/resolve.js";
import { category, factorRow, index } from "./library.js";

const COMPANY = "0b6f8c5e-9a51-4d2b-8d7e-3f1a2b3c4d5e";

function resolve(
  code: string,
  country: string | null,
  year: number,
  unit: string,
  customFactors: readonly StoredCustomFactor[] = [],
) {
  return resolveFactors({ category: category(code), country, year, unit, customFactors, index });
}

let customCount = 0;
/** A custom factor; `year` is the shorthand for 1 January to 31 December of that year. */
function custom(
  code: string,
  { year, ...fields }: Partial<StoredCustomFactor> & { readonly year?: number } = {},
): StoredCustomFactor {
  customCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(customCount).padStart(12, "0")}`,
    companyId: COMPANY,
    categoryId: category(code).id,
    basis: "location",
    validFrom: year === undefined ? null : `${year}-01-01`,
    validTo: year === undefined ? null : `${year}-12-31`,
    unit: "kWh",
    co2e: 0.1,
    co2: null,
    ch4: null,
    n2o: null,
    source: "supplier disclosure",
    createdAt: "2025-01-01T00:00:00.000Z",
    ...fields,
  };
}

describe("location-based resolution, library steps", () => {
  it.each([
    // GB 2025 has three natural gas rows; kWh picks the first kWh row, gross CV (DESNZ 'Fuels' row 42)
    ["natural_gas", "GB", 2025, "kWh", "country_year", "GB", 2025, "kWh", 0.18296],
    // m3 picks the per-m3 row (DESNZ 'Fuels' row 43), not a kWh row via the calorific value
    ["natural_gas", "GB", 2025, "m3", "country_year", "GB", 2025, "m3", 2.06672],
    // MWh is no row's unit but converts to kWh: the gross CV row comes first in the file
    ["natural_gas", "GB", 2025, "MWh", "country_year", "GB", 2025, "kWh", 0.18296],
    // ft3 is a volume: the per-m3 row (same dimension) beats kWh rows (calorific value)
    ["natural_gas", "GB", 2025, "ft3", "country_year", "GB", 2025, "m3", 2.06672],
    // Spain has only a per-kWh (PCS) natural gas row: m3 converts at 11.2899 kWh/m3. MITECO's
    // rows are AR6 (0.182 as published), restated in the AR5 set from their gases: MITECO V31
    // sheet 10 row 74, 0.182 kg CO2 + 0.016 g CH4 x 28 + 0 g N2O = 0.182448 kg/kWh
    ["natural_gas", "ES", 2024, "m3", "country_year", "ES", 2024, "kWh", 0.182448, 0.182],
    // ES 2025 has no natural gas row: nearest earlier year, MITECO 2024 (0.182448 in AR5, above)
    ["natural_gas", "ES", 2025, "kWh", "country_earlier_year", "ES", 2024, "kWh", 0.182448, 0.182],
    // US: kWh is no row's unit; mmBtu (energy) beats scf (volume) — EPA Hub Table 1
    ["natural_gas", "US", 2025, "kWh", "country_year", "US", 2025, "mmBtu", 53.1145],
    ["natural_gas", "US", 2025, "scf", "country_year", "US", 2025, "scf", 0.05449534],
    // France 2024: ADEME Base Carbone 'Gaz naturel - 2022 - mix moyen - consommation', per kWh
    // PCS (element 37133) = 0.181, the nearest earlier year; its PCI twin (0.201) ranks after it
    ["natural_gas", "FR", 2024, "kWh", "country_earlier_year", "FR", 2022, "kWh", 0.181],
    // no country: the GB 2025 DESNZ row proxies.csv designates for any country
    ["natural_gas", null, 2025, "m3", "proxy", "GB", 2025, "m3", 2.06672],
    // ES 2023 natural gas: MITECO V31 sheet 10 row 10 col W (PCS) = 0.182 (AR6); in AR5 from
    // row 74's gases: 0.182 + 0.000016 x 28 + 0 x 265 = 0.182448
    ["natural_gas", "ES", 2023, "kWh", "country_year", "ES", 2023, "kWh", 0.182448, 0.182],
    // heating oil abroad is a gas-oil-type fuel: DESNZ 2025 'Fuels' row 84, gas oil 2.75541 kg/l
    ["heating_oil", "DE", 2025, "l", "proxy", "GB", 2025, "litre", 2.75541],
    // Portugal: MITECO gasóleo C (ES 2024, 2.898 kg/l AR6) before the any-country designation;
    // in AR5 from sheet 10 row 72's gases: 2.881 + 0.000389 x 28 + 0.000023 x 265 = 2.897987
    ["heating_oil", "PT", 2024, "l", "proxy", "ES", 2024, "litre", 2.897987, 2.898],
    // water and waste where no open national factor exists: DESNZ 2025 (GB) as a labelled proxy
    ["water_supply", "ES", 2025, "m3", "proxy", "GB", 2025, "m3", 0.1913],
    ["water_treatment", "DE", 2025, "m3", "proxy", "GB", 2025, "m3", 0.17088],
    ["waste_landfill_mixed", "DE", 2025, "t", "proxy", "GB", 2025, "t", 520.5327],
    // diesel in US gallons in Spain: converts to the MITECO per-litre row, 2.517 kg/l (AR6); in
    // AR5 from its gases (MITECO V31 sheet 10, gasóleo A): 2.488 + 0.000004 x 28 + 0.000105 x 265
    // = 2.515937
    ["diesel", "ES", 2024, "US_gallon", "country_year", "ES", 2024, "litre", 2.515937, 2.517],
    ["propane", "ES", 2024, "kg", "country_year", "ES", 2024, "kg", 2.966],
    // GB propane in kg: DESNZ 2025 'Fuels' D51, per tonne = 2997.63233 (kg converts to t)
    ["propane", "GB", 2025, "kg", "country_year", "GB", 2025, "t", 2997.63233],
    // Portugal has no propane row: the GB 2025 rows proxies.csv designates for any country (a
    // labelled proxy, no longer a "global default" with a country), the per-tonne one
    ["propane", "PT", 2025, "kg", "proxy", "GB", 2025, "t", 2997.63233],
    // grid electricity: DESNZ 2025 UK electricity 0.177; 2027 falls back to the 2026 set
    ["electricity", "GB", 2025, "kWh", "country_year", "GB", 2025, "kWh", 0.177],
    ["electricity", "GB", 2027, "MWh", "country_earlier_year", "GB", 2026, "kWh", 0.13096],
    // France: ADEME 'Electricité - 2024 - mix moyen - consommation', combustion poste (element
    // 43642) = 0.035; EEA's 0.036 is superseded (library-build.ts SUPERSEDED)
    ["electricity", "FR", 2024, "kWh", "country_year", "FR", 2024, "kWh", 0.035],
    // eGRID 2023 subregion CAMX beats the US average; an unknown subregion uses the US average
    [
      "electricity",
      "US-CAMX",
      2024,
      "kWh",
      "country_earlier_year",
      "US-CAMX",
      2023,
      "kWh",
      0.198741,
    ],
    ["electricity", "US-CAMX", 2023, "kWh", "country_year", "US-CAMX", 2023, "kWh", 0.198741],
    // AKGD: EPA Hub 2025 Table 6 row 339, 899.003 lb CO2 + 0.086 lb CH4 + 0.012 lb N2O per MWh
    [
      "electricity",
      "US-AKGD",
      2023,
      "kWh",
      "country_year",
      "US-AKGD",
      2023,
      "kWh",
      0.41031557557067,
    ],
    // a subregion with no row of its own: the US average, labelled parent_country
    ["electricity", "US-XXXX", 2023, "kWh", "parent_country", "US", 2023, "kWh", 0.351642],
    ["electricity", "US", 2025, "kWh", "country_earlier_year", "US", 2023, "kWh", 0.351642],
    // refrigerant GWPs apply everywhere: AR5 (DESNZ 2025) comes before AR6 in the file
    ["refrigerant_r410a", "ES", 2024, "kg", "global_default", null, 2025, "kg", 1924],
    ["refrigerant_r410a", "GB", 2025, "t", "global_default", null, 2025, "kg", 1924],
    ["flight_long_haul", "JP", 2025, "passenger_mile", "proxy", "GB", 2025, "pkm", 0.15282],
    ["freight_hgv", "DE", 2025, "tkm", "proxy", "GB", 2025, "tkm", 0.10163],
  ])(
    "%s in %s %d (%s): %s %s %d per %s = %d",
    (code, country, year, unit, step, rowCountry, rowYear, rowUnit, co2e, published = co2e) => {
      const { location } = resolve(code, country, year, unit);
      // Heating oil outside GB is proxied by another key: DESNZ gas oil.
      const key =
        code === "heating_oil" && rowCountry === "GB" ? "gas_oil" : category(code).factorKey;
      // The row is found by its published figure (a restated row's differs from co2e).
      const expected = factorRow(key ?? "", rowCountry, rowYear, rowUnit, {
        scope: category(code).scope,
        co2e: published,
      });
      expect(location).toMatchObject({ step, country: rowCountry, year: rowYear, co2e });
      expect(location?.factorId).toBe(expected.id);
      expect(location?.unit).toBe(rowUnit);
    },
  );

  it.each([
    // no grid factor for Japan and none global: electricity is location-specific
    ["electricity", "JP", 2024, "kWh"],
    // GB rows start in 2024: never a later year
    ["electricity", "GB", 2023, "kWh"],
    ["electricity", null, 2025, "kWh"],
    // never a later year, not even a proxy's: ES natural gas starts in 2021 (MITECO V31), and
    // the GB rows designated for any country (DESNZ) in 2024
    ["natural_gas", "ES", 2020, "kWh"],
    // Germany has no water or freight row; the designated DESNZ (GB) rows start in 2024
    ["water_supply", "DE", 2023, "m3"],
    ["freight_hgv", "DE", 2023, "tkm"],
    // heat depends on the network: no proxy, on purpose (France has its own rows: ADEME's DPE
    // default, so Germany, which has none, shows it)
    ["district_heat", "DE", 2025, "kWh"],
    // no row in any step has a unit that km converts to
    ["natural_gas", "GB", 2025, "km"],
    ["electricity", "GB", 2025, "litre"],
    ["natural_gas", "GB", 2025, "gal"],
  ])("%s in %s %d (%s): no factor", (code, country, year, unit) => {
    const resolution = resolve(code, country, year, unit);
    expect(resolution.location).toBeNull();
  });

  it("picks the row of the category's scope when a key has scope 1 and scope 3 rows", () => {
    // car_average_km GB 2025: 0.16725 kg/km as scope 1 (fleet) and as scope 3 (business travel)
    const fleet = resolve("vehicle_distance_average", "GB", 2025, "km").location;
    const travel = resolve("car_business_travel", "GB", 2025, "km").location;
    expect(fleet?.factorId).toBe(factorRow("car_average_km", "GB", 2025, "km", { scope: 1 }).id);
    expect(travel?.factorId).toBe(factorRow("car_average_km", "GB", 2025, "km", { scope: 3 }).id);
    expect(fleet?.co2e).toBe(0.16725);
  });

  it("echoes the question and records the GWP set", () => {
    const resolution = resolve("refrigerant_r32", "ES", 2024, "kg");
    expect(resolution).toMatchObject({
      categoryId: category("refrigerant_r32").id,
      categoryCode: "refrigerant_r32",
      country: "ES",
      year: 2024,
      market: null,
      marketBasis: null,
    });
    expect(resolution.location).toMatchObject({ key: "refrigerant_r32", co2e: 677, gwpSet: "AR5" });
  });
});

describe("location-based resolution, company custom factors", () => {
  it.each<[string, StoredCustomFactor[], number | null, number]>([
    ["a factor for the year", [custom("electricity", { year: 2025, co2e: 0.05 })], 2025, 0.05],
    ["a factor for every year", [custom("electricity", { co2e: 0.06 })], null, 0.06],
    [
      "the year's factor over the every-year one",
      [custom("electricity", { co2e: 0.06 }), custom("electricity", { year: 2025, co2e: 0.05 })],
      2025,
      0.05,
    ],
    [
      "the consumption's unit over a convertible one",
      [
        custom("electricity", { year: 2025, unit: "MWh", co2e: 40 }),
        custom("electricity", { year: 2025, unit: "kWh", co2e: 0.07 }),
      ],
      2025,
      0.07,
    ],
    [
      "the newest of two equal candidates",
      [
        custom("electricity", { year: 2025, co2e: 0.08, createdAt: "2025-03-01T00:00:00.000Z" }),
        custom("electricity", { year: 2025, co2e: 0.09, createdAt: "2025-02-01T00:00:00.000Z" }),
      ],
      2025,
      0.08,
    ],
  ])("uses %s", (_name, customs, year, co2e) => {
    const { location } = resolve("electricity", "GB", 2025, "kWh", customs);
    expect(location).toMatchObject({ step: "company_custom", year, co2e, gwpSet: "AR5" });
    expect(location?.source).toBe("supplier disclosure");
    expect(customs.map((c) => c.id)).toContain(location?.factorId);
  });

  it.each<[string, StoredCustomFactor]>([
    ["another year", custom("electricity", { year: 2024 })],
    ["another category", custom("district_heat", { year: 2025 })],
    ["a unit the consumption cannot convert to", custom("electricity", { unit: "m3" })],
    ["a market-based factor", custom("electricity", { basis: "market" })],
  ])("ignores a custom factor of %s", (_name, factor) => {
    const { location } = resolve("electricity", "GB", 2025, "kWh", [factor]);
    expect(location).toMatchObject({ step: "country_year", co2e: 0.177 });
  });

  it.each<[string, string | undefined, StoredCustomFactor[], number]>([
    // validity 2025-04-01 onwards: not on 31 March, from 1 April
    ["before it starts", "2025-03-31", [custom("electricity", { validFrom: "2025-04-01" })], 0.177],
    ["on its first day", "2025-04-01", [custom("electricity", { validFrom: "2025-04-01" })], 0.1],
    ["on its last day", "2025-06-30", [custom("electricity", { validTo: "2025-06-30" })], 0.1],
    ["after it ends", "2025-07-01", [custom("electricity", { validTo: "2025-06-30" })], 0.177],
    // without a day: valid on some day of the year
    ["a year it touches", undefined, [custom("electricity", { validFrom: "2025-12-31" })], 0.1],
    ["a year it misses", undefined, [custom("electricity", { validTo: "2024-12-31" })], 0.177],
    [
      "the later start of two (a new disclosure over the open contract figure)",
      "2025-05-01",
      [
        custom("electricity", { validFrom: "2025-04-01", co2e: 0.05 }),
        custom("electricity", { validFrom: "2024-01-01", co2e: 0.06, createdAt: "2026-01-01" }),
      ],
      0.05,
    ],
    [
      "the earlier end of two that start together (an audited quarter in a year)",
      "2025-05-01",
      [
        custom("electricity", { year: 2025, co2e: 0.05 }),
        custom("electricity", { validFrom: "2025-01-01", validTo: "2025-06-30", co2e: 0.04 }),
      ],
      0.04,
    ],
  ])("on a day %s: %s", (_name, day, customs, co2e) => {
    const resolution = resolveFactors({
      category: category("electricity"),
      country: "GB",
      year: 2025,
      ...(day === undefined ? {} : { day }),
      unit: "kWh",
      customFactors: customs,
      index,
    });
    // 0.177: DESNZ 2025 UK electricity (country_year); 0.1: the custom factor's default value
    expect(resolution.location?.co2e).toBe(co2e);
  });

  it("gives a custom factor the year of a validity within one year, else none", () => {
    const dated = custom("electricity", { validFrom: "2025-04-01", validTo: "2025-09-30" });
    const open = custom("electricity", { validFrom: "2025-04-01" });
    expect(resolve("electricity", "GB", 2025, "kWh", [dated]).location?.year).toBe(2025);
    expect(resolve("electricity", "GB", 2025, "kWh", [open]).location?.year).toBeNull();
  });

  it("gives a category without a library factor a custom one", () => {
    const factor = custom("electricity", { unit: "pallet", co2e: 3 });
    const { location } = resolve("electricity", "JP", 2024, "pallet", [factor]);
    expect(location).toMatchObject({ step: "company_custom", factorId: factor.id, unit: "pallet" });
  });
});

describe("market-based resolution (scope 2)", () => {
  it.each([
    // two ES 2024 residual mixes: MITECO "mix sin GdO" 0.283 comes before AIB 0.2922 in the file
    ["ES", 2024, "residual_mix", "country_year", 0.283, "MITECO"],
    ["ES", 2025, "residual_mix", "country_year", 0.23828, "AIB"],
    ["ES", 2026, "residual_mix", "country_earlier_year", 0.23828, "AIB"],
    ["DE", 2024, "residual_mix", "country_year", 0.72456, "AIB"],
    // no residual mix for GB (DESNZ publishes none) or AT (AIB: full disclosure): location factor
    ["GB", 2025, "location_fallback", "country_year", 0.177, "UK DESNZ"],
    ["AT", 2024, "location_fallback", "country_year", 0.053, "EEA"],
    ["US-CAMX", 2024, "location_fallback", "country_earlier_year", 0.198741, "US EPA"],
  ])("electricity in %s %d: %s %s %d (%s)", (country, year, basis, step, co2e, source) => {
    const resolution = resolve("electricity", country, year, "kWh");
    expect(resolution.marketBasis).toBe(basis);
    expect(resolution.market).toMatchObject({ step, co2e });
    expect(resolution.market?.source).toMatch(new RegExp(`^${source}`));
    if (basis === "location_fallback") expect(resolution.market).toEqual(resolution.location);
  });

  it("uses the location-based EEA figure beside the Spanish residual mix", () => {
    // EEA 2024 Spain 125 g/kWh, direct emissions of generation
    expect(resolve("electricity", "ES", 2024, "kWh").location).toMatchObject({ co2e: 0.125 });
  });

  it("prefers the company's market factor (a supplier's disclosed mix)", () => {
    const factor = custom("electricity", { basis: "market", year: 2024, co2e: 0 });
    const resolution = resolve("electricity", "ES", 2024, "kWh", [factor]);
    expect(resolution.marketBasis).toBe("company_custom");
    expect(resolution.market).toMatchObject({
      step: "company_custom",
      factorId: factor.id,
      co2e: 0,
    });
    expect(resolution.location).toMatchObject({ step: "country_year", co2e: 0.125 });
  });

  it("falls back to the location factor for heat, which has no residual mix key", () => {
    const resolution = resolve("district_heat", "GB", 2025, "kWh");
    expect(resolution.marketBasis).toBe("location_fallback");
    expect(resolution.market).toMatchObject({ co2e: 0.17529 });
  });

  it("has neither figure where there is no factor at all", () => {
    const resolution = resolve("electricity", "JP", 2024, "kWh");
    expect(resolution).toMatchObject({ location: null, market: null, marketBasis: null });
  });

  it("leaves market-based figures out of other scopes", () => {
    const customMarket = custom("natural_gas", { basis: "market" });
    const resolution = resolve("natural_gas", "GB", 2025, "kWh", [customMarket]);
    expect(resolution).toMatchObject({ market: null, marketBasis: null });
  });
});
