/**
 * GLEC / ISO 14083 rules against hand calculations: measured fuel allocated by tonne-km, the grid
 * of an electric leg's country, diesel by mass from DESNZ like diesel by volume, TOCs consistent
 * with their vehicle type, and the RF uplift of air freight reported apart. Every expected figure
 * is worked out in the comments from the cited rows.
 */
import { describe, expect, it } from "vitest";
import { CarbonError } from "../../../src/core/errors.js";
import { type GlecActionInput, glecEntryInputSchema } from "../../../src/core/model/glec.js";
import { calculateEntry } from "../../../src/engine/glec/calculate.js";
import { shippedGlecFactors } from "../../../src/shipped/glec-factors.js";

const factors = shippedGlecFactors();

function entryWith(over: Partial<GlecActionInput>, startDate = "2025-03-03") {
  return glecEntryInputSchema.parse({
    id: "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b",
    companyId: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
    startDate,
    endDate: startDate,
    actions: [
      {
        id: "a1000000-0000-4000-8000-000000000009",
        mode: "road",
        distance: "100",
        vehicleType: "HGV_DIESEL",
        load: "10",
        loadUnit: "t",
        ...over,
      },
    ],
  });
}

function leg(over: Partial<GlecActionInput>, startDate?: string) {
  const [first] = calculateEntry(entryWith(over, startDate), factors).legs;
  if (first === undefined) throw new Error("no leg");
  return first;
}

/** The paths and messages of a refused entry (schema or calculation). */
function refusal(over: Record<string, unknown>, startDate?: string): [string, string][] {
  try {
    calculateEntry(entryWith(over as Partial<GlecActionInput>, startDate), factors);
  } catch (error) {
    if (error instanceof CarbonError) return error.issues.map((i) => [i.path, i.message]);
    if (error instanceof Error && "issues" in error && Array.isArray(error.issues)) {
      return error.issues.map((i: { path: PropertyKey[]; message: string }) => [
        i.path.join("."),
        i.message,
      ]);
    }
    throw error;
  }
  throw new Error("not refused");
}

// A 12 t container on a container ship burning 0.17 t of marine fuel oil per km over 2900 km.
const CONTAINER: Partial<GlecActionInput> = {
  mode: "sea",
  vehicleType: "CONTAINER_SHIP",
  distance: "2900",
  load: "12",
  loadUnit: "t",
  energyQuantity: "0.17",
  energyQuantityUnit: "t/km",
};

