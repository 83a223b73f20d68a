import { describe, expect, it } from "vitest";
import {
  convertQuantity,
  findUnit,
  isNaturalGasCategory,
  listUnits,
  NATURAL_GAS_KWH_PER_M3,
} from "../../../src/engine/units.js";
import { readCsv } from "./library.js";

describe("unit table", () => {
  it("equals fixtures/factors/units.csv row for row", () => {
    const csv = readCsv("units.csv").map((row) => ({
      name: row.unit,
      dimension: row.dimension,
      toBase: Number(row.to_base),
      base: row.base,
    }));
    expect(listUnits()).toEqual(csv);
    // 44 units, then room_night, fte_hour, usd_2022 and keur_2019..keur_2023 for the extra files.
    expect(csv).toHaveLength(52);
  });

  it.each([
    ["usd_2022", "keur_2022"],
    ["keur_2019", "keur_2020"],
    ["keur_2023", "keur_2022"],
    ["usd_2022", "kWh"],
    ["room_night", "fte_hour"],
  ])("does not convert %s to %s (no deflator or exchange rate is shipped)", (from, to) => {
    expect(convertQuantity(1, from, to).ok).toBe(false);
  });

  it.each(["usd_2022", "keur_2021", "room_night", "fte_hour"])("converts %s to itself", (unit) => {
    expect(convertQuantity(12.5, unit, unit)).toMatchObject({ ok: true, value: 12.5 });
  });

  it("takes the natural gas calorific value from the m3_natural_gas_gcv row", () => {
    expect(NATURAL_GAS_KWH_PER_M3).toBe(11.2899322222);
  });
});

describe("findUnit", () => {
  it.each([
    ["kWh", "kWh"],
    ["kwh", "kWh"],
    ["KWH", "kWh"],
    [" MWh ", "MWh"],
    ["mwh", "MWh"],
    ["gwh", "GWh"],
    ["wh", "Wh"],
    ["gj", "GJ"],
    ["mj", "MJ"],
    ["tj", "TJ"],
    ["mmbtu", "mmBtu"],
    ["l", "l"],
    ["L", "L"],
    ["litres", "litre"],
    ["liters", "litre"],
    ["liter", "litre"],
    ["lt", "litre"],
    ["m³", "m3"],
    ["M3", "m3"],
    ["tonnes", "tonne"],
    ["kgs", "kg"],
    ["miles", "mile"],
    ["therms", "therm"],
    ["US_gallon", "US_gallon"],
    ["tonne.km", "tonne.km"],
    ["passenger_mile", "passenger_mile"],
  ])("%j is %s", (input, name) => {
    expect(findUnit(input)?.name).toBe(name);
  });

  it.each(["gal", "GAL", "gallon", "ton", "tons", "furlong", "", "kWh/m2"])(
    "%j is ambiguous or unknown",
    (input) => {
      expect(findUnit(input)).toBeUndefined();
    },
  );
});

describe("convertQuantity", () => {
  it.each([
    // same unit: untouched
    [1234.5, "kWh", "kWh", 1234.5],
    // 2.5 MWh × 1000 kWh/MWh = 2,500 kWh
    [2.5, "MWh", "kWh", 2500],
    // 2,500 kWh ÷ 1000 = 2.5 MWh
    [2500, "kWh", "MWh", 2.5],
    // 10 GJ × 277.777777778 kWh/GJ = 2,777.77777778 kWh
    [10, "GJ", "kWh", 2777.77777778],
    // 100 therms × 29.3071083349 kWh/therm = 2,930.71083349 kWh
    [100, "therms", "kWh", 2930.71083349],
    // 3 m3 × 1000 l/m3 = 3,000 litre
    [3, "m3", "litre", 3000],
    // 10 US gal × 3.785411784 l = 37.85411784 l
    [10, "US_gallon", "l", 37.85411784],
    // 10 imperial gal × 4.54609 l = 45.4609 l ÷ 3.785411784 l/US gal = 12.009499255 US gal
    [10, "imperial_gallon", "US_gallon", 12.009499255],
    // 2 short tons × 907.18474 kg ÷ 1000 kg/t = 1.81436948 t
    [2, "short_ton", "t", 1.81436948],
    // 500 kg ÷ 1000 = 0.5 tonne
    [500, "kgs", "tonne", 0.5],
    // 100 miles × 1.609344 km = 160.9344 km
    [100, "miles", "km", 160.9344],
    // 1000 short ton-miles × 1.45997231821 tkm = 1,459.97231821 tkm
    [1000, "short_ton_mile", "tkm", 1459.97231821],
    // 50 passenger miles × 1.609344 = 80.4672 pkm
    [50, "passenger_mile", "pkm", 80.4672],
    // 1 tonne.km is 1 tkm
    [7, "tonne.km", "tkm", 7],
  ])("%d %s -> %s = %d", (quantity, from, to, expected) => {
    const result = convertQuantity(quantity, from, to);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).toBeCloseTo(expected, 6);
      expect(result.note).toBeNull();
    }
  });

  it.each([
    // 100 m3 × 11.2899322222 kWh/m3 = 1,128.99322222 kWh
    [100, "m3", "kWh", 1128.99322222],
    // 100 m3 × 11.2899322222 ÷ 1000 = 1.12899322222 MWh
    [100, "m3", "MWh", 1.12899322222],
    // 1,000 ft3 × 28.316846592 l ÷ 1000 l/m3 = 28.316846592 m3 × 11.2899322222 = 319.6952788 kWh
    [1000, "ft3", "kWh", 319.6952788],
    // 1,128.99322222 kWh ÷ 11.2899322222 kWh/m3 = 100 m3
    [1128.99322222, "kWh", "m3", 100],
  ])("natural gas: %d %s -> %s = %d", (quantity, from, to, expected) => {
    const result = convertQuantity(quantity, from, to, { naturalGas: true });
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.value).toBeCloseTo(expected, 5);
  });

  it("says which calorific value it used", () => {
    expect(convertQuantity(1, "m3", "kWh", { naturalGas: true })).toMatchObject({
      note: "natural gas m3 -> kWh at 11.2899 kWh/m3 (gross CV, DESNZ 2025)",
    });
  });

  it.each([
    [1, "m3", "kWh", {}, 'cannot convert "m3" (volume) to "kWh" (energy)'],
    [1, "km", "kWh", { naturalGas: true }, 'cannot convert "km" (distance) to "kWh" (energy)'],
    [1, "kg", "litre", {}, 'cannot convert "kg" (mass) to "litre" (volume)'],
    [1, "xyz", "kWh", {}, 'unknown unit "xyz"'],
    [1, "kWh", "xyz", {}, 'unknown unit "xyz"'],
    [1, "gal", "litre", {}, 'ambiguous unit "gal": write US_gallon or imperial_gallon'],
  ])("%d %s -> %s %j fails: %s", (quantity, from, to, options, reason) => {
    expect(convertQuantity(quantity, from, to, options)).toEqual({ ok: false, reason });
  });

  it("converts an unknown unit only to the very same unit, 1:1", () => {
    expect(convertQuantity(12, "pallet", "pallet")).toEqual({ ok: true, value: 12, note: null });
  });
});

describe("isNaturalGasCategory", () => {
  it.each([
    ["natural_gas", true],
    ["natural_gas_wtt", true],
    ["lpg", false],
    ["electricity", false],
  ])("%s: %s", (code, expected) => {
    expect(isNaturalGasCategory(code)).toBe(expected);
  });
});
