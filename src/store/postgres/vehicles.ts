/** Vehicles in PostgreSQL: a company table, listed by name, licence plates unique per company. */

import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Vehicle } from "../../core/model/vehicle.js";
import type { VehicleFilter } from "../../core/resources/vehicles.js";
import type {
  CompanyPlate,
  StoredVehicle,
  VehicleConsumptions,
  VehiclePeriod,
  VehicleRecord,
  VehicleTable,
} from "../../rules/store.js";
import { storedVehicleOf, type VehicleColumns, vehicleOf } from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const SELECT = `SELECT v.id, co.id AS company_id, v.company_ref, b.id AS building_id, v.name,
  v.license_plate, v.plate_key, v.vehicle_type, v.vehicle_category, v.fuel_type, v.ownership,
  v.active_from, v.active_to, v.created_at, v.updated_at
  FROM vehicles v JOIN companies co ON co.ref = v.company_ref
  LEFT JOIN buildings b ON b.company_ref = v.company_ref AND b.ref = v.building_ref`;

/** Rows a statement writes at once (14 parameters each, well under PostgreSQL's 65,535). */
const BATCH = 1000;
/** The last instant a Date holds (ms): an open-ended period ends after every stored date. */
const LATEST = 8.64e15;
/** A day in ms: a period's last day counts whole. */
const DAY_MS = 864e5;

export class PostgresVehicles implements VehicleTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<VehicleColumns, Vehicle>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "vehicles",
      alias: "v",
      order: ["v.name", "v.id"],
      decode: vehicleOf,
    });
  }

  async #rows(sql: string, params: unknown[]): Promise<StoredVehicle[]> {
    return (await this.#db.query<VehicleColumns>(sql, params)).rows.map(storedVehicleOf);
  }

  async find(id: string): Promise<StoredVehicle | undefined> {
    if (!isUuid(id)) return undefined;
    return (await this.#rows(`${SELECT} WHERE v.id = $1`, [id]))[0];
  }

  findMany(ids: readonly string[]): Promise<StoredVehicle[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return Promise.resolve([]);
    return this.#rows(`${SELECT} WHERE v.id = ANY($1::uuid[])`, [wanted]);
  }

  async findByPlates(plates: readonly CompanyPlate[]): Promise<StoredVehicle[]> {
    if (plates.length === 0) return [];
    const found = await this.#rows(
      `${SELECT} JOIN unnest($1::bigint[], $2::text[]) AS k (company_ref, plate_key)
         ON k.company_ref = v.company_ref AND k.plate_key = v.plate_key`,
      [plates.map((plate) => plate.companyRef), plates.map((plate) => plate.plateKey)],
    );
    return [...new Map(found.map((vehicle) => [vehicle.id, vehicle])).values()];
  }

  /** One company's page, or every company's, or one building's; unknown ones are not_found. */
  async list(query: VehicleFilter & PageQuery): Promise<Page<Vehicle>> {
    const { where, params } = await this.#listing.conditions(query);
    await this.#listing.building({ where, params }, query.buildingId);
    return this.#listing.page({ where, params }, query);
  }

  /** Of each period, the company's consumptions naming the vehicle: in all, and outside it. */
  async consumptions(periods: readonly VehiclePeriod[]): Promise<VehicleConsumptions[]> {
    if (periods.length === 0) return [];
    const found = await this.#db.query<{ n: number; total: number; outside: number }>(
      `SELECT k.n, count(c.id) AS total,
         count(c.id) FILTER (WHERE c.start_date < k.from_ms OR c.end_date >= k.to_ms) AS outside
       FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[]) WITH ORDINALITY
         AS k (company_ref, vehicle_id, from_ms, to_ms, n)
       LEFT JOIN consumptions c ON c.company_ref = k.company_ref AND c.entity_id = k.vehicle_id
       GROUP BY k.n`,
      [
        periods.map((period) => period.companyRef),
        periods.map((period) => period.vehicleId),
        periods.map((period) => Date.parse(`${period.activeFrom}T00:00:00.000Z`)),
        periods.map((period) =>
          period.activeTo === null
            ? LATEST
            : Date.parse(`${period.activeTo}T00:00:00.000Z`) + DAY_MS,
        ),
      ],
    );
    const byPosition = new Map(found.rows.map((row) => [row.n, row]));
    return periods.map((_, index) => {
      const row = byPosition.get(index + 1);
      return { total: row?.total ?? 0, outside: row?.outside ?? 0 };
    });
  }

  /** How many consumptions of each vehicle's company name it, in the same order. */
  async consumptionCounts(ids: readonly string[]): Promise<number[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return ids.map(() => 0);
    const found = await this.#db.query<{ id: string; count: number }>(
      `SELECT v.id, count(c.id) AS count FROM vehicles v
       LEFT JOIN consumptions c ON c.company_ref = v.company_ref AND c.entity_id = v.id::text
       WHERE v.id = ANY($1::uuid[]) GROUP BY v.id`,
      [wanted],
    );
    const counts = new Map(found.rows.map((row) => [row.id, row.count]));
    return ids.map((id) => counts.get(id) ?? 0);
  }

  /** Each by id, in order (the later of an id twice), a statement per batch; createdAt is kept. */
  async saveAll(records: readonly VehicleRecord[], at: string): Promise<void> {
    const last = [...new Map(records.map((record) => [record.id, record])).values()];
    for (let start = 0; start < last.length; start += BATCH) {
      const params: unknown[] = [at];
      const rows = last.slice(start, start + BATCH).map((record) => {
        const first = params.length + 1;
        params.push(
          record.companyRef,
          record.id,
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
        );
        const marks = Array.from({ length: 12 }, (_, i) => `$${first + i}${CASTS[i] ?? ""}`);
        return `(${marks.join(", ")}, $1, $1)`;
      });
      await this.#db.query(
        `INSERT INTO vehicles (company_ref, id, building_ref, name, license_plate, plate_key,
           vehicle_type, vehicle_category, fuel_type, ownership, active_from, active_to,
           created_at, updated_at)
         VALUES ${rows.join(", ")}
         ON CONFLICT (company_ref, id) DO UPDATE SET
           building_ref = excluded.building_ref, name = excluded.name,
           license_plate = excluded.license_plate, plate_key = excluded.plate_key,
           vehicle_type = excluded.vehicle_type, vehicle_category = excluded.vehicle_category,
           fuel_type = excluded.fuel_type, ownership = excluded.ownership,
           active_from = excluded.active_from, active_to = excluded.active_to,
           updated_at = excluded.updated_at`,
        params,
      );
    }
  }
}

/** The types of a row's values PostgreSQL cannot tell from a VALUES list. */
const CASTS = ["::bigint", "::uuid", "::bigint"];