describe("measured fuel is allocated to the shipment by tonne-km (ISO 14083)", () => {
  it("refuses the 12 t container's measured fuel without what allocation needs", () => {
    // Before: the ship's whole fuel, 0.17 x 2900 = 493 t x 3869.619 = 1,907,722 kg WTW, was
    // charged to a 12 t container (the default intensity gives 687.996 kg).
    expect(refusal(CONTAINER)).toEqual([
      ["actions.0.totalTransportActivity", expect.stringContaining("allocated to the shipment")],
    ]);
  });

  // The ship's fuel: 0.17 t/km x 2900 km = 493 t. Its operation: 60,000 t over 2900 km =
  // 174,000,000 tkm; the container's 12 t x 2900 km = 34,800 tkm, share 34800 / 174e6 = 0.0002.
  // The container's fuel: 493 x 0.0002 = 0.0986 t of marine_fuel_oil_t (DESNZ 2025 Fuels row 123,
  // WTT- fuels row 122): TTW = 0.0986 x 3154.75334 = 311.058679324,
  // WTT = 0.0986 x 714.86545 = 70.48573337, WTW = 381.544412694 (vs 687.996 by default intensity).
  it.each<[string, Partial<GlecActionInput>]>([
    ["the operation's tonne-km", { totalTransportActivity: "174000000" }],
    ["the vehicle's total load", { totalLoad: "60000" }],
    ["the vehicle's total load in kg", { totalLoad: "60000000", load: "12000", loadUnit: "kg" }],
    ["load factor x payload capacity", { loadFactor: "0.75", payloadCapacity: "80000" }],
  ])("allocates by %s", (_name, basis) => {
    const container = leg({ ...CONTAINER, ...basis });
    expect(container.vehicleEnergy).toBeCloseTo(493, 9);
    expect(container.vehicleTransportActivity).toBeCloseTo(174_000_000, 3);
    expect(container.allocationShare).toBeCloseTo(0.0002, 15);
    expect(container.energy).toBeCloseTo(0.0986, 12);
    expect(container.emissions.ttw).toBeCloseTo(311.058679324, 6);
    expect(container.emissions.wtt).toBeCloseTo(70.48573337, 6);
    expect(container.emissions.wtw).toBeCloseTo(381.544412694, 6);
  });

  it("a full truckload (FTL) takes the whole fuel: 32 l/100km x 250 km = 80 l x 3.18183", () => {
    // diesel_avg_blend_l (DESNZ 2025 Fuels row 72, WTT- fuels row 71): 80 x 3.18183 = 254.5464
    const truck = leg({
      vehicleType: "HGV_ARTIC_DIESEL",
      distance: "250",
      load: "12",
      energyQuantity: "32",
      energyQuantityUnit: "l/100km",
      totalLoad: "12",
    });
    expect(truck.allocationShare).toBe(1);
    expect(truck.emissions.wtw).toBeCloseTo(254.5464, 9);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["a basis and no fuel", { totalLoad: "20" }, "actions.0.totalLoad", "give energyQuantity"],
    [
      "two bases",
      { ...CONTAINER, totalLoad: "60000", totalTransportActivity: "174000000" },
      "actions.0.totalLoad",
      "give one way",
    ],
    [
      "a load factor without the capacity",
      { ...CONTAINER, loadFactor: "0.5" },
      "actions.0.payloadCapacity",
      "go together",
    ],
    [
      "a load factor over 1",
      { ...CONTAINER, loadFactor: "75", payloadCapacity: "80000" },
      "actions.0.loadFactor",
      "at most 1",
    ],
    ["a total load of 0", { ...CONTAINER, totalLoad: "0" }, "actions.0.totalLoad", "more than 0"],
    [
      "a vehicle carrying less than the shipment",
      { ...CONTAINER, totalLoad: "11" },
      "actions.0.totalLoad",
      "more than the vehicle's total load of 11 t",
    ],
    [
      "an operation of fewer tonne-km than the shipment",
      { ...CONTAINER, totalTransportActivity: "34799" },
      "actions.0.totalTransportActivity",
      "34800 tkm is more than",
    ],
    [
      "a measured quantity of 0",
      { ...CONTAINER, energyQuantity: "0", totalLoad: "60000" },
      "actions.0.energyQuantity",
      "more than 0",
    ],
  ])("refuses %s", (_name, over, where, text) => {
    const issues = refusal(over);
    expect(issues.map(([path]) => path)).toEqual([where]);
    expect(issues[0]?.[1]).toContain(text);
  });
});

