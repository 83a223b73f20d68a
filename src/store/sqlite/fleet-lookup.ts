/** The vehicles a batch of consumptions may belong to, read once per company and batch. */

import type { FleetOf, FleetVehicle } from "../../rules/store.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";
import { fleetVehicleOf, type VehicleRow } from "./vehicles.js";

export class FleetLookup {
  readonly #ofCompany;

  constructor(db: Db) {
    this.#ofCompany = lazy(() =>
      db.prepare<[number], VehicleRow>(
        `SELECT v.id, v.vehicle_type, v.vehicle_category, v.fuel_type, v.ownership, v.active_from,
         v.active_to FROM vehicles v WHERE v.company_ref = ?`,
      ),
    );
  }

  /** A memo for one batch: each company's vehicles by id, queried on first need. */
  batch(): FleetOf {
    const fleets = new Map<number, Map<string, FleetVehicle>>();
    return (companyRef) => {
      let fleet = fleets.get(companyRef);
      if (fleet === undefined) {
        fleet = new Map();
        for (const row of this.#ofCompany().all(companyRef)) fleet.set(row.id, fleetVehicleOf(row));
        fleets.set(companyRef, fleet);
      }
      return fleet;
    };
  }
}
