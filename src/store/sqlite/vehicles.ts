/** Vehicles in SQLite: listed in name order, saved by id, licence plates unique per company. */
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Vehicle } from "../../core/model/vehicle.js";
import type { VehicleFilter } from "../../core/resources/vehicles.js";
import type {
  CompanyPlate,
  FleetVehicle,
  StoredVehicle,
  VehicleConsumptions,
  VehiclePeriod,
  VehicleRecord,
  VehicleTable,
} from "../../rules/store.js";
import {
  fleetVehicleOf,
  storedVehicleOf,
  type VehicleColumns,
  vehicleOf,
} from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import { CompanyListing } from "./company-listing.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";
import { StoredDates } from "./stored-dates.js";

export type VehicleRow = VehicleColumns;

const SELECT = `SELECT v.id, co.id AS company_id, v.company_ref, b.id AS building_id, v.name,
  v.license_plate, v.plate_key, v.vehicle_type, v.vehicle_category, v.fuel_type, v.ownership, v.active_from,
  v.active_to, v.created_at, v.updated_at
  FROM vehicles v JOIN companies co ON co.ref = v.company_ref
  LEFT JOIN buildings b ON b.ref = v.building_ref`;

export type { FleetVehicle };
export { fleetVehicleOf };

function fromRow(row: VehicleRow): Vehicle {
  return vehicleOf(row);
}

function storedVehicle(row: VehicleRow): StoredVehicle {
  return storedVehicleOf(row);
}

type UpsertParams = [
  string,
  number,
  number | null,
  string,
  string | null,
  string | null,
  string,
  string,
  string,
  string,
  string,
  string | null,
  string,
  string,
];

/** The last instant a Date holds (ms): no stored date is after it, none before its negative. */
const LATEST = 8.64e15;

export class VehicleRepository implements VehicleTable {
  readonly #byId;
  readonly #byPlate;
  readonly #consumptionsOutside;
  readonly #consumptionsOf;
  readonly #listing: CompanyListing<VehicleRow, Vehicle>;
  readonly #upsert;
  readonly #dates = new StoredDates();

  /** `buildings` finds a building by id (not_found otherwise), for the lists by building. */
  constructor(
    db: Db,
    companies: CompanyRepository,
    buildings: { get(id: string): { readonly ref: number } },
  ) {
    this.#byId = lazy(() => db.prepare<[string], VehicleRow>(`${SELECT} WHERE v.id = ?`));
    this.#byPlate = lazy(() =>
      db.prepare<[number, string], VehicleRow>(
        `${SELECT} WHERE v.company_ref = ? AND v.plate_key = ?`,
      ),
    );
    // Consumptions of the vehicle outside a period (ms bounds; the end is exclusive).
    this.#consumptionsOutside = lazy(() =>
      db
        .prepare<[number, string, number, number], number>(
          `SELECT count(*) FROM consumptions WHERE company_ref = ? AND entity_id = ?
           AND (start_date < ? OR end_date >= ?)`,
        )
        .pluck(),
    );
    this.#consumptionsOf = lazy(() =>
      db
        .prepare<[string, string], number>(
          `SELECT count(*) FROM consumptions
          WHERE company_ref = (SELECT company_ref FROM vehicles WHERE id = ?) AND entity_id = ?`,
        )
        .pluck(),
    );
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "vehicles",
      alias: "v",
      order: ["name", "id"],
      key: (row) => [row.name, row.id],
      decode: fromRow,
      buildings,
    });
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO vehicles (id, company_ref, building_ref, name, license_plate, plate_key,
         vehicle_type, vehicle_category, fuel_type, ownership, active_from, active_to,
         created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         building_ref = excluded.building_ref, name = excluded.name,
         license_plate = excluded.license_plate, plate_key = excluded.plate_key,
         vehicle_type = excluded.vehicle_type, vehicle_category = excluded.vehicle_category,
         fuel_type = excluded.fuel_type, ownership = excluded.ownership,
         active_from = excluded.active_from, active_to = excluded.active_to,
         updated_at = excluded.updated_at`,
      ),
    );
  }

  find(id: string): StoredVehicle | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : storedVehicle(row);
  }

  findMany(ids: readonly string[]): StoredVehicle[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  findByPlates(plates: readonly CompanyPlate[]): StoredVehicle[] {
    const found = new Map<string, StoredVehicle>();
    for (const { companyRef, plateKey } of plates) {
      const row = this.#byPlate().get(companyRef, plateKey);
      if (row !== undefined) found.set(row.id, storedVehicle(row));
    }
    return [...found.values()];
  }

  /** One company's page, or every company's; an unknown company is not_found. */
  list(query: VehicleFilter & PageQuery): Page<Vehicle> {
    return this.#listing.list(query);
  }

  /** What `list` pages, for keyset pages (vehicles_in_order or _by_name). */
  keyset(filter: VehicleFilter): Keyset<VehicleRow, Vehicle> {
    return this.#listing.keyset(filter);
  }

  consumptions(periods: readonly VehiclePeriod[]): VehicleConsumptions[] {
    const outside = this.#consumptionsOutside();
    return periods.map(({ companyRef, vehicleId, activeFrom, activeTo }) => {
      // Starting before the end of time or ending after its start: every one of them.
      const total = outside.get(companyRef, vehicleId, LATEST, -LATEST) ?? 0;
      if (total === 0) return { total, outside: 0 };
      // The period's days, from the first's midnight to the midnight after the last (UTC).
      const from = this.#dates.stored(`${activeFrom}T00:00:00.000Z`);
      const to =
        activeTo === null ? LATEST : this.#dates.stored(`${activeTo}T00:00:00.000Z`) + 864e5;
      return { total, outside: outside.get(companyRef, vehicleId, from, to) ?? 0 };
    });
  }

  consumptionCounts(ids: readonly string[]): number[] {
    return ids.map((id) => this.#consumptionsOf().get(id, id) ?? 0);
  }

  saveAll(records: readonly VehicleRecord[], at: string): void {
    const upsert = this.#upsert();
    for (const record of records) {
      upsert.run(
        record.id,
        record.companyRef,
        record.buildingRef,
        record.name,
        record.licensePlate,
        record.plateKey,
        record.vehicleType,
        record.vehicleCategory,
        record.fuelType,
        record.ownership,
        record.activeFrom,
        record.activeTo,
        at,
        at,
      );
    }
  }
}
