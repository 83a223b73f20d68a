/**
 * Emission lines worked out by hand from the shipped library (fixtures/factors/emission-factors.csv
 * and extra/*.csv, the eGRID grid gross loss rows of fixtures/factors/extra/egrid-2023-subregions.csv)
 * and the shipped derivation rules (fixtures/factors/derived-lines.csv and the generated wtt-lines.csv).
 */
import { describe, expect, it } from "vitest";
import type { Category } from "../../../src/core/model/category.js";
import type { EmissionFactor, StoredCustomFactor } from "../../../src/core/model/factor.js";
import {
  type CalculatedLines,
  calculateLines,
  lineFigures,
} from "../../../src/engine/emission-lines.js";
import type { FactorIndex } from "../../../src/engine/factor-index.js";
import {
  lossFractionsFromCsvRows,
  resolveLossFraction,
} from "../../../src/engine/loss-fractions.js";
import type { YearPart } from "../../../src/engine/proration.js";
import { resolveFactors } from "../../../src/engine/resolve.js";
import { storedLines } from "../../../src/engine/stored-lines.js";
import { validityCuts } from "../../../src/engine/validity-cuts.js";
import { shippedDerivationRules } from "../../../src/shipped/derivation-rules.js";
import { category, factorRow, factors, index, readCsv } from "./library.js";

const rules = shippedDerivationRules();
const fractions = lossFractionsFromCsvRows(readCsv("extra/egrid-2023-subregions.csv"));

interface Bill {
  readonly code: string;
  readonly country: string;
  readonly quantity: number;
  readonly unit: string;
  readonly start: string;
  readonly end: string;
  /** The company's custom factors (none by default). */
  readonly custom?: readonly StoredCustomFactor[];
}

/** The lines of a bill, priced with `library` (built from `rows`: the shipped one by default). */
function lines(
  bill: Bill,
  rows: readonly EmissionFactor[] = factors,
  library: FactorIndex = index,
): CalculatedLines {
  const own = category(bill.code);
  const biogenic = new Map(rows.map((f) => [f.id, f.biogenicCo2]));
  const custom = bill.custom ?? [];
  const resolveWith = (of: Category, year: number, customs: readonly StoredCustomFactor[]) =>
    resolveFactors({
      category: of,
      country: bill.country,
      year,
      unit: bill.unit,
      customFactors: customs,
      index: library,
    });
  const resolve = (of: Category, part: YearPart) =>
    resolveFactors({
      category: of,
      country: bill.country,
      year: part.year,
      day: part.startDate,
      unit: bill.unit,
      customFactors: custom,
      index: library,
    });
  return calculateLines({
    category: own,
    quantity: bill.quantity,
    unit: bill.unit,
    startDate: `${bill.start}T00:00:00.000Z`,
    endDate: `${bill.end}T00:00:00.000Z`,
    country: bill.country,
    derived: rules
      .of(bill.code)
      .map((rule) => ({ rule, category: category(rule.derivedCategory) })),
    libraryVersion: "lib-test",
    cuts: validityCuts(custom),
    resolve,
    resolveGrid: (year) => resolveWith(own, year, []),
    lossFraction: (key, year) => resolveLossFraction(fractions, key, bill.country, year),
    biogenicOf: (id) => biogenic.get(id) ?? null,
  });
}

/** A company's electricity factor of 0.05 kg/kWh, valid every day unless `fields` say otherwise. */
function electricityFactor(fields: Partial<StoredCustomFactor>): StoredCustomFactor {
  return {
    id: "5a0c8f7e-2b1d-4c3e-9f8a-7b6c5d4e3f2a",
    companyId: "0b6f8c5e-9a51-4d2b-8d7e-3f1a2b3c4d5e",
    categoryId: category("electricity").id,
    basis: "location",
    validFrom: null,
    validTo: null,
    unit: "kWh",
    co2e: 0.05,
    co2: null,
    ch4: null,
    n2o: null,
    source: "Supplier disclosure 2025",
    createdAt: "2025-04-02T00:00:00.000Z",
    ...fields,
  };
}

