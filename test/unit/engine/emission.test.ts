import { describe, expect, it } from "vitest";
import type { StoredCustomFactor } from "../../../src/core/model/factor.js";
import { calculateEmission } from "../../../src/engine/emission.js";
import { resolveFactors } from "../../../src/engine/resolve.js";
import { category, emission, index } from "./library.js";

describe("calculateEmission", () => {
  it.each([
    // 1,000 kWh × 0.177 kg/kWh (DESNZ 2025 UK electricity, GB 2025) = 177 kg;
    // CO2 1,000 × 0.17489 = 174.89; CH4 1,000 × 0.00003214 = 0.03214; N2O 1,000 × 0.000004604 = 0.004604
    ["electricity", "GB", 2025, 1000, "kWh", 177, 174.89, 0.03214, 0.004604],
    // 1,000 m3 × 2.06672 kg/m3 (DESNZ 2025 natural gas per m3) = 2,066.72 kg;
    // CO2 × 2.0627 = 2,062.7; CH4 × 0.0001096 = 0.1096; N2O × 0.000003585 = 0.003585
    ["natural_gas", "GB", 2025, 1000, "m3", 2066.72, 2062.7, 0.1096, 0.003585],
    // 10,000 kWh × 0.18296 kg/kWh (DESNZ 2025 natural gas, gross CV) = 1,829.6 kg;
    // CO2 × 0.18259 = 1,825.9; CH4 × 0.00001 = 0.1; N2O × 0.0000003396 = 0.003396
    ["natural_gas", "GB", 2025, 10000, "kWh", 1829.6, 1825.9, 0.1, 0.003396],
    // 100 m3 × 11.2899322222 kWh/m3 = 1,128.99322222 kWh × 0.182448 kg/kWh (MITECO V31 2024, ES,
    // published AR6, restated in AR5 from its gases: 0.182 kg CO2 + 0.000016 kg CH4 × 28 + 0 N2O)
    // = 205.982555408 kg; CO2 × 0.182 = 205.476766444; CH4 × 0.000016 = 0.0180638916;
    // N2O × 0 = 0 (MITECO prints 0); check: 205.476766444 + 0.0180638916 × 28 = 205.982555408
    ["natural_gas", "ES", 2024, 100, "m3", 205.982555408, 205.476766444, 0.0180638916, 0],
    // 500 kg = 0.5 t × 55.19389 kg/t (DESNZ 2025 wood pellets, CH4/N2O only, no per-gas split) = 27.596945 kg
    ["wood_pellets", "GB", 2025, 500, "kg", 27.596945, null, null, null],
    // 2.5 kg R-410A × 1924 (AR5 GWP-100, DESNZ 2025) = 4,810 kg
    ["refrigerant_r410a", "FR", 2025, 2.5, "kg", 4810, null, null, null],
    // 1,000 passenger miles × 1.609344 = 1,609.344 pkm × 0.15282 kg/pkm (DESNZ 2025 long-haul with RF,
    // the global default for Japan) = 245.93995008 kg; CO2 × 0.15152 = 243.84780288;
    // CH4 × 0.0000003571 = 0.00057469674; N2O × 0.000004868 = 0.00783428659
    [
      "flight_long_haul",
      "JP",
      2025,
      1000,
      "passenger_mile",
      245.93995008,
      243.84780288,
      0.00057469674,
      0.00783428659,
    ],
  ])(
    "%s in %s %d: %d %s -> %d kg CO2e",
    (code, country, year, quantity, unit, co2e, co2, ch4, n2o) => {
      const values = emission(code, country, year, quantity, unit);
      expect(values.status).toBe("calculated");
      expect(values.co2e).toBeCloseTo(co2e, 8);
      for (const [gas, expected] of [
        ["co2", co2],
        ["ch4", ch4],
        ["n2o", n2o],
      ] as const) {
        if (expected === null) expect(values[gas], gas).toBeNull();
        else expect(values[gas], gas).toBeCloseTo(expected, 9);
      }
    },
  );

  it("records what it multiplied and where the factor came from", () => {
    // 100 m3 -> 1,128.99322222 kWh × 0.182448 (MITECO 2024): MITECO states AR6 GWPs (V29 change
    // log), so its 0.182 is restated in the database's set (AR5 by default) from its gases:
    // 0.182 + 0.000016 × 28 + 0 × 265 = 0.182448, and the emission says AR5
    const values = emission("natural_gas", "ES", 2024, 100, "m3");
    expect(values).toMatchObject({
      factorUnit: "kWh",
      factorValue: 0.182448,
      factorYear: 2024,
      factorSource: "MITECO Calculadora de huella de carbono V31 (2025-05-19)",
      resolution: "country_year",
      gwpSet: "AR5",
      co2eMarketBased: null,
      marketFactorId: null,
      marketBasis: null,
    });
    expect(values.convertedQuantity).toBeCloseTo(1128.99322222, 8);
  });

  it.each([
    // 1,000 kWh × 0.125 (EEA 2024 ES) = 125; market 1,000 × 0.283 (MITECO mix sin GdO 2024) = 283
    ["ES", 2024, 1000, "kWh", 125, 283, "residual_mix"],
    // 2.5 MWh = 2,500 kWh × 0.291 (EEA 2024 DE) = 727.5; market 2,500 × 0.72456 (AIB 2024 DE) = 1,811.4
    ["DE", 2024, 2.5, "MWh", 727.5, 1811.4, "residual_mix"],
    // 1,000 kWh × 0.177 (DESNZ 2025); no UK residual mix: market = location = 177
    ["GB", 2025, 1000, "kWh", 177, 177, "location_fallback"],
  ])(
    "scope 2 electricity in %s %d: %d %s -> %d kg, market %d kg (%s)",
    (country, year, quantity, unit, co2e, market, basis) => {
      const values = emission("electricity", country, year, quantity, unit);
      expect(values.co2e).toBeCloseTo(co2e, 9);
      expect(values.co2eMarketBased).toBeCloseTo(market, 9);
      expect(values.marketBasis).toBe(basis);
      expect(values.marketFactorId).not.toBeNull();
    },
  );

  it("converts into the unit of a custom market factor", () => {
    const supplier: StoredCustomFactor = {
      id: "5a0c8f7e-2b1d-4c3e-9f8a-7b6c5d4e3f2a",
      companyId: "0b6f8c5e-9a51-4d2b-8d7e-3f1a2b3c4d5e",
      categoryId: category("electricity").id,
      basis: "market",
      validFrom: "2024-01-01",
      validTo: "2024-12-31",
      unit: "MWh",
      co2e: 50,
      co2: null,
      ch4: null,
      n2o: null,
      source: "supplier fuel mix disclosure 2024",
      createdAt: "2025-01-01T00:00:00.000Z",
    };
    // 2,000 kWh = 2 MWh × 50 kg/MWh = 100 kg market-based; location 2,000 × 0.125 (EEA 2024 ES) = 250
    const values = emission("electricity", "ES", 2024, 2000, "kWh", [supplier]);
    expect(values).toMatchObject({
      co2e: 250,
      co2eMarketBased: 100,
      marketFactorId: supplier.id,
      marketBasis: "company_custom",
    });
  });

  it.each([
    // scope 2: the market basis awaits a factor too, and says so
    ["no grid factor for Japan", "electricity", "JP", 2024, 1000, "kWh", "awaiting_factor"],
  ])(
    "is awaiting_factor with every figure null: %s",
    (_why, code, country, year, quantity, unit, marketStatus) => {
      expect(emission(code, country, year, quantity, unit)).toEqual({
        marketStatus,
        geography: null,
        marketResolution: null,
        marketGeography: null,
        marketFactorYear: null,
        marketGwpSet: null,
        status: "awaiting_factor",
        co2e: null,
        co2: null,
        ch4: null,
        n2o: null,
        co2eMarketBased: null,
        factorId: null,
        factorSource: null,
        factorYear: null,
        convertedQuantity: null,
        factorUnit: null,
        factorValue: null,
        resolution: null,
        gwpSet: null,
        marketFactorId: null,
        marketBasis: null,
      });
    },
  );

  it("is awaiting_factor when the resolved factor's unit does not fit the quantity", () => {
    const cat = category("electricity");
    const resolution = resolveFactors({
      category: cat,
      country: "GB",
      year: 2025,
      unit: "kWh",
      customFactors: [],
      index,
    });
    const values = calculateEmission({ quantity: 5, unit: "km", category: cat, resolution });
    expect(values.status).toBe("awaiting_factor");
    expect(values.co2e).toBeNull();
  });

  it("keeps a zero quantity a calculated zero, not awaiting", () => {
    expect(emission("electricity", "GB", 2025, 0, "kWh")).toMatchObject({
      status: "calculated",
      co2e: 0,
    });
  });
});
