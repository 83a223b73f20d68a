/**
 * Fleet consumptions on a real database: the vehicle's type and fuel and the unit choose the
 * subcategory, so the factor, scope and category. Expected figures are worked out by hand from
 * fixtures/factors/emission-factors.csv (the line of each factor is named).
 */
import { describe, expect, it } from "vitest";
import type { LocalService } from "../../../src/backends/local/local-service.js";
import { categoryId } from "../../../src/core/ids.js";
import type { FuelType, VehicleType } from "../../../src/core/model/vehicle.js";
import { carbonError, consumption, ids, openTemp, seed } from "./helpers.js";

let vehicleSerial = 0;

/** A vehicle of the GB company (company country GB), active from 2024-01-01. */
async function vehicle(
  service: LocalService,
  vehicleType: VehicleType,
  fuelType: FuelType,
  extra: { companyId?: string; activeTo?: string } = {},
): Promise<string> {
  vehicleSerial += 1;
  const id = `d0000000-0000-4000-8000-${String(vehicleSerial).padStart(12, "0")}`;
  await service.vehicles.upsert({
    id,
    companyId: extra.companyId ?? ids.gbCompany,
    name: `Vehicle ${vehicleSerial}`,
    vehicleType,
    vehicleCategory: "LAND_TRANSPORTATION",
    fuelType,
    ownership: "owned",
    activeFrom: "2024-01-01",
    activeTo: extra.activeTo ?? null,
  });
  return id;
}

interface Row {
  readonly what: string;
  readonly type: VehicleType;
  readonly fuel: FuelType;
  readonly quantity: number;
  readonly unit: string;
  readonly category: string;
  readonly scope: 1 | 2;
  /** null: awaiting_factor. */
  readonly co2e: number | null;
}

// GB company, consumption in January 2025: DESNZ 2025 rows (country_year).
const table: readonly Row[] = [
  // line 15 diesel_fuel GB 2025 2.57082 kg/l: 100 l x 2.57082 = 257.082
  {
    what: "diesel car, litres",
    type: "passenger_car",
    fuel: "diesel",
    quantity: 100,
    unit: "l",
    category: "diesel",
    scope: 1,
    co2e: 257.082,
  },
  // line 17 petrol GB 2025 2.06916 kg/l: 50 l x 2.06916 = 103.458
  {
    what: "petrol car, litres",
    type: "passenger_car",
    fuel: "petrol",
    quantity: 50,
    unit: "l",
    category: "petrol",
    scope: 1,
    co2e: 103.458,
  },
  // a hybrid burns petrol, line 17: 40 l x 2.06916 = 82.7664
  {
    what: "hybrid car, litres",
    type: "passenger_car",
    fuel: "hybrid",
    quantity: 40,
    unit: "l",
    category: "petrol",
    scope: 1,
    co2e: 82.7664,
  },
  // line 9 lpg GB 2025 1.55713 kg/l: 200 l x 1.55713 = 311.426
  {
    what: "LPG van, litres",
    type: "van",
    fuel: "lpg",
    quantity: 200,
    unit: "l",
    category: "vehicle_lpg",
    scope: 1,
    co2e: 311.426,
  },
  // line 19 cng GB 2025 2575.46441 kg/t: 500 kg = 0.5 t x 2575.46441 = 1287.732205
  {
    what: "CNG truck, kilograms",
    type: "truck",
    fuel: "cng",
    quantity: 500,
    unit: "kg",
    category: "cng",
    scope: 1,
    co2e: 1287.732205,
  },
  // line 20 lng GB 2025 1.17797 kg/l: 300 l x 1.17797 = 353.391
  {
    what: "LNG truck, litres",
    type: "truck",
    fuel: "lng",
    quantity: 300,
    unit: "l",
    category: "lng",
    scope: 1,
    co2e: 353.391,
  },
  // line 77 car_average_diesel_km scope 1 GB 2025 0.17304 kg/km: 1,000 km x 0.17304 = 173.04
  {
    what: "diesel car, km",
    type: "passenger_car",
    fuel: "diesel",
    quantity: 1000,
    unit: "km",
    category: "vehicle_distance_diesel",
    scope: 1,
    co2e: 173.04,
  },
  // line 76 car_average_petrol_km scope 1 GB 2025 0.16272 kg/km: 1,000 km x 0.16272 = 162.72
  {
    what: "petrol car, km",
    type: "passenger_car",
    fuel: "petrol",
    quantity: 1000,
    unit: "km",
    category: "vehicle_distance_petrol",
    scope: 1,
    co2e: 162.72,
  },
  // line 79 car_average_bev_km scope 2 GB 2025 0.03663 kg/km: 1,000 km x 0.03663 = 36.63
  {
    what: "electric car, km",
    type: "passenger_car",
    fuel: "electric",
    quantity: 1000,
    unit: "km",
    category: "vehicle_distance_bev",
    scope: 2,
    co2e: 36.63,
  },
  // electricity_grid GB 2025 0.177 kg/kWh (DESNZ 2025): 500 kWh x 0.177 = 88.5
  {
    what: "electric car, kWh charged",
    type: "passenger_car",
    fuel: "electric",
    quantity: 500,
    unit: "kWh",
    category: "electricity",
    scope: 2,
    co2e: 88.5,
  },
  // the same row: 200 kWh x 0.177 = 35.4
  {
    what: "plug-in hybrid, kWh charged",
    type: "passenger_car",
    fuel: "plug_in_hybrid",
    quantity: 200,
    unit: "kWh",
    category: "electricity",
    scope: 2,
    co2e: 35.4,
  },
  // line 17: 30 l x 2.06916 = 62.0748
  {
    what: "plug-in hybrid, litres",
    type: "passenger_car",
    fuel: "plug_in_hybrid",
    quantity: 30,
    unit: "l",
    category: "petrol",
    scope: 1,
    co2e: 62.0748,
  },
  // no scope 1 distance row for vans (van_diesel_tkm is scope 3, per tonne-km): awaiting
  {
    what: "diesel van, km",
    type: "van",
    fuel: "diesel",
    quantity: 1000,
    unit: "km",
    category: "vehicle_distance_other",
    scope: 1,
    co2e: null,
  },
  // motorbike_average_km is a scope 3 row only: awaiting
  {
    what: "petrol motorbike, km",
    type: "motorbike",
    fuel: "petrol",
    quantity: 800,
    unit: "km",
    category: "vehicle_distance_other",
    scope: 1,
    co2e: null,
  },
  // car_average_hybrid_km is a scope 3 row only: awaiting
  {
    what: "hybrid car, km",
    type: "passenger_car",
    fuel: "hybrid",
    quantity: 1000,
    unit: "km",
    category: "vehicle_distance_other",
    scope: 1,
    co2e: null,
  },
];

