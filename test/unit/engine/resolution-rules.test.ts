/**
 * The rules of how a factor is chosen and what the choice says, worked by hand from cited rows:
 * the calorific basis of an energy quantity, a bill's own kWh per m3, market- and location-based
 * resolved apart, labelled fallbacks and proxies, and the database's GWP set.
 */
import { describe, expect, it } from "vitest";
import type {
  DatabaseGwpSet,
  EmissionFactor,
  ProxyPolicy,
} from "../../../src/core/model/factor.js";
import { calculateEmission } from "../../../src/engine/emission.js";
import { createFactorIndex, type FactorIndex } from "../../../src/engine/factor-index.js";
import { factorsFromCsvRows } from "../../../src/engine/library-rows.js";
import { resolveFactors } from "../../../src/engine/resolve.js";
import { calorificRatio } from "../../../src/engine/resolve-rank.js";
import { calorificBasisOfUnit, findUnit } from "../../../src/engine/units.js";
import { category, factorRow, factors, index, proxies, readCsv } from "./library.js";

interface Options {
  readonly gwpSet?: DatabaseGwpSet;
  readonly proxies?: ProxyPolicy;
  readonly kwhPerM3?: number;
  readonly index?: FactorIndex;
}

function emission(
  code: string,
  country: string | null,
  year: number,
  quantity: number,
  unit: string,
  options: Options = {},
) {
  const cat = category(code);
  const resolveUnit =
    options.kwhPerM3 !== undefined && findUnit(unit)?.dimension === "volume" ? "kWh" : unit;
  const resolution = resolveFactors({
    category: cat,
    country,
    year,
    unit: resolveUnit,
    customFactors: [],
    index: options.index ?? index,
    ...(options.gwpSet === undefined ? {} : { gwpSet: options.gwpSet }),
    ...(options.proxies === undefined ? {} : { proxies: options.proxies }),
  });
  const values = calculateEmission({
    quantity,
    unit,
    category: cat,
    resolution,
    kwhPerM3: options.kwhPerM3 ?? null,
  });
  return { resolution, values };
}

/** Rows of a file of fixtures/factors/extra/ (the library engineer loads them; here read as published). */
function extraRows(file: string, keep: (row: Record<string, string>) => boolean): EmissionFactor[] {
  return factorsFromCsvRows(readCsv(`extra/${file}`).filter(keep)).map((row, i) => ({
    ...row,
    priority: factors.length + i,
  }));
}

describe("the heating value of an energy quantity", () => {
  it.each([
    ["kWh", "gross"],
    ["MWh", "gross"],
    ["kWh_gcv", "gross"],
    ["kWh_ncv", "net"],
    ["MWh_NCV", "net"],
    ["GJ_ncv", "net"],
    ["kWh (Net CV)", "net"],
    ["kWh (Gross CV)", "gross"],
    ["kWh PCS", "gross"],
    ["kWh PCI", "net"],
    ["mmBtu_hhv", "gross"],
    ["kWh_lhv", "net"],
    ["m3_natural_gas_ncv", "net"],
    ["m3_natural_gas_gcv", "gross"],
    ["m3", null],
    ["l", null],
  ])("%j is on %s CV", (unit, basis) => {
    expect(calorificBasisOfUnit(unit)).toBe(basis);
    expect(findUnit(unit)).toBeDefined();
  });

  it.each(["m3_ncv", "l_pci", "ncv", "kWh_xcv"])("%j is no unit", (unit) => {
    expect(findUnit(unit)).toBeUndefined();
  });
});