describe("electric traction uses the grid of the leg's country and year", () => {
  // 1.2 kWh/km x 500 km = 600 kWh; the train carries only this load (totalLoad = load): share 1.
  const TRAIN: Partial<GlecActionInput> = {
    mode: "rail",
    vehicleType: "TRAIN_ELECTRIC",
    distance: "500",
    energyQuantity: "1.2",
    energyQuantityUnit: "kWh/km",
    totalLoad: "10",
  };

  it.each<[string, string, string, number, number]>([
    // GB 2025: electricity_grid 0.177 (DESNZ 2025 UK electricity row 26) + electricity_td_losses
    // 0.01853 (T&D row 22) + electricity_wtt 0.0459 (WTT- UK electricity row 19) +
    // electricity_td_wtt 0.00397 (row 24) = 0.2454; 600 x 0.2454 = 147.24 (all WTT, TTW 0)
    ["GB 2025, all four parts", "GB", "2025-03-03", 2025, 147.24],
    // ES: no 2025 row, so the latest earlier one, electricity_grid ES 2024 = 0.125 (EEA 2024);
    // the library has no ES T&D or WTT rows. 600 x 0.125 = 75 (before: GB's 147.24)
    ["ES 2025, the 2024 grid row alone", "ES", "2025-03-03", 2024, 75],
    // GB 2026: electricity_grid 0.13096 (DESNZ 2026 row 25) + T&D 0.01299 (row 22) = 0.14395;
    // 600 x 0.14395 = 86.37
    ["GB 2026, grid and T&D", "GB", "2026-01-10", 2026, 86.37],
  ])("%s", (_name, country, startDate, year, wtt) => {
    const train = leg({ ...TRAIN, country }, startDate);
    expect(train.factor.key).toBe("electricity_grid");
    expect(train.factor.country).toBe(country);
    expect(train.factor.year).toBe(year);
    expect(train.emissions.ttw).toBe(0);
    expect(train.emissions.wtt).toBeCloseTo(wtt, 9);
    expect(train.emissions.wtw).toBeCloseTo(wtt, 9);
  });

  it("says which parts and which year it used", () => {
    expect(leg({ ...TRAIN, country: "ES" }).factor.derivation).toContain(
      "electricity_grid 0.125 (ES 2024; ISO 14083: no tank-to-wheel emissions at an electric vehicle); not in the library, so not counted: electricity_td_losses, electricity_wtt, electricity_td_wtt; 2024 is the library's latest year before 2025",
    );
  });

  it.each<[string, Record<string, unknown>, string | undefined, string]>([
    ["no country", TRAIN, undefined, "give the country whose grid supplied it"],
    [
      "a country without a grid row",
      { ...TRAIN, country: "JP" },
      undefined,
      "awaiting factor: the factor library has no electricity_grid factor for JP in or before 2025",
    ],
    [
      "a year before the library's first (a later year is never used)",
      { ...TRAIN, country: "ES" },
      "2021-06-01",
      "no electricity_grid factor for ES in or before 2021 (it has 2023, 2024",
    ],
    [
      "a country on a leg that draws no grid electricity",
      { country: "ES" },
      undefined,
      "this HGV_DIESEL leg has none: leave country out",
    ],
  ])("refuses %s", (_name, over, date, text) => {
    const issues = refusal(over, date);
    expect(issues.map(([path]) => path)).toEqual(["actions.0.country"]);
    expect(issues[0]?.[1]).toContain(text);
  });
});

describe("diesel by mass uses DESNZ, the source of diesel by volume", () => {
  // 25 kg/100km x 400 km = 100 kg = 0.1 t of diesel_avg_blend_t (DESNZ 2025 Fuels row 71,
  // WTT- fuels row 70, per tonne): TTW 0.1 x 3087.94462 = 308.794462, WTT 0.1 x 733.64436 =
  // 73.364436, WTW 382.158898 (before: EN 16258 B7 via PTV, 297 + 79 = 376). DESNZ's per-tonne
  // and per-litre rows imply the same density: 3087.94462 / 2.57082 = 1201.2 l/t.
  it.each<[string, string, GlecActionInput["energyQuantityUnit"]]>([
    ["kg", "25", "kg/100km"],
    ["t", "0.00025", "t/km"],
  ])("diesel in %s", (_unit, energyQuantity, energyQuantityUnit) => {
    const truck = leg({ energyQuantity, energyQuantityUnit, totalLoad: "10", distance: "400" });
    expect(truck.factor.key).toBe("diesel_avg_blend_t");
    expect(truck.factor.source).toBe("UK DESNZ GHG Conversion Factors 2025 (full set v1)");
    expect(truck.emissions.ttw).toBeCloseTo(308.794462, 9);
    expect(truck.emissions.wtt).toBeCloseTo(73.364436, 9);
    expect(truck.emissions.wtw).toBeCloseTo(382.158898, 9);
  });
});

