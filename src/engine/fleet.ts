/**
 * Fleet consumptions (docs/vehicles.md): a consumption whose entityId is one of the company's
 * vehicles is recorded in the subcategory its vehicle's type and fuel and its unit choose, so the
 * factor, the scope and the category follow from the vehicle, never from a guess.
 */
import type { FuelType, VehicleType } from "../core/model/vehicle.js";
import { findUnit } from "./units.js";

/**
 * The subcategories only a vehicle's consumption takes: a consumption in one of them whose
 * entityId is not a vehicle of the company is rejected.
 */
export const FLEET_ONLY_CATEGORIES: ReadonlySet<string> = new Set([
  "vehicle_distance_petrol",
  "vehicle_distance_diesel",
  "vehicle_distance_average",
  "vehicle_distance_bev",
  "vehicle_distance_other",
  "vehicle_lpg",
]);

/** The fuel subcategory of each fuel burnt (a hybrid runs on petrol, a plug-in on petrol too). */
const FUEL_CATEGORY: Readonly<Record<FuelType, string | undefined>> = {
  petrol: "petrol",
  diesel: "diesel",
  lpg: "vehicle_lpg",
  cng: "cng",
  lng: "lng",
  electric: undefined,
  hybrid: "petrol",
  plug_in_hybrid: "petrol",
};

/** Cars by distance: the library's average-car rows by fuel (scope 1, or scope 2 for a BEV). */
const CAR_DISTANCE_CATEGORY: Readonly<Record<FuelType, string>> = {
  petrol: "vehicle_distance_petrol",
  diesel: "vehicle_distance_diesel",
  electric: "vehicle_distance_bev",
  lpg: "vehicle_distance_other",
  cng: "vehicle_distance_other",
  lng: "vehicle_distance_other",
  hybrid: "vehicle_distance_other",
  plug_in_hybrid: "vehicle_distance_other",
};

export interface FleetProfile {
  readonly vehicleType: VehicleType;
  readonly fuelType: FuelType;
}

/** The subcategory code of a vehicle's consumption in `unit`, or why there is none. */
export type FleetChoice = { readonly code: string } | { readonly problem: string };

export function fleetCategory(vehicle: FleetProfile, unit: string): FleetChoice {
  const dimension = findUnit(unit)?.dimension;
  const what = `a ${vehicle.fuelType} ${vehicle.vehicleType}`;
  if (dimension === "distance") {
    if (vehicle.vehicleType === "passenger_car") {
      return { code: CAR_DISTANCE_CATEGORY[vehicle.fuelType] };
    }
    return { code: "vehicle_distance_other" };
  }
  if (
    dimension === "energy" &&
    (vehicle.fuelType === "electric" || vehicle.fuelType === "plug_in_hybrid")
  ) {
    return { code: "electricity" };
  }
  if (dimension === "volume" || dimension === "mass" || dimension === "energy") {
    const code = FUEL_CATEGORY[vehicle.fuelType];
    if (code !== undefined) return { code };
    return { problem: `${what} burns no fuel: record its charging in kWh or its distance in km` };
  }
  return {
    problem: `unit "${unit}" does not measure ${what}'s fuel (l, kg), energy (kWh) or distance (km)`,
  };
}

/** Midnight UTC of a `YYYY-MM-DD` date, in milliseconds. */
function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

const DAY_MS = 86_400_000;

/**
 * Why a consumption from `start` to `end` (ISO date-times) is not inside a vehicle's active
 * period, days from activeFrom to activeTo both included, or undefined when it is.
 */
export function outsideActivePeriod(
  vehicle: { readonly id: string; readonly activeFrom: string; readonly activeTo: string | null },
  start: string,
  end: string,
): string | undefined {
  const from = dayStart(vehicle.activeFrom);
  const to =
    vehicle.activeTo === null ? Number.POSITIVE_INFINITY : dayStart(vehicle.activeTo) + DAY_MS;
  if (Date.parse(start) >= from && Date.parse(end) < to) return undefined;
  const period = `${vehicle.activeFrom} to ${vehicle.activeTo ?? "now"}`;
  return `vehicle ${vehicle.id} is active from ${period}: the consumption's period ${start.slice(0, 10)} to ${end.slice(0, 10)} is not inside it`;
}