describe("calorific basis through conversion and resolution", () => {
  it("prices net-CV gas with the net-CV factor, not the gross one (was -9.7%)", () => {
    // 1,000 m3_natural_gas_ncv = 1,000 × 10.1909694444 (units.csv, DESNZ 2025 net CV) = 10,190.9694444 kWh net CV
    // × 0.2027 kg/kWh (DESNZ 2025 'Fuels' row 41, natural gas per kWh net CV) = 2,065.70950638 kg.
    // Before: the same kWh × 0.18296 (row 42, gross CV) = 1,864.53976955 kg, -9.74%.
    // Check: 1,000 m3 × 11.2899322222 kWh gross × 0.18296 = 2,065.60599937 kg (within 0.005%).
    const { values, resolution } = emission("natural_gas", "GB", 2025, 1000, "m3_natural_gas_ncv");
    expect(resolution.location?.factorId).toBe(
      factorRow("natural_gas", "GB", 2025, "kWh", { co2e: 0.2027 }).id,
    );
    expect(resolution.location).toMatchObject({ calorificBasis: "net", calorificRatio: null });
    expect(values.co2e).toBeCloseTo(2065.70950638, 6);
    expect(values.convertedQuantity).toBeCloseTo(10190.9694444, 6);
  });

  it.each([
    // plain kWh is gross CV: DESNZ 2025 row 42, 10,000 × 0.18296 = 1,829.6 kg
    ["kWh", 10000, 0.18296, 1829.6],
    // kWh_ncv: row 41, 10,000 × 0.2027 = 2,027 kg
    ["kWh_ncv", 10000, 0.2027, 2027],
    // MWh_ncv: a unit of the same dimension on the same heating value beats the gross kWh row
    ["MWh_ncv", 10, 0.2027, 2027],
    ["kWh (Net CV)", 10000, 0.2027, 2027],
    ["kWh PCS", 10000, 0.18296, 1829.6],
  ])("GB 2025 natural gas in %s: %d × %d = %d kg", (unit, quantity, factor, co2e) => {
    const { values } = emission("natural_gas", "GB", 2025, quantity, unit);
    expect(values.factorValue).toBe(factor);
    expect(values.co2e).toBeCloseTo(co2e, 9);
  });

  it("converts net CV to the gross-CV Spanish factor with the cited ratio", () => {
    // ES 2024 has one natural gas row, per kWh PCS (gross): MITECO V31 '10. Factores' row 10, 0.182
    // (AR6), in the database's AR5 set from row 74's gases: 0.182 + 0.000016 × 28 + 0 = 0.182448.
    // 1,000 kWh_ncv × (11.2899322222 / 10.1909694444 = 1.10783692207, units.csv: DESNZ 2025
    // Fuel properties gross/net CV) = 1,107.83692207 kWh gross × 0.182448 = 202.122630758 kg.
    const { values, resolution } = emission("natural_gas", "ES", 2024, 1000, "kWh_ncv");
    expect(resolution.location).toMatchObject({ calorificBasis: "gross", co2e: 0.182448 });
    expect(resolution.location?.calorificRatio).toBeCloseTo(1.10783692207, 10);
    expect(resolution.location?.calorificRatioSource).toMatch(/units\.csv m3_natural_gas_gcv/);
    expect(values.convertedQuantity).toBeCloseTo(1107.83692207, 7);
    expect(values.co2e).toBeCloseTo(202.122630758, 8);
  });

  it("reads another fuel's gross/net ratio from the key's own DESNZ rows", () => {
    // DESNZ 2025 LPG per kWh net CV 0.23032 (extra/desnz-2025-additions.csv, 'Fuels' D37) and per
    // kWh gross CV 0.2145 (base file, 'Fuels' row 38), both in the library since the open sources
    // release: kWh gross per kWh net = 0.23032 / 0.2145 = 1.07375291375 (the latest year with both)
    const input = { category: category("lpg"), unit: "kWh_ncv", index };
    expect(calorificRatio(input, "lpg", "net", "gross")?.ratio).toBeCloseTo(1.07375291375, 10);
    expect(calorificRatio(input, "lpg", "gross", "net")?.ratio).toBeCloseTo(1 / 1.07375291375, 10);
    // Without a net row there is no ratio: never an invented one. The shipped library has LPG's
    // net rows now, so the same library without them shows it...
    const withoutNet = createFactorIndex(
      factors.filter((row) => !(row.key === "lpg" && row.calorificBasis === "net")),
      proxies,
    );
    expect(calorificRatio({ ...input, index: withoutNet }, "lpg", "net", "gross")).toBeUndefined();
    // ...and so does a shipped fuel with gross rows only: EPA Hub 2025 kerosene per mmBtu (HHV)
    expect(factorRow("kerosene", "US", 2025, "mmBtu").calorificBasis).toBe("gross");
    expect(calorificRatio(input, "kerosene", "net", "gross")).toBeUndefined();
    // And the net row itself prices kWh_ncv: 1,000 × 0.23032 = 230.32 kg
    const { values } = emission("lpg", "GB", 2025, 1000, "kWh_ncv");
    expect(values.co2e).toBeCloseTo(230.32, 9);
  });
});