/** [line, category, status, co2e] of every line, as a read gives them back. */
function summary(calculated: CalculatedLines) {
  return calculated.calculation.lines.map((line, i) => [
    line.kind,
    line.category ?? "(own)",
    line.provenance.status,
    calculated.figures[i]?.co2e ?? null,
  ]);
}

describe("emission lines of one consumption (hand-worked, cited rows)", () => {
  it("GB natural gas, 10,000 kWh in March 2025: direct and well-to-tank", () => {
    const result = lines({
      code: "natural_gas",
      country: "GB",
      quantity: 10_000,
      unit: "kWh",
      start: "2025-03-01",
      end: "2025-03-31",
    });
    // DESNZ 2025 'Fuels' row 42, natural gas per kWh gross CV 0.18296: 10,000 x 0.18296 = 1829.6.
    // DESNZ 2025 'WTT- fuels' row 41, natural gas per kWh gross CV 0.03021: 10,000 x 0.03021 = 302.1.
    const rows = summary(result);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ["direct", "(own)", "calculated"],
      ["wtt", "natural_gas_wtt", "calculated"],
    ]);
    expect(rows[0]?.[3]).toBeCloseTo(1829.6, 9);
    expect(rows[1]?.[3]).toBeCloseTo(302.1, 9);
    // The library has the WTT per kWh net CV too (D40, 0.03347): plain kWh is gross, row 41.
    expect(result.calculation.lines[1]?.provenance).toMatchObject({
      factorId: factorRow("natural_gas_wtt", "GB", 2025, "kWh", { calorificBasis: "gross" }).id,
      factorValue: 0.03021,
      resolution: "country_year",
    });
    // The row keeps the direct line's figures: calculateEmission's, to the last digit.
    expect(result.direct.co2e).toBe(10_000 * 0.18296);
  });

  it.each([
    {
      what: "GB butane, 1,000 l (a fuel generated from the library)",
      bill: { code: "butane", country: "GB", quantity: 1000, unit: "litre" },
      // DESNZ 2025 'Fuels' D24, butane per litre 1.74533: 1,000 x 1.74533 = 1,745.33 kg.
      // DESNZ 2025 'WTT- fuels' D23, butane per litre 0.19765: 1,000 x 0.19765 = 197.65 kg.
      expected: [
        ["direct", "(own)", "calculated", 1745.33],
        ["wtt", "butane_wtt", "calculated", 197.65],
      ],
    },
    {
      what: "GB marine gas oil, 1,000 l",
      bill: { code: "marine_gas_oil", country: "GB", quantity: 1000, unit: "litre" },
      // DESNZ 2025 'Fuels' D120, 2.77139 -> 2,771.39 kg; 'WTT- fuels' D119, 0.62665 -> 626.65 kg.
      expected: [
        ["direct", "(own)", "calculated", 2771.39],
        ["wtt", "marine_gas_oil_wtt", "calculated", 626.65],
      ],
    },
    {
      what: "FR road diesel B10, 1,000 l (ADEME's combustion and upstream postes)",
      bill: { code: "diesel_fuel_b10", country: "FR", quantity: 1000, unit: "litre" },
      // ADEME Base Carbone element 34421 'Gazole routier | B10' per litre: poste Combustion 2.41
      // -> 2,410 kg; poste Amont 0.629 -> 629 kg.
      expected: [
        ["direct", "(own)", "calculated", 2410],
        ["wtt", "diesel_fuel_b10_wtt", "calculated", 629],
      ],
    },
    {
      what: "FR coal, 1,000 kg (ADEME's coal: its WTT subcategory takes a code of its own)",
      bill: { code: "coal_scope1", country: "FR", quantity: 1000, unit: "kg" },
      // ADEME element 12945 'Houille | PCS supérieur à 23865 kJ/kg' per kg: Combustion 3.08 ->
      // 3,080 kg; Amont 0.271 -> 271 kg (coal_wtt is DESNZ industrial coal's WTT subcategory).
      expected: [
        ["direct", "(own)", "calculated", 3080],
        ["wtt", "coal_wtt_scope3", "calculated", 271],
      ],
    },
    {
      what: "ES butane, 500 kg: no Spanish WTT and no designation, so the WTT line awaits",
      bill: { code: "butane", country: "ES", quantity: 500, unit: "kg" },
      // MITECO V31 '10. Factores de emisión' row 15, butane 2024 per kg 2.996 (CO2 only): 1,498 kg.
      // butane_wtt has GB and FR rows only and proxies.csv designates none for it: awaiting.
      year: 2024,
      expected: [
        ["direct", "(own)", "calculated", 1498],
        ["wtt", "butane_wtt", "awaiting_factor", null],
      ],
    },
    {
      what: "US butane, 100 US gallons: EPA prices the fuel, its WTT awaits",
      bill: { code: "butane", country: "US", quantity: 100, unit: "US_gallon" },
      // EPA Hub 2025 Table 1 row 51, butane per gallon 6.69458 kg CO2e: 669.458 kg.
      expected: [
        ["direct", "(own)", "calculated", 669.458],
        ["wtt", "butane_wtt", "awaiting_factor", null],
      ],
    },
    {
      what: "FR rapeseed biodiesel, 1,000 l: ADEME's upstream-only element, recorded directly",
      bill: { code: "biodiesel_rapeseed_sector_wtt", country: "FR", quantity: 1000, unit: "litre" },
      // ADEME element 34450 'Biodiesel | Filière Colza' per litre, poste Amont 1.23 (the element's
      // total): 1,230 kg in scope 3 category 3, its only line.
      expected: [["direct", "(own)", "calculated", 1230]],
    },
  ])("$what", ({ bill, expected, year }) => {
    const start = `${year ?? 2025}-01-01`;
    const rows = summary(lines({ ...bill, start, end: `${year ?? 2025}-01-31` }));
    expect(rows.map((row) => row.slice(0, 3))).toEqual(expected.map((row) => row.slice(0, 3)));
    expected.forEach((row, i) => {
      if (row[3] === null) expect(rows[i]?.[3]).toBeNull();
      else expect(rows[i]?.[3]).toBeCloseTo(row[3] as number, 9);
    });
  });

  it("GB electricity, 1,000 kWh in January 2025: direct, WTT of generation, T&D losses, WTT of T&D", () => {
    const result = lines({
      code: "electricity",
      country: "GB",
      quantity: 1000,
      unit: "kWh",
      start: "2025-01-01",
      end: "2025-01-31",
    });
    // DESNZ 2025: 'UK electricity' row 26, 0.177 -> 177 kg (scope 2);
    // 'WTT- UK electricity' row 1, generation 0.0459 -> 45.9 kg;
    // T&D losses per kWh consumed 0.01853 -> 18.53 kg; 'WTT- UK electricity' row 24, 0.00397 -> 3.97 kg.
    const expected = [
      ["direct", "(own)", 177],
      ["wtt", "electricity_wtt", 45.9],
      ["td_losses", "electricity_td_losses", 18.53],
      ["td_losses_wtt", "electricity_td_wtt", 3.97],
    ] as const;
    const rows = summary(result);
    expected.forEach(([kind, code, kg], i) => {
      expect(rows[i]?.slice(0, 3)).toEqual([kind, code, "calculated"]);
      expect(rows[i]?.[3]).toBeCloseTo(kg, 9);
    });
    expect(rows).toHaveLength(4);
    // Derived lines are scope 3: no market-based figure.
    expect(result.figures.slice(1).map((f) => f.co2eMarketBased)).toEqual([null, null, null]);
  });

  it("US electricity in eGRID subregion CAMX: T&D losses from the grid gross loss fraction", () => {
    const result = lines({
      code: "electricity",
      country: "US-CAMX",
      quantity: 1000,
      unit: "kWh",
      start: "2025-01-01",
      end: "2025-01-31",
    });
    // eGRID2023 CAMX total output rate 0.198741 kg/kWh (EPA Hub 2025 Table 6; 2023 is the
    // nearest earlier year): 1000 x 0.198741 = 198.741 kg.
    // Grid gross loss CAMX 0.041 (Hub Table 6 row 342, column K): T&D losses = consumption x
    // loss rate x grid factor (GHG Protocol category 3, activity C; the Hub's note points the
    // loss rates to it) = 1000 x (0.041 x 0.198741) = 8.148381 kg.
    // No WTT of US electricity in the library: those two lines await a factor.
    const rows = summary(result);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ["direct", "(own)", "calculated"],
      ["wtt", "electricity_wtt", "awaiting_factor"],
      ["td_losses", "electricity_td_losses", "calculated"],
      ["td_losses_wtt", "electricity_td_wtt", "awaiting_factor"],
    ]);
    expect(rows[0]?.[3]).toBeCloseTo(198.741, 9);
    expect(rows[2]?.[3]).toBeCloseTo(8.148381, 9);
    const td = result.calculation.lines[2];
    expect(td?.lossFraction).toMatchObject({ value: 0.041, country: "US-CAMX", year: 2023 });
    expect(td?.provenance.factorValue).toBeCloseTo(0.041 * 0.198741, 15);
    expect(td?.provenance.factorId).toBe(factorRow("electricity_grid", "US-CAMX", 2023, "kWh").id);
    expect(td?.provenance.factorSource).toContain("grid gross loss 0.041");
    // Per gas too: CO2 1000 x 0.041 x 0.198063 kg.
    expect(result.figures[2]?.co2).toBeCloseTo(1000 * 0.041 * 0.198063, 9);
  });

  it("ES electricity, 1,000 kWh in 2024: the direct line calculated, the category 3 lines awaiting", () => {
    const result = lines({
      code: "electricity",
      country: "ES",
      quantity: 1000,
      unit: "kWh",
      start: "2024-03-01",
      end: "2024-03-31",
    });
    // EEA 2024 Spain 0.125 kg/kWh -> 125 kg. No Spanish WTT or T&D factor and no loss fraction:
    // awaiting_factor, never 0, never missing.
    expect(summary(result)).toEqual([
      ["direct", "(own)", "calculated", 125],
      ["wtt", "electricity_wtt", "awaiting_factor", null],
      ["td_losses", "electricity_td_losses", "awaiting_factor", null],
      ["td_losses_wtt", "electricity_td_wtt", "awaiting_factor", null],
    ]);
  });

  it("a 365-day GB bill across 2025/2026 is split by day: the 35% overstatement is gone", () => {
    // 36,500 kWh from 2025-12-31 to 2026-12-30: 365 days, 100 kWh a day.
    const bill: Bill = {
      code: "electricity",
      country: "GB",
      quantity: 36_500,
      unit: "kWh",
      start: "2025-12-31",
      end: "2026-12-30",
    };
    const result = lines(bill);
    const direct = result.calculation.lines.filter((line) => line.kind === "direct");
    expect(direct.map((line) => [line.year, line.provenance.factorYear])).toEqual([
      [2025, 2025],
      [2026, 2026],
    ]);
    // 2025: 1 day, 100 kWh x 0.177 (DESNZ 2025) = 17.7 kg; 2026: 364 days, 36,400 kWh x 0.13096
    // (DESNZ 2026 'UK electricity') = 4766.944 kg; together 4784.644 kg.
    const parts = result.calculation.lines
      .map((line, i) => [line, result.figures[i]] as const)
      .filter(([line]) => line.kind === "direct");
    expect(parts[0]?.[1]?.co2e).toBeCloseTo(17.7, 9);
    expect(parts[1]?.[1]?.co2e).toBeCloseTo(4766.944, 9);
    expect(result.direct.co2e).toBeCloseTo(4784.644, 9);
    // Priced whole at the start year's factor, as before: 36,500 x 0.177 = 6460.5 kg, 35% high.
    expect(6460.5 / 4784.644).toBeCloseTo(1.3503, 4);
    // Each part's derived lines take their year's factors: T&D 2025 0.01853, 2026 0.01299.
    const td = result.calculation.lines
      .map((line, i) => [line, result.figures[i]] as const)
      .filter(([line]) => line.kind === "td_losses");
    expect(td.map(([line]) => line.year)).toEqual([2025, 2026]);
    expect(td[0]?.[1]?.co2e).toBeCloseTo(100 * 0.01853, 9);
    expect(td[1]?.[1]?.co2e).toBeCloseTo(36_400 * 0.01299, 9);
  });

  it("reads a split consumption back with each part's days and figures", () => {
    const bill: Bill = {
      code: "electricity",
      country: "GB",
      quantity: 36_500,
      unit: "kWh",
      start: "2025-12-31",
      end: "2026-12-30",
    };
    const { calculation, direct, figures } = lines(bill);
    const read = storedLines(calculation, {
      quantity: bill.quantity,
      startDate: `${bill.start}T00:00:00.000Z`,
      endDate: `${bill.end}T00:00:00.000Z`,
      row: direct,
      marketShare: 1,
    });
    expect(read.map((line) => line.figures.co2e)).toEqual(figures.map((f) => f.co2e));
    expect(read.filter((line) => line.line.kind === "direct")).toMatchObject([
      {
        year: 2025,
        startDate: "2025-12-31T00:00:00.000Z",
        endDate: "2025-12-31T00:00:00.000Z",
        share: 1 / 365,
      },
      {
        year: 2026,
        startDate: "2026-01-01T00:00:00.000Z",
        endDate: "2026-12-30T00:00:00.000Z",
        share: 364 / 365,
      },
    ]);
    // A market-based figure with certificates covering a quarter of the kWh keeps three quarters.
    const covered = storedLines(calculation, {
      quantity: bill.quantity,
      startDate: `${bill.start}T00:00:00.000Z`,
      endDate: `${bill.end}T00:00:00.000Z`,
      row: direct,
      marketShare: 0.75,
    });
    expect(covered[0]?.figures.co2eMarketBased).toBeCloseTo(
      (read[0]?.figures.co2eMarketBased ?? 0) * 0.75,
      12,
    );
  });

  it("a custom factor valid from 1 April cuts a March-April bill there: each stretch its factor", () => {
    // GB electricity, 3,100 kWh from 2025-03-15 to 2025-04-14: 31 days, 100 kWh a day. The
    // company's supplier factor, 0.05 kg/kWh, is valid from 2025-04-01 (open-ended).
    const supplier = electricityFactor({
      validFrom: "2025-04-01",
      source: "Supplier disclosure from April 2025",
    });
    const bill: Bill = {
      code: "electricity",
      country: "GB",
      quantity: 3100,
      unit: "kWh",
      start: "2025-03-15",
      end: "2025-04-14",
      custom: [supplier],
    };
    const result = lines(bill);
    const direct = result.calculation.lines
      .map((line, i) => [line, result.figures[i]] as const)
      .filter(([line]) => line.kind === "direct");
    // 15-31 March, 17 days: 1,700 kWh x 0.177 (DESNZ 2025 'UK electricity') = 300.9 kg;
    // 1-14 April, 14 days: 1,400 kWh x 0.05 (the custom factor) = 70 kg; 370.9 kg in all.
    expect(direct.map(([line]) => [line.year, line.from, line.to])).toEqual([
      [2025, undefined, "2025-03-31"],
      [2025, "2025-04-01", undefined],
    ]);
    expect(direct.map(([line]) => line.provenance.resolution)).toEqual([
      "country_year",
      "company_custom",
    ]);
    expect(direct[1]?.[0].provenance.factorId).toBe(supplier.id);
    expect(direct[0]?.[1]?.co2e).toBeCloseTo(300.9, 9);
    expect(direct[1]?.[1]?.co2e).toBeCloseTo(70, 9);
    expect(result.direct.co2e).toBeCloseTo(370.9, 9);
    // The whole bill at either factor alone: 548.7 kg (library) or 155 kg (custom).
    expect(3100 * 0.177).toBeCloseTo(548.7, 9);
    // The category 3 lines keep the library's 2025 factors in both stretches: WTT of generation
    // 0.0459 x 1,700 = 78.03 kg and x 1,400 = 64.26 kg.
    const wtt = result.calculation.lines
      .map((line, i) => [line, result.figures[i]] as const)
      .filter(([line]) => line.kind === "wtt");
    expect(wtt.map(([, figures]) => figures?.co2e)).toEqual([
      expect.closeTo(78.03, 9),
      expect.closeTo(64.26, 9),
    ]);
    // Read back: each stretch's days and share, and the figures the write gave.
    const read = storedLines(result.calculation, {
      quantity: bill.quantity,
      startDate: "2025-03-15T00:00:00.000Z",
      endDate: "2025-04-14T00:00:00.000Z",
      row: result.direct,
      marketShare: 1,
    });
    expect(read.map((line) => line.figures.co2e)).toEqual(result.figures.map((f) => f.co2e));
    expect(read.filter((line) => line.line.kind === "direct")).toMatchObject([
      {
        startDate: "2025-03-15T00:00:00.000Z",
        endDate: "2025-03-31T00:00:00.000Z",
        share: 17 / 31,
      },
      {
        startDate: "2025-04-01T00:00:00.000Z",
        endDate: "2025-04-14T00:00:00.000Z",
        share: 14 / 31,
      },
    ]);
  });

  it("a custom factor valid over the whole bill, or over whole years, does not cut it", () => {
    const open = electricityFactor({
      id: "5a0c8f7e-2b1d-4c3e-9f8a-7b6c5d4e3f2b",
      validFrom: "2025-01-01",
      validTo: "2025-12-31",
    });
    const result = lines({
      code: "electricity",
      country: "GB",
      quantity: 3100,
      unit: "kWh",
      start: "2025-03-15",
      end: "2025-04-14",
      custom: [
        open,
        { ...open, id: "5a0c8f7e-2b1d-4c3e-9f8a-7b6c5d4e3f2c", validFrom: "2025-03-01" },
      ],
    });
    // One part over the whole period (year null): 3,100 x 0.05 = 155 kg, the newest-starting
    // factor (from 1 March) being valid on every day of it.
    expect(result.calculation.lines.map((line) => line.year)).toEqual([null, null, null, null]);
    expect(result.direct.co2e).toBeCloseTo(155, 9);
  });

  it("biogenic CO2: quantity in the factor's unit x the factor's biogenic CO2, outside of scopes", () => {
    // The DESNZ 2025 wood pellets row per tonne ('Bioenergy' row 67: 55.19389 kg CO2e, CH4 and
    // N2O only) with the biogenic CO2 of its 'Outside of scopes' row (cell D78: 1677.18 kg CO2
    // per tonne) folded into it: the shipped library does it.
    expect(factorRow("wood_pellets", "GB", 2025, "t").biogenicCo2).toBe(1677.18);
    const result = lines({
      code: "wood_pellets",
      country: "GB",
      quantity: 2000,
      unit: "kg",
      start: "2025-02-01",
      end: "2025-02-28",
    });
    // 2,000 kg = 2 t: 2 x 55.19389 = 110.38778 kg CO2e; biogenic 2 x 1677.18 = 3354.36 kg CO2.
    expect(result.figures[0]?.co2e).toBeCloseTo(110.38778, 9);
    expect(result.figures[0]?.biogenicCo2).toBeCloseTo(3354.36, 9);
    expect(result.calculation.lines[0]?.biogenicCo2).toBe(1677.18);
    // The WTT of pellets (DESNZ 2025 'WTT- bioenergy' D66, 177 kg CO2e per tonne, no
    // outside-of-scopes figure): 2 t x 177 = 354 kg in scope 3, and no biogenic CO2 of its own.
    expect(summary(result)[1]?.slice(0, 3)).toEqual(["wtt", "wood_pellets_wtt", "calculated"]);
    expect(result.figures[1]?.co2e).toBeCloseTo(354, 9);
    expect(result.figures[1]?.biogenicCo2).toBeNull();
  });

  it("a line's figures are quantity x share x what one unit gives", () => {
    const { calculation } = lines({
      code: "electricity",
      country: "GB",
      quantity: 1,
      unit: "MWh",
      start: "2025-01-01",
      end: "2025-01-31",
    });
    const wtt = calculation.lines[1];
    if (wtt === undefined) throw new Error("no WTT line");
    // 1 MWh = 1000 kWh: conversion 1000; 1000 x 0.0459 = 45.9 kg per MWh.
    expect(wtt.perUnit.converted).toBe(1000);
    expect(lineFigures(wtt, 2, 0.5).co2e).toBeCloseTo(45.9, 9);
    expect(lineFigures(wtt, 2, 0.5).convertedQuantity).toBe(1000);
  });
});
