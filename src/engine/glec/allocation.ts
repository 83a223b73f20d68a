/**
 * ISO 14083 allocation of a vehicle's measured fuel by tonne-km (docs/glec.md): the shipment gets
 * its tonne-km over the vehicle operation's tonne-km of the fuel burnt over the leg. The
 * operation's tonne-km is given, or is the vehicle's load (given, or load factor x payload
 * capacity) x the leg's distance. Which fields are present was checked by the schema.
 */
import type { FieldIssue } from "../../core/errors.js";
import type { GlecAction } from "../../core/model/glec.js";
import type { AllocationField } from "../../core/model/glec-allocation.js";
import { tonnesPerLoadUnit } from "../../core/model/glec-codes.js";

export interface Allocation {
  readonly basis: AllocationField;
  /** tkm of the vehicle operation. */
  readonly vehicleTransportActivity: number;
  /** The shipment's tonne-km over the operation's, from 0 to 1. */
  readonly share: number;
}

export type AllocationOutcome =
  | { readonly ok: true; readonly allocation: Allocation }
  | { readonly ok: false; readonly issue: FieldIssue };

export function allocationOf(
  action: GlecAction,
  tonneKm: number,
  distanceKm: number,
  at: string,
): AllocationOutcome {
  const perUnit = tonnesPerLoadUnit[action.loadUnit];
  let basis: AllocationField;
  let vehicle: number;
  let what: string;
  if (action.totalTransportActivity !== null) {
    basis = "totalTransportActivity";
    vehicle = Number(action.totalTransportActivity);
    what = `the vehicle operation's ${vehicle} tkm`;
  } else if (action.totalLoad !== null) {
    basis = "totalLoad";
    const load = Number(action.totalLoad) * perUnit;
    vehicle = load * distanceKm;
    what = `the vehicle's total load of ${load} t over ${distanceKm} km`;
  } else if (action.loadFactor !== null && action.payloadCapacity !== null) {
    basis = "loadFactor";
    const load = Number(action.loadFactor) * Number(action.payloadCapacity) * perUnit;
    vehicle = load * distanceKm;
    what = `the vehicle's load of ${load} t (loadFactor x payloadCapacity) over ${distanceKm} km`;
  } else {
    // The schema refuses measured fuel without a basis; a caller that skipped it gets the same.
    return {
      ok: false,
      issue: { path: `${at}totalTransportActivity`, message: "measured fuel needs an allocation" },
    };
  }
  // Figures equal on paper may differ in the last bit (0.3 x 40 t): that is not more.
  if (tonneKm > vehicle * (1 + 1e-12)) {
    return {
      ok: false,
      issue: {
        path: `${at}${basis}`,
        message: `this shipment's ${tonneKm} tkm is more than ${what}: the vehicle carries at least the shipment`,
      },
    };
  }
  // A shipment of 0 t over a vehicle at 0 km moves nothing and is given none of the fuel.
  const share = vehicle === 0 ? 0 : tonneKm / vehicle;
  return { ok: true, allocation: { basis, vehicleTransportActivity: vehicle, share } };
}