describe("a bill's own kWh per m3", () => {
  it("prices a Spanish bill in m3 with the kWh per m3 it prints", () => {
    // 250 m3 × 11.63 kWh/m3 (the bill's factor de conversión, PCS) = 2,907.5 kWh × 0.182448
    // (MITECO 2024 PCS, 0.182 kg CO2 + 0.000016 kg CH4 × 28 in AR5) = 530.46756 kg; at the DESNZ
    // gross CV instead: 250 × 11.2899322222 × 0.182448 = 514.956388519 kg
    const billed = emission("natural_gas", "ES", 2024, 250, "m3", { kwhPerM3: 11.63 });
    expect(billed.values.convertedQuantity).toBeCloseTo(2907.5, 9);
    expect(billed.values.co2e).toBeCloseTo(530.46756, 9);
    expect(emission("natural_gas", "ES", 2024, 250, "m3").values.co2e).toBeCloseTo(
      514.956388519,
      6,
    );
  });

  it("prices a British bill's kWh with the per-kWh row, not the per-m3 one", () => {
    // 100 m3 × 10.8 kWh/m3 = 1,080 kWh × 0.18296 (DESNZ 2025 row 42) = 197.5968 kg
    const { values } = emission("natural_gas", "GB", 2025, 100, "m3", { kwhPerM3: 10.8 });
    expect(values).toMatchObject({ factorUnit: "kWh", factorValue: 0.18296 });
    expect(values.co2e).toBeCloseTo(197.5968, 9);
  });
});

describe("market- and location-based resolved apart (scope 2)", () => {
  it.each([
    // no EEA row for ES before 2023; MITECO "Mix sin GdO" 2021 (cell Z538) 0.259 and 2022 (T538) 0.273
    [2021, 1000, 259],
    [2022, 2000, 546],
  ])("ES %d: location awaits a factor, %d kWh market-based = %d kg", (year, kwh, market) => {
    const { values } = emission("electricity", "ES", year, kwh, "kWh");
    expect(values).toMatchObject({
      status: "awaiting_factor",
      co2e: null,
      factorId: null,
      marketStatus: "calculated",
      marketBasis: "residual_mix",
      marketResolution: "country_year",
      marketGeography: "ES",
      marketFactorYear: year,
    });
    expect(values.co2eMarketBased).toBeCloseTo(market, 9);
  });

  it("says which basis awaits a factor when neither has one", () => {
    const { values } = emission("electricity", "JP", 2024, 1000, "kWh");
    expect(values).toMatchObject({ status: "awaiting_factor", marketStatus: "awaiting_factor" });
    expect(values.co2eMarketBased).toBeNull();
  });

  it("keeps the market status off other scopes", () => {
    const { values } = emission("natural_gas", "GB", 2025, 1000, "kWh");
    expect(values.marketStatus).toBeNull();
  });
});

describe("labelled fallbacks", () => {
  it("labels NL 2025's reuse of the 2023 residual mix (AIB prints none for 2024 and 2025)", () => {
    // location: EEA NL 2024 0.245 (earlier year); market: AIB NL 2023 0.37989 (earlier year)
    // 1,000 kWh × 0.245 = 245 kg; × 0.37989 = 379.89 kg
    const { values } = emission("electricity", "NL", 2025, 1000, "kWh");
    expect(values).toMatchObject({
      resolution: "country_earlier_year",
      factorYear: 2024,
      geography: "NL",
      marketBasis: "residual_mix",
      marketResolution: "country_earlier_year",
      marketFactorYear: 2023,
      marketGeography: "NL",
    });
    expect(values.co2e).toBeCloseTo(245, 9);
    expect(values.co2eMarketBased).toBeCloseTo(379.89, 9);
  });

  it("labels the US average standing in for a region the library lacks", () => {
    // The library has all 27 eGRID2023 subregions now (US-AKGD has its own row), so the region
    // is one it lacks: US-CA, the ISO 3166-2 code of California, which is no eGRID subregion.
    // eGRID2023 US average 0.351642 kg/kWh (EPA Hub 2025 Table 6); 1,000 kWh = 351.642 kg
    const { values } = emission("electricity", "US-CA", 2024, 1000, "kWh");
    expect(values).toMatchObject({
      resolution: "parent_country",
      geography: "US",
      factorYear: 2023,
    });
    expect(values.co2e).toBeCloseTo(351.642, 9);
  });

  it("labels a proxy with its geography and reason, and refuses it under the policy", () => {
    // 100 m3 of water in ES × 0.1913 kg/m3 (DESNZ 2025 'Water supply' row 18, GB) = 19.13 kg
    const allowed = emission("water_supply", "ES", 2025, 100, "m3");
    expect(allowed.values).toMatchObject({ resolution: "proxy", geography: "GB" });
    expect(allowed.values.co2e).toBeCloseTo(19.13, 9);
    expect(allowed.resolution.location?.proxyReason).toMatch(/^DESNZ water supply \(GB\)/);
    const refused = emission("water_supply", "ES", 2025, 100, "m3", { proxies: "refuse" });
    expect(refused.values).toMatchObject({ status: "awaiting_factor", co2e: null });
    expect(refused.resolution.refusedProxy).toMatchObject({ step: "proxy", country: "GB" });
  });

  it("leaves a national factor alone under the refusing policy", () => {
    // MITECO 2024 natural gas in AR5: 1,000 kWh × (0.182 + 0.000016 × 28) = 182.448 kg
    const { values } = emission("natural_gas", "ES", 2024, 1000, "kWh", { proxies: "refuse" });
    expect(values).toMatchObject({ resolution: "country_year", geography: "ES" });
    expect(values.co2e).toBeCloseTo(182.448, 9);
  });
});

