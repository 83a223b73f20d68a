/**
 * GLEC calculation against hand calculations from fixtures/factors/glec-defaults.csv. Every
 * expected figure is worked out in the comments from the cited rows; the code only adds them up.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CarbonError } from "../../../src/core/errors.js";
import { type GlecActionInput, glecEntryInputSchema } from "../../../src/core/model/glec.js";
import { glecTocs, glecVehicleTypes } from "../../../src/core/model/glec-codes.js";
import { calculateEntry } from "../../../src/engine/glec/calculate.js";
import { ELECTRICITY_ALL_WTT, WTT_FROM_WTW } from "../../../src/engine/glec/factors.js";
import { shippedGlecFactors } from "../../../src/shipped/glec-factors.js";

const factors = shippedGlecFactors();
const fixture = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);

function entryWith(...actions: GlecActionInput[]) {
  return glecEntryInputSchema.parse({
    id: "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b",
    companyId: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
    startDate: "2025-03-03",
    endDate: "2025-03-03",
    actions,
  });
}

function action(over: Partial<GlecActionInput>): GlecActionInput {
  return {
    id: "a1000000-0000-4000-8000-000000000009",
    mode: "road",
    distance: "100",
    vehicleType: "HGV_DIESEL",
    load: "10",
    loadUnit: "t",
    ...over,
  };
}

describe("GLEC factor table", () => {
  it("has a usable row for every TOC and every vehicle type's fuel", () => {
    for (const toc of Object.values(glecTocs)) expect(factors.has(toc.factorKey)).toBe(true);
    for (const vehicle of Object.values(glecVehicleTypes)) {
      for (const key of vehicle.fuels) expect(factors.has(key)).toBe(true);
    }
  });

  it("completes a split the source does not print, and says how", () => {
    // en16258_diesel_b7: ttw 2.97, wtw 3.76, no wtt -> wtt = 3.76 - 2.97 = 0.79
    const b7 = factors.get("en16258_diesel_b7");
    expect(b7?.wtt).toBeCloseTo(0.79, 12);
    expect(b7?.derivation).toBe(WTT_FROM_WTW);
    // electricity_gb_kwh: wtw 0.2454 only -> ttw 0, wtt 0.2454
    const power = factors.get("electricity_gb_kwh");
    expect([power?.ttw, power?.wtt, power?.wtw]).toEqual([0, 0.2454, 0.2454]);
    expect(power?.derivation).toBe(ELECTRICITY_ALL_WTT);
    // US EPA rows print TTW only: left out rather than understate WTW.
    expect(factors.has("us_truck_tmile")).toBe(false);
  });
});

describe("GLEC calculation of the fixture shipment (road measured fuel, rail, sea)", () => {
  const result = calculateEntry(glecEntryInputSchema.parse(fixture), factors);
  const [road, rail, sea] = result.legs;

  it("road: 32 l/100km over 250 km of measured diesel", () => {
    // fuel = 32 l/100km x 250 km / 100 = 80 l
    // diesel_avg_blend_l (DESNZ 2025, Fuels row 72 / WTT- fuels row 71): ttw 2.57082, wtt 0.61101
    // TTW = 80 x 2.57082 = 205.6656 kg; WTT = 80 x 0.61101 = 48.8808 kg; WTW = 254.5464 kg
    // tonne-km = 12000 kg = 12 t x 250 km = 3000
    expect(road?.method).toBe("measured_energy");
    expect(road?.energy).toBe(80);
    expect(road?.energyUnit).toBe("l");
    expect(road?.factor.key).toBe("diesel_avg_blend_l");
    expect(road?.factor.source).toBe("UK DESNZ GHG Conversion Factors 2025 (full set v1)");
    expect(road?.tonneKm).toBe(3000);
    expect(road?.emissions.ttw).toBeCloseTo(205.6656, 9);
    expect(road?.emissions.wtt).toBeCloseTo(48.8808, 9);
    expect(road?.emissions.wtw).toBeCloseTo(254.5464, 9);
  });

  it("rail: 12 t x 640 km at the RAIL_FREIGHT intensity", () => {
    // tonne-km = 12 x 640 = 7680
    // rail_freight_tkm (DESNZ 2025, Freighting goods row 106 / WTT row 100): 0.02779 + 0.00691
    // TTW = 7680 x 0.02779 = 213.4272; WTT = 7680 x 0.00691 = 53.0688; WTW = 266.496
    expect(rail?.method).toBe("default_intensity");
    expect(rail?.toc).toBe("RAIL_FREIGHT");
    expect(rail?.factor.key).toBe("rail_freight_tkm");
    expect(rail?.tonneKm).toBe(7680);
    expect(rail?.emissions.ttw).toBeCloseTo(213.4272, 9);
    expect(rail?.emissions.wtt).toBeCloseTo(53.0688, 9);
    expect(rail?.emissions.wtw).toBeCloseTo(266.496, 9);
  });

  it("sea: no toc given, so the container ship's default SEA_CONTAINER", () => {
    // tonne-km = 12 t x 2900 km = 34800
    // sea_container_avg_tkm (DESNZ 2025, Freighting goods row 159 / WTT row 153): 0.01612 + 0.00365
    // TTW = 34800 x 0.01612 = 560.976; WTT = 34800 x 0.00365 = 127.02; WTW = 687.996
    expect(sea?.method).toBe("default_intensity");
    expect(sea?.toc).toBe("SEA_CONTAINER");
    expect(sea?.tonneKm).toBe(34800);
    expect(sea?.emissions.ttw).toBeCloseTo(560.976, 9);
    expect(sea?.emissions.wtt).toBeCloseTo(127.02, 9);
    expect(sea?.emissions.wtw).toBeCloseTo(687.996, 9);
  });

  it("totals and intensity", () => {
    // tonne-km = 3000 + 7680 + 34800 = 45480
    // TTW = 205.6656 + 213.4272 + 560.976 = 980.0688 kg
    // WTT = 48.8808 + 53.0688 + 127.02 = 228.9696 kg
    // WTW = 254.5464 + 266.496 + 687.996 = 1209.0384 kg
    // intensity WTW = 1209.0384 kg x 1000 / 45480 tkm = 26.58395778... g/tkm
    expect(result.tonneKm).toBe(45480);
    expect(result.emissions.ttw).toBeCloseTo(980.0688, 9);
    expect(result.emissions.wtt).toBeCloseTo(228.9696, 9);
    expect(result.emissions.wtw).toBeCloseTo(1209.0384, 9);
    expect(result.intensity?.wtw).toBeCloseTo(1209038.4 / 45480, 9);
    expect(result.intensity?.ttw).toBeCloseTo(980068.8 / 45480, 9);
  });
});

describe("GLEC calculation rules", () => {
  it.each<[string, Partial<GlecActionInput>, string, readonly number[]]>([
    // 25 kg/100km x 400 km = 100 kg = 0.1 t diesel, the whole truck's (totalLoad = load);
    // diesel_avg_blend_t (DESNZ 2025 Fuels row 71, WTT- fuels row 70) 3087.94462 + 733.64436 per t
    // TTW = 308.794462, WTT = 73.364436, WTW = 382.158898
    [
      "kg of diesel",
      { energyQuantity: "25", energyQuantityUnit: "kg/100km", distance: "400", totalLoad: "10" },
      "diesel_avg_blend_t",
      [308.794462, 73.364436, 382.158898],
    ],
    // 1.2 kWh/km x 500 km = 600 kWh on the GB grid of 2025: electricity_grid 0.177 + T&D 0.01853
    // + their WTT 0.0459 + 0.00397 = 0.2454 (DESNZ 2025) -> TTW 0, WTT = WTW = 147.24
    [
      "electric train kWh",
      {
        vehicleType: "TRAIN_ELECTRIC",
        mode: "rail",
        energyQuantity: "1.2",
        energyQuantityUnit: "kWh/km",
        distance: "500",
        totalLoad: "10",
        country: "GB",
      },
      "electricity_grid",
      [0, 147.24, 147.24],
    ],
    // 0.05 t/km x 1000 km = 50 t marine fuel oil (a full ship: totalLoad = load); 3154.75334 + 714.86545 per t
    // TTW = 157737.667, WTT = 35743.2725, WTW = 193480.9395
    [
      "tonnes of marine fuel oil",
      {
        vehicleType: "CONTAINER_SHIP",
        mode: "sea",
        energyQuantity: "0.05",
        energyQuantityUnit: "t/km",
        distance: "1000",
        totalLoad: "10",
      },
      "marine_fuel_oil_t",
      [157737.667, 35743.2725, 193480.9395],
    ],
    // mode internal takes the vehicle type's mode; 10 t x 100 km = 1000 tkm x road_hgv_all_avg_tkm
    // (0.10163 + 0.02359): TTW 101.63, WTT 23.59, WTW 125.22
    [
      "internal leg, default intensity",
      { mode: "internal" },
      "road_hgv_all_avg_tkm",
      [101.63, 23.59, 125.22],
    ],
  ])("%s", (_name, over, key, [ttw, wtt, wtw]) => {
    const leg = calculateEntry(entryWith(action(over)), factors).legs[0];
    expect(leg?.factor.key).toBe(key);
    expect(leg?.emissions.ttw).toBeCloseTo(ttw ?? Number.NaN, 6);
    expect(leg?.emissions.wtt).toBeCloseTo(wtt ?? Number.NaN, 6);
    expect(leg?.emissions.wtw).toBeCloseTo(wtw ?? Number.NaN, 6);
  });

  it.each([
    ["a mode that is not the vehicle's", { mode: "sea" }, "actions.0.mode"],
    ["a toc of another mode", { toc: "SEA_BULK" }, "actions.0.toc"],
    [
      "an energy unit without a fuel row",
      { energyQuantity: "3", energyQuantityUnit: "kWh/km", totalLoad: "10" },
      "actions.0.energyQuantityUnit",
    ],
    ["no energy and no default intensity", { vehicleType: "HGV_LNG" }, "actions.0.energyQuantity"],
  ] as const)("refuses %s", (_name, over, where) => {
    let caught: unknown;
    try {
      calculateEntry(entryWith(action(over)), factors);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CarbonError);
    if (caught instanceof CarbonError) {
      expect(caught.code).toBe("validation");
      expect(caught.issues.map((issue) => issue.path)).toEqual([where]);
    }
  });
});

describe("GLEC entry schema", () => {
  it.each([
    [
      "an unknown vehicle type, listing the accepted ones",
      { vehicleType: "TRUCK" },
      "actions.0.vehicleType",
      "accepted: HGV_DIESEL",
    ],
    ["an unknown load unit", { loadUnit: "TEU" }, "actions.0.loadUnit", "accepted: kg, t"],
    [
      "a distance given as a JSON number",
      { distance: 12 },
      "actions.0.distance",
      "written as a string",
    ],
    ["a negative load", { load: "-3" }, "actions.0.load", "of 0 or more"],
    [
      "energy without its unit",
      { energyQuantity: "30" },
      "actions.0.energyQuantityUnit",
      "give both",
    ],
    [
      "an energy unit that is not per distance",
      { energyQuantity: "30", energyQuantityUnit: "l" },
      "actions.0.energyQuantityUnit",
      "accepted: l/100km",
    ],
  ])("refuses %s", (_name, over, where, text) => {
    const result = glecEntryInputSchema.safeParse({
      id: "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b",
      companyId: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
      startDate: "2025-03-03",
      endDate: "2025-03-03",
      actions: [{ ...action({}), ...over }],
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path.join(".")).toBe(where);
    expect(issue?.message).toContain(text);
  });
});