describe("fleet consumptions: the vehicle's type and fuel choose the factor", () => {
  it.each(table)("$what: $quantity $unit -> $category, scope $scope, $co2e kg", async (row) => {
    const service = await openTemp();
    await seed(service);
    const entityId = await vehicle(service, row.type, row.fuel);
    const { emission } = await service.consumptions.upsert(
      consumption({ entityId, category: row.category, quantity: row.quantity, unitType: row.unit }),
    );
    expect(emission.categoryId).toBe(categoryId(row.category));
    expect(emission.scope).toBe(row.scope);
    if (row.co2e === null) {
      expect(emission).toMatchObject({ status: "awaiting_factor", co2e: null, factorId: null });
    } else {
      expect(emission.status).toBe("calculated");
      expect(emission.co2e).toBeCloseTo(row.co2e, 9);
    }
  });

  // MITECO's row (emission-factors.csv line 137) publishes 2.517 kg/l in AR6; the database's AR5
  // set restates it from its gases: 2.488 kg CO2 + 0.000004 kg CH4 × 28 + 0.000105 kg N2O × 265
  // = 2.515937 kg/l
  it("a Spanish diesel car in 2025 takes MITECO's 2024 row (line 137, 2.515937 kg/l in AR5): 100 l = 251.5937 kg", async () => {
    const service = await openTemp();
    await seed(service);
    const entityId = await vehicle(service, "passenger_car", "diesel", {
      companyId: ids.esCompany,
    });
    const { emission } = await service.consumptions.upsert(
      consumption({
        entityId,
        category: "diesel",
        quantity: 100,
        unitType: "l",
        companyId: ids.esCompany,
        buildingId: ids.esBuilding,
      }),
    );
    expect(emission.resolution).toBe("country_earlier_year");
    expect(emission.co2e).toBeCloseTo(251.5937, 9);
  });

  it("the BEV distance row is scope 2 with the location figure as market figure", async () => {
    const service = await openTemp();
    await seed(service);
    const entityId = await vehicle(service, "passenger_car", "electric");
    const { emission } = await service.consumptions.upsert(
      consumption({ entityId, category: "vehicle_distance_bev", quantity: 1000, unitType: "km" }),
    );
    expect(emission.co2eMarketBased).toBeCloseTo(36.63, 9);
    expect(emission.marketBasis).toBe("location_fallback");
  });
});