describe("the database's GWP set", () => {
  const ar6Gases = extraRows(
    "gwp-ar6.csv",
    (row) => row.key === "ghg_ch4" || row.key === "ghg_n2o",
  );

  it("reads AR6 CH4 27.9 (not fossil 29.8) and N2O 273 from gwp-ar6.csv", () => {
    expect(ar6Gases.map((row) => [row.key, row.co2e, row.gwpSet])).toEqual([
      ["ghg_ch4", 27.9, "AR6"],
      ["ghg_n2o", 273, "AR6"],
    ]);
    // The shipped library loads them (and AR5's 28 and 265 from gwp-ar5.csv)
    expect(index.gwpOf("AR6")).toMatchObject({ ch4: 27.9, n2o: 273 });
    expect(index.gwpOf("AR5")).toMatchObject({ ch4: 28, n2o: 265 });
  });

  it("restates a MITECO (AR6) natural gas row in an AR5 database", () => {
    // MITECO V31 natural gas 2024 (row 74): CO2 0.182 kg, CH4 0.016 g, N2O 0 g per kWh PCS, published
    // on AR6 (the library labels it so). In AR5: 0.182 + 0.000016 × 28 + 0 × 265 = 0.182448 kg/kWh;
    // 10,000 kWh = 1,824.48 kg
    expect(factorRow("natural_gas", "ES", 2024, "kWh").gwpSet).toBe("AR6");
    const { values, resolution } = emission("natural_gas", "ES", 2024, 10000, "kWh", {
      gwpSet: "AR5",
    });
    expect(resolution.location).toMatchObject({ gwpSet: "AR5", convertedFromGwpSet: "AR6" });
    expect(values.factorValue).toBeCloseTo(0.182448, 12);
    expect(values.co2e).toBeCloseTo(1824.48, 8);
    expect(values.gwpSet).toBe("AR5");
  });

  it("restates a DESNZ (AR5) natural gas row in an AR6 database", () => {
    // DESNZ 2025 'Fuels' row 42: CO2 0.18259, CH4 0.00001, N2O 0.0000003396 kg per kWh gross CV.
    // AR6: 0.18259 + 0.00001 × 27.9 + 0.0000003396 × 273 = 0.1829617108; 10,000 kWh = 1,829.617108 kg
    const { values } = emission("natural_gas", "GB", 2025, 10000, "kWh", { gwpSet: "AR6" });
    expect(values.factorValue).toBeCloseTo(0.1829617108, 12);
    expect(values.co2e).toBeCloseTo(1829.617108, 8);
    expect(values.gwpSet).toBe("AR6");
  });

  it("keeps a factor without a gas split at its published total and set", () => {
    // DESNZ 2025 water supply 0.1913 kg/m3 gives no gases: 100 m3 = 19.13 kg, still AR5
    const { values, resolution } = emission("water_supply", "GB", 2025, 100, "m3", {
      gwpSet: "AR6",
    });
    expect(values).toMatchObject({ gwpSet: "AR5", factorValue: 0.1913 });
    expect(resolution.location?.convertedFromGwpSet).toBeNull();
  });

  it.each([
    // R-410A: AR5 1924 (DESNZ 2025 'Refrigerant & other' row 76), AR6 2256 (AR6 Table 7.SM.7 via MITECO)
    ["AR5", 1924, 2.5 * 1924],
    ["AR6", 2256, 2.5 * 2256],
  ] as const)("prices a refrigerant with the %s row", (gwpSet, factor, co2e) => {
    const { values } = emission("refrigerant_r410a", "ES", 2025, 2.5, "kg", { gwpSet });
    expect(values).toMatchObject({ gwpSet, factorValue: factor, co2e });
  });

  it("converts nothing when the library lacks the set's GWP rows", () => {
    // The shipped library has AR6's gas rows now (extra/gwp-ar6.csv): without them, DESNZ 2025
    // natural gas stays at its published AR5 0.18296 kg/kWh in an AR6 database
    const withoutAr6 = createFactorIndex(
      factors.filter((row) => !(row.key.startsWith("ghg_") && row.gwpSet === "AR6")),
      proxies,
    );
    expect(withoutAr6.gwpOf("AR6")).toBeUndefined();
    const { values } = emission("natural_gas", "GB", 2025, 10000, "kWh", {
      gwpSet: "AR6",
      index: withoutAr6,
    });
    expect(values).toMatchObject({ gwpSet: "AR5", factorValue: 0.18296 });
  });
});