describe("a TOC must describe its vehicle type", () => {
  it.each<[GlecActionInput["vehicleType"], GlecActionInput["mode"], GlecActionInput["toc"]]>([
    // The HGV rows of glec-defaults.csv are diesel HGVs: not an LNG truck's.
    ["HGV_LNG", "road", "ROAD_HGV_ARTIC"],
    ["HGV_REEFER_DIESEL", "road", "ROAD_HGV_ARTIC"],
    ["VAN_DIESEL", "road", "ROAD_HGV_AVERAGE"],
    ["CONTAINER_SHIP", "sea", "SEA_BULK"],
    ["FREIGHTER_SHORT_HAUL", "air", "AIR_LONG_HAUL"],
  ])("refuses %s with %s %s", (vehicleType, mode, toc) => {
    const issues = refusal({ vehicleType, mode, toc });
    expect(issues.map(([path]) => path)).toEqual(["actions.0.toc"]);
    expect(issues[0]?.[1]).toContain(`does not describe vehicle type ${vehicleType}`);
  });

  it.each<
    [GlecActionInput["vehicleType"], GlecActionInput["mode"], GlecActionInput["toc"], number]
  >([
    // 10 t x 100 km = 1000 tkm x road_hgv_rigid_gt17t_tkm (DESNZ 2025 Freighting goods row 48,
    // WTT row 42) 0.20882 = 208.82
    ["HGV_RIGID_DIESEL", "road", "ROAD_HGV_RIGID_GT17T", 208.82],
    // 1000 tkm x sea_bulk_avg_tkm (Freighting goods row 145, WTT row 139) 0.00433 = 4.33
    ["MGO_SHIP", "sea", "SEA_BULK", 4.33],
  ])("takes %s with %s %s", (vehicleType, mode, toc, wtw) => {
    expect(leg({ vehicleType, mode, toc }).emissions.wtw).toBeCloseTo(wtw, 9);
  });
});

describe("aviation RF uplift is reported apart from TTW and WTW", () => {
  it.each<[GlecActionInput["vehicleType"], string, GlecActionInput["toc"], readonly number[]]>([
    // 10 t x 1000 km = 10000 tkm x air_long_haul_norf_tkm (DESNZ 2025 Freighting goods row 100,
    // WTT row 94): TTW 0.5313 -> 5313, WTT 0.13516 -> 1351.6, WTW 6664.6; RF uplift =
    // 10000 x (air_long_haul_rf_tkm TTW 0.89939 - 0.5313) = 3680.9 (before: TTW 8993.9, WTW 10345.5)
    ["FREIGHTER_LONG_HAUL", "1000", "AIR_LONG_HAUL_RF", [5313, 1351.6, 6664.6, 3680.9]],
    // 10 t x 100 km = 1000 tkm x air_short_haul_norf_tkm (row 99, WTT row 93): 755.39 + 205.15 =
    // 960.54; RF uplift = 1000 x (1.27835 - 0.75539) = 522.96
    ["FREIGHTER_SHORT_HAUL", "100", "AIR_SHORT_HAUL_RF", [755.39, 205.15, 960.54, 522.96]],
  ])("%s over %s km with %s", (vehicleType, distance, toc, [ttw, wtt, wtw, rf]) => {
    const entry = entryWith({ mode: "air", vehicleType, distance, toc });
    const result = calculateEntry(entry, factors);
    const [flight] = result.legs;
    expect(flight?.factor.key).toMatch(/_norf_tkm$/);
    expect(flight?.rfFactor?.key).toMatch(/_rf_tkm$/);
    expect(flight?.emissions.ttw).toBeCloseTo(ttw ?? Number.NaN, 9);
    expect(flight?.emissions.wtt).toBeCloseTo(wtt ?? Number.NaN, 9);
    expect(flight?.emissions.wtw).toBeCloseTo(wtw ?? Number.NaN, 9);
    expect(flight?.rfUplift).toBeCloseTo(rf ?? Number.NaN, 9);
    expect(result.emissions.wtw).toBeCloseTo(wtw ?? Number.NaN, 9);
    expect(result.rfUplift).toBeCloseTo(rf ?? Number.NaN, 9);
  });

  it("a flight without RF and every other leg report none", () => {
    const flight = leg({ mode: "air", vehicleType: "FREIGHTER_LONG_HAUL", toc: "AIR_LONG_HAUL" });
    expect(flight.rfUplift).toBeNull();
    expect(calculateEntry(entryWith({}), factors).rfUplift).toBeNull();
  });
});
