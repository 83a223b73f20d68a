/** Vehicles in SQLite: listed in name order, upserted by id, licence plates unique per company. */
import { CarbonError, notFound } from "../../core/errors.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import {
  type FuelType,
  fuelTypes,
  type Ownership,
  ownerships,
  plateKey,
  type Vehicle,
  type VehicleCategory,
  type VehicleInput,
  type VehicleType,
  vehicleCategories,
  vehicleInputSchema,
  vehicleTypes,
} from "../../core/model/vehicle.js";
import { ownerConflict } from "../../core/ownership.js";
import type { VehicleFilter } from "../../core/resources/vehicles.js";
import { parseInput } from "../../core/validate.js";
import type { CompanyRepository, StoredCompany } from "../../store/sqlite/companies.js";
import { CompanyListing } from "../../store/sqlite/company-listing.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";
import { StoredDates } from "../../store/sqlite/stored-dates.js";
import type { BuildingRepository } from "./buildings.js";

export interface VehicleRow {
  id: string;
  company_id: string;
  company_ref: number;
  building_id: string | null;
  name: string;
  license_plate: string | null;
  vehicle_type: string;
  vehicle_category: string;
  fuel_type: string;
  ownership: string;
  active_from: string;
  active_to: string | null;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT v.id, co.id AS company_id, v.company_ref, b.id AS building_id, v.name,
  v.license_plate, v.vehicle_type, v.vehicle_category, v.fuel_type, v.ownership, v.active_from,
  v.active_to, v.created_at, v.updated_at
  FROM vehicles v JOIN companies co ON co.ref = v.company_ref
  LEFT JOIN buildings b ON b.ref = v.building_ref`;

/** The stored text, written only from parsed input, as one of `values`. */
function known<const T extends readonly string[]>(values: T, text: string): T[number] {
  const found = values.find((value) => value === text);
  if (found === undefined) throw new Error(`vehicles: unexpected stored value "${text}"`);
  return found;
}

/** What the calculation of a fleet consumption needs of its vehicle. */
export interface FleetVehicle {
  readonly id: string;
  readonly vehicleType: VehicleType;
  readonly fuelType: FuelType;
  readonly ownership: Ownership;
  readonly vehicleCategory: VehicleCategory;
  readonly activeFrom: string;
  readonly activeTo: string | null;
}

/** The columns a fleet consumption's check reads. */
export type FleetRow = Pick<
  VehicleRow,
  | "id"
  | "vehicle_type"
  | "vehicle_category"
  | "fuel_type"
  | "ownership"
  | "active_from"
  | "active_to"
>;

export function fleetVehicleOf(row: FleetRow): FleetVehicle {
  return {
    id: row.id,
    vehicleType: known(vehicleTypes, row.vehicle_type),
    vehicleCategory: known(vehicleCategories, row.vehicle_category),
    fuelType: known(fuelTypes, row.fuel_type),
    ownership: known(ownerships, row.ownership),
    activeFrom: row.active_from,
    activeTo: row.active_to,
  };
}

function fromRow(row: VehicleRow): Vehicle {
  const fleet = fleetVehicleOf(row);
  return {
    id: row.id,
    companyId: row.company_id,
    buildingId: row.building_id,
    name: row.name,
    licensePlate: row.license_plate,
    vehicleType: fleet.vehicleType,
    vehicleCategory: fleet.vehicleCategory,
    fuelType: fleet.fuelType,
    ownership: fleet.ownership,
    activeFrom: row.active_from,
    activeTo: row.active_to,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
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

export class VehicleRepository {
  readonly #companies: CompanyRepository;
  readonly #buildings: BuildingRepository;
  readonly #byId;
  readonly #byPlate;
  readonly #consumptionsOutside;
  readonly #consumptionsOf;
  readonly #listing: CompanyListing<VehicleRow, Vehicle>;
  readonly #upsert;
  readonly #dates = new StoredDates();

  constructor(db: Db, companies: CompanyRepository, buildings: BuildingRepository) {
    this.#companies = companies;
    this.#buildings = buildings;
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

  /** Whether a vehicle has this id (any text: a malformed id is simply none). */
  exists(id: unknown): boolean {
    return typeof id === "string" && this.#byId().get(id.trim().toLowerCase()) !== undefined;
  }

  get(id: string): Vehicle {
    const row = this.#byId().get(id.trim().toLowerCase());
    if (row === undefined) throw notFound("vehicle", id);
    return fromRow(row);
  }

  /** Why the vehicle cannot be deleted: consumptions of the fleet still belong to it. */
  deletionRefusal(id: string): string | undefined {
    const consumptions = this.#consumptionsOf().get(id, id) ?? 0;
    if (consumptions === 0) return undefined;
    return `vehicle ${id} still has ${consumptions} ${consumptions === 1 ? "consumption" : "consumptions"}; delete them first, or end its active period (--active-to) instead`;
  }

  /** One company's page, or every company's; an unknown company is not_found. */
  list(query: VehicleFilter & PageQuery): Page<Vehicle> {
    return this.#listing.list(query);
  }

  /** What `list` pages, for keyset pages (vehicles_in_order or _by_name). */
  keyset(filter: VehicleFilter): Keyset<VehicleRow, Vehicle> {
    return this.#listing.keyset(filter);
  }

  /** Conflict when another vehicle of the company already has the plate (as `plateKey` sees it). */
  #checkPlateFree(company: StoredCompany, plate: string, id: string): void {
    const other = this.#byPlate().get(company.ref, plateKey(plate));
    if (other === undefined || other.id === id) return;
    throw new CarbonError(
      "conflict",
      `company "${company.name}" (${company.id}) already has a vehicle with licence plate "${other.license_plate}" (${other.id}); licence plates are unique per company, ignoring case, spaces and dashes`,
      {
        hint: "use that vehicle's id to update it",
        issues: [{ path: "licensePlate", message: `taken by vehicle ${other.id}` }],
      },
    );
  }

  /**
   * A vehicle whose consumptions are stored keeps the type and fuel they were calculated from,
   * and an active period that holds them all (conflict otherwise).
   */
  #checkConsumptionsKept(before: VehicleRow, after: FleetVehicle, company: StoredCompany): void {
    const everything = this.#consumptionsOutside().get(company.ref, before.id, 8.64e15, -8.64e15);
    if (everything === 0 || everything === undefined) return;
    if (before.fuel_type !== after.fuelType || before.vehicle_type !== after.vehicleType) {
      throw new CarbonError(
        "conflict",
        `vehicle ${before.id} has ${everything} consumption(s) calculated from its type ${before.vehicle_type} and fuel ${before.fuel_type}; they stay as they are`,
        {
          hint: "record a new vehicle for the new type or fuel, with the old one's activeTo the day before",
          issues: [
            { path: "fuelType", message: "the vehicle's consumptions were calculated from it" },
          ],
        },
      );
    }
    const from = this.#dates.stored(`${after.activeFrom}T00:00:00.000Z`);
    const to =
      after.activeTo === null
        ? 8.64e15
        : this.#dates.stored(`${after.activeTo}T00:00:00.000Z`) + 864e5;
    const outside = this.#consumptionsOutside().get(company.ref, before.id, from, to) ?? 0;
    if (outside > 0) {
      throw new CarbonError(
        "conflict",
        `vehicle ${before.id} has ${outside} consumption(s) outside ${after.activeFrom} to ${after.activeTo ?? "today"}`,
        {
          hint: "keep the active period around the vehicle's consumptions",
          issues: [
            { path: "activeFrom", message: `${outside} consumption(s) fall outside the period` },
          ],
        },
      );
    }
  }

  /**
   * Upsert by id, replacing every field but createdAt. The company must exist (not_found), a
   * vehicle keeps its company (conflict), its building is the company's, and its plate is no
   * other vehicle's of the company (conflict).
   */
  upsert(input: VehicleInput): Vehicle {
    const parsed = parseInput(vehicleInputSchema, input, "vehicle");
    const id = parsed.id.toLowerCase();
    const company = this.#companies.get(parsed.companyId);
    const before = this.#byId().get(id);
    if (before !== undefined && before.company_ref !== company.ref) {
      throw ownerConflict("vehicle", id, before.company_id, company.id);
    }
    let buildingRef: number | null = null;
    if (parsed.buildingId !== null) {
      const building = this.#buildings.get(parsed.buildingId);
      if (building.companyRef !== company.ref) {
        throw new CarbonError(
          "validation",
          `vehicle rejected: buildingId: building ${building.id} belongs to company ${building.companyId}, not ${company.id}`,
          {
            issues: [
              { path: "buildingId", message: `building ${building.id} is another company's` },
            ],
          },
        );
      }
      buildingRef = building.ref;
    }
    if (parsed.licensePlate !== null) this.#checkPlateFree(company, parsed.licensePlate, id);
    if (before !== undefined) this.#checkConsumptionsKept(before, { ...parsed, id }, company);
    const now = new Date().toISOString();
    this.#upsert().run(
      id,
      company.ref,
      buildingRef,
      parsed.name,
      parsed.licensePlate,
      parsed.licensePlate === null ? null : plateKey(parsed.licensePlate),
      parsed.vehicleType,
      parsed.vehicleCategory,
      parsed.fuelType,
      parsed.ownership,
      parsed.activeFrom,
      parsed.activeTo,
      now,
      now,
    );
    return this.get(id);
  }
}