describe("fleet consumptions: what is refused", () => {
  async function refusal(service: LocalService, overrides: Parameters<typeof consumption>[0]) {
    const error = await carbonError(service.consumptions.upsert(consumption(overrides)));
    expect(error.code).toBe("validation");
    return error.issues;
  }

  it("a category that is not the one the vehicle's fuel and the unit choose", async () => {
    const service = await openTemp();
    await seed(service);
    const entityId = await vehicle(service, "passenger_car", "diesel");
    const issues = await refusal(service, {
      entityId,
      category: "petrol",
      quantity: 10,
      unitType: "l",
    });
    expect(issues).toEqual([
      {
        path: "categoryId",
        message: `vehicle ${entityId} is a diesel passenger_car: its consumption in l is category diesel, not petrol`,
      },
    ]);
  });

  it("a distance category whose entityId is no vehicle of the company", async () => {
    const service = await openTemp();
    await seed(service);
    const ofSpain = await vehicle(service, "passenger_car", "diesel", { companyId: ids.esCompany });
    for (const entityId of ["INV-7", ofSpain]) {
      const issues = await refusal(service, {
        entityId,
        category: "vehicle_distance_diesel",
        quantity: 10,
        unitType: "km",
      });
      expect(issues).toEqual([
        {
          path: "entityId",
          message: `"${entityId}" is not a vehicle of company ${ids.gbCompany}: a consumption in vehicle_distance_diesel belongs to a vehicle (carbon vehicles list)`,
        },
      ]);
    }
  });

  it("a period outside the vehicle's active period (its days both included)", async () => {
    const service = await openTemp();
    await seed(service);
    const entityId = await vehicle(service, "passenger_car", "diesel", { activeTo: "2025-01-30" });
    const issues = await refusal(service, {
      entityId,
      category: "diesel",
      quantity: 10,
      unitType: "l",
    });
    expect(issues).toEqual([
      {
        path: "entityId",
        message: `vehicle ${entityId} is active from 2024-01-01 to 2025-01-30: the consumption's period 2025-01-01 to 2025-01-31 is not inside it`,
      },
    ]);
    // Ending on the last active day is inside.
    const inside = await service.consumptions.upsert(
      consumption({
        entityId,
        category: "diesel",
        quantity: 10,
        unitType: "l",
        endDate: "2025-01-30T00:00:00.000Z",
      }),
    );
    expect(inside.emission.status).toBe("calculated");
  });

  it("fuel for an electric car", async () => {
    const service = await openTemp();
    await seed(service);
    const entityId = await vehicle(service, "passenger_car", "electric");
    const issues = await refusal(service, {
      entityId,
      category: "petrol",
      quantity: 10,
      unitType: "l",
    });
    expect(issues).toEqual([
      {
        path: "unitType",
        message:
          "a electric passenger_car burns no fuel: record its charging in kWh or its distance in km",
      },
    ]);
  });

  it("a fuel consumption of no vehicle stays what it was (a fuel invoice)", async () => {
    const service = await openTemp();
    await seed(service);
    await vehicle(service, "passenger_car", "petrol");
    const { emission } = await service.consumptions.upsert(
      consumption({ entityId: "INV-diesel", category: "diesel", quantity: 100, unitType: "l" }),
    );
    expect(emission.co2e).toBeCloseTo(257.082, 9);
  });
});

describe("a vehicle with consumptions keeps what they were calculated from", () => {
  async function withConsumption(service: LocalService): Promise<string> {
    await seed(service);
    const entityId = await vehicle(service, "passenger_car", "diesel");
    await service.consumptions.upsert(
      consumption({ entityId, category: "diesel", quantity: 10, unitType: "l" }),
    );
    return entityId;
  }

  const base = {
    companyId: ids.gbCompany,
    name: "Pool car",
    vehicleType: "passenger_car",
    vehicleCategory: "LAND_TRANSPORTATION",
    fuelType: "diesel",
    ownership: "owned",
    activeFrom: "2024-01-01",
  } as const;

  it("refuses another fuel as a conflict, and keeps the vehicle", async () => {
    const service = await openTemp();
    const id = await withConsumption(service);
    const before = await service.vehicles.get(id);
    const error = await carbonError(service.vehicles.upsert({ ...base, id, fuelType: "petrol" }));
    expect(error.code).toBe("conflict");
    expect(error.message).toBe(
      `vehicle ${id} has 1 consumption(s) calculated from its type passenger_car and fuel diesel; they stay as they are`,
    );
    expect(await service.vehicles.get(id)).toEqual(before);
  });

  it("refuses an active period that leaves a consumption out, and takes one that holds it", async () => {
    const service = await openTemp();
    const id = await withConsumption(service);
    const error = await carbonError(
      service.vehicles.upsert({ ...base, id, activeTo: "2025-01-15" }),
    );
    expect(error.code).toBe("conflict");
    expect(error.issues).toEqual([
      { path: "activeFrom", message: "1 consumption(s) fall outside the period" },
    ]);
    const kept = await service.vehicles.upsert({ ...base, id, activeTo: "2025-01-31" });
    expect(kept.activeTo).toBe("2025-01-31");
  });
});
