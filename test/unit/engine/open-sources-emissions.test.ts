/**
 * Emissions of each new kind of factor the open sources release makes selectable, worked out by
 * hand from the cited rows (fixtures/factors/extra/*.csv, column source_ref), through the real
 * resolver and calculation and the real category tree (categories.csv and the generated ones).
 */
import { describe, expect, it } from "vitest";
import { emission } from "./library.js";

describe("new kinds of factor, by hand", () => {
  it.each([
    // 3 room-nights in Spain × 7 kg (DESNZ 2025 'Hotel stay' D73, Spain) = 21 kg
    ["hotel_stay", "ES", 2025, 3, "room_night", 21, "UK DESNZ GHG Conversion Factors 2025"],
    // 2 nights in London × 11.5 (DESNZ 2025 'Hotel stay', UK (London)) = 23 kg
    ["hotel_stay_london", "GB", 2025, 2, "room_night", 23, "UK DESNZ GHG Conversion Factors 2025"],
    // 100 vehicle-miles × 0.2985697 kg (EPA Hub 2025 Table 10 row 504: 0.297 kg CO2 + 28 ×
    // 0.0000059 + 265 × 0.0000053) = 29.85697 kg
    ["car_us", "US", 2025, 100, "vehicle_mile", 29.85697, "US EPA GHG Emission Factors Hub 2025"],
    // 250 vehicle-miles, light-duty truck × 0.3966372 (EPA Hub 2025 Table 10 row 505) = 99.1593 kg
    ["light_duty_truck_us", "US", 2025, 250, "vehicle_mile", 99.1593, "US EPA GHG"],
    // 20 short ton-miles by US truck × 0.1874758 (EPA Hub 2025 Table 8 row 425) = 3.749516 kg
    ["freight_us_truck", "US", 2025, 20, "short_ton_mile", 3.749516, "US EPA GHG"],
    // France, 100 m3 of tap water × 0.132 kg (ADEME element 24283 'Eau de reseau') = 13.2 kg
    ["water_supply", "FR", 2025, 100, "m3", 13.2, "ADEME Base Carbone V23.6"],
    // France, 1,000 l of fioul domestique × 2.68 kg (ADEME element 14087) = 2,680 kg
    ["heating_oil", "FR", 2025, 1000, "l", 2680, "ADEME Base Carbone V23.6"],
    // Spain 2023, 100 l of gasóleo C × 2.897987 kg: MITECO V31 sheet 10 row 8 col W publishes
    // 2.898 in AR6; restated in AR5 from row 72's gases, 2.881 kg CO2 + 0.000389 kg CH4 × 28 +
    // 0.000023 kg N2O × 265 = 2.897987 kg/l; 100 l = 289.7987 kg
    ["heating_oil", "ES", 2023, 100, "l", 289.7987, "MITECO"],
    // GB 2024, 100 m3 of water × 0.15311 kg (DESNZ 2024 flat file ID 17_404_4005_1, row 3944)
    ["water_supply", "GB", 2024, 100, "m3", 15.311, "UK DESNZ GHG Conversion Factors 2024"],
    // GB 2024, 2 t of C&I waste to landfill × 520.3342 (DESNZ 2024 ID 20_507_5313_15) = 1,040.6684
    ["waste_landfill_mixed", "GB", 2024, 2, "t", 1040.6684, "UK DESNZ GHG Conversion Factors 2024"],
    // US 2024, $10,000 of cotton (2022 USD) × 0.74 kg/USD (USEEIO v1.3.0 NAICS 111920, with
    // margins 0.703 + 0.037; the 2022 factor is the latest before 2024) = 7,400 kg
    ["spend_us_naics_111920", "US", 2024, 10_000, "usd_2022", 7400, "US EPA Supply Chain"],
    // France 2023, 12 k€ (2023, excl. VAT) of metal products × 990 kg/k€ (ADEME element 43430)
    ["spend_fr_produits_metallurgiques", "FR", 2023, 12, "keur_2023", 11_880, "ADEME"],
    // GB, 40 kg of propane = 0.04 t × 2,997.63233 (DESNZ 2025 'Fuels' D51, per tonne) = 119.9052932
    ["propane", "GB", 2025, 40, "kg", 119.9052932, "UK DESNZ GHG Conversion Factors 2025"],
    // France, a Plougastel-Daoulas heat network bill: 1,000 kWh × 0.021 (ADEME element 36415, DPE
    // 2021, the latest value) = 21 kg
    ["district_heat_network_36415", "FR", 2025, 1000, "kWh", 21, "ADEME"],
    // France, district heat naming no network: the DPE default for unlisted networks, 1,000 kWh ×
    // 0.385 (ADEME element 37089, regulatory and conservative, not an average) = 385 kg
    ["district_heat", "FR", 2025, 1000, "kWh", 385, "ADEME"],
    // GB, 8 homeworking hours × 0.03144 (DESNZ 2025 'Homeworking' C22) = 0.25152 kg
    ["homeworking_office_equipment", "GB", 2025, 8, "fte_hour", 0.25152, "UK DESNZ"],
    // Spain 2023, 100 l of B7 in a truck × 2.518882: MITECO V31 sheet 10 row 147 col W publishes
    // 2.52 in AR6; restated in AR5 from row 241's gases, 2.482 kg CO2 + 0.000049 kg CH4 × 28 +
    // 0.000134 kg N2O × 265 = 2.518882 kg/l; 100 l = 251.8882 kg
    ["diesel_fuel_n2_n3_trucks", "ES", 2023, 100, "l", 251.8882, "MITECO"],
    // Long-haul flight without RF, 1,000 pkm × 0.09043 (DESNZ 2025 'Business travel- air' row 27)
    [
      "flight_long_haul_norf",
      "GB",
      2025,
      1000,
      "pkm",
      90.43,
      "UK DESNZ GHG Conversion Factors 2025",
    ],
    // HFO-1234yf leaked, 2 kg × 0.501 (IPCC AR6 via ADEME element 43586) = 1.002 kg
    ["ghg_hfo_1234yf", "FR", 2025, 2, "kg", 1.002, "IPCC AR6"],
  ])("%s in %s %d: %d %s -> %d kg CO2e", (code, country, year, quantity, unit, co2e, source) => {
    const values = emission(code, country, year, quantity, unit);
    expect(values.status).toBe("calculated");
    expect(values.co2e).toBeCloseTo(co2e, 9);
    expect(values.factorSource).toContain(source);
  });

  it("splits the gases where the row gives them: US truck CO2, CH4 and N2O", () => {
    // 250 vehicle-miles × 0.394 kg CO2, 0.0109 g CH4, 0.0088 g N2O (EPA Hub Table 10 row 505)
    const values = emission("light_duty_truck_us", "US", 2025, 250, "vehicle_mile");
    expect(values.co2).toBeCloseTo(98.5, 9);
    expect(values.ch4).toBeCloseTo(0.002725, 12);
    expect(values.n2o).toBeCloseTo(0.0022, 12);
  });

  it("prices a CO2-only row only when picked, and leaves CH4 and N2O out", () => {
    // 10 US gallons of diesel, mobile, × 10.21 kg CO2 (EPA Hub Table 2 row 107): CO2 only
    const values = emission("diesel_fuel_mobile_co2_only", "US", 2025, 10, "US_gallon");
    expect(values.co2e).toBeCloseTo(102.1, 9);
    expect(values.co2).toBeCloseTo(102.1, 9);
    expect([values.ch4, values.n2o]).toEqual([null, null]);
    // The plain US diesel subcategory does not take it: DESNZ's complete factor stands in.
    expect(emission("diesel", "US", 2025, 10, "US_gallon").factorSource).toMatch(/^UK DESNZ/);
  });

  it.each([
    // A 2022 purchase in 2023 euros: ADEME prices 2023 euros in 2023 only, never an earlier year
    ["spend_fr_produits_metallurgiques", "FR", 2022, 12, "keur_2023"],
    // 2022 US dollars do not convert to 2023 euros: no deflator or exchange rate is shipped
    ["spend_fr_produits_metallurgiques", "FR", 2023, 12, "usd_2022"],
    // USEEIO prices US spend; no other country has it, and there is no global stand-in
    ["spend_us_naics_111920", "DE", 2024, 100, "usd_2022"],
    // ADEME's French heat network is France's
    ["district_heat_network_36415", "DE", 2025, 100, "kWh"],
  ])("%s in %s %d (%d %s) awaits a factor", (code, country, year, quantity, unit) => {
    expect(emission(code, country, year, quantity, unit).status).toBe("awaiting_factor");
  });
});
