/**
 * Vehicles: upserted by id, each keeping its company, based at a building of that company, with
 * licence plates unique per company as `plateKey` compares them. A vehicle whose consumptions
 * are stored keeps the type and fuel they were calculated from and an active period around
 * them, and none is deleted while a consumption names it.
 *
 * A batch (an import) reads what its rows name at once, checks each row against what the rows
 * before it wrote, and stores all of them or none.
 */
import { CarbonError, notFound } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import {
  plateKey,
  type Vehicle,
  type VehicleInput,
  vehicleInputSchema,
} from "../core/model/vehicle.js";
import { ownerConflict } from "../core/ownership.js";
import {
  isVehicleRowError,
  type VehicleBatchResult,
  type VehicleRowProblem,
  vehicleRowProblems,
} from "../core/ports/vehicles.js";
import type { VehicleFilter } from "../core/resources/vehicles.js";
import { parseInput } from "../core/validate.js";
import { byGivenId } from "./companies.js";
import type {
  StoredBuilding,
  StoredCompany,
  StoreTransaction,
  VehicleConsumptions,
  VehiclePeriod,
  VehicleRecord,
} from "./store.js";

export async function getVehicle(tx: StoreTransaction, id: string): Promise<Vehicle> {
  const found = await tx.vehicles.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("vehicle", id);
  const { companyRef: _, plateKey: __, ...vehicle } = found;
  return vehicle;
}

/** One company's page, or every company's (of one building's); an unknown one is not_found. */
export async function listVehicles(
  tx: StoreTransaction,
  query: VehicleFilter & PageQuery,
): Promise<Page<Vehicle>> {
  return tx.vehicles.list(query);
}

/** Why a vehicle named by `consumptions` consumptions cannot be deleted; undefined: it can. */
export function vehicleRefusal(id: string, consumptions: number): string | undefined {
  if (consumptions === 0) return undefined;
  return `vehicle ${id} still has ${consumptions} ${consumptions === 1 ? "consumption" : "consumptions"}; delete them first, or end its active period (--active-to) instead`;
}

/** The input, validated (a usage error names each field at fault), its id in lower case. */
function parseVehicle(input: VehicleInput) {
  const parsed = parseInput(vehicleInputSchema, input, "vehicle");
  return { ...parsed, id: parsed.id.toLowerCase() };
}

type ParsedVehicle = ReturnType<typeof parseVehicle>;

/** What the checks need of a vehicle as it stands (stored, or written by an earlier row). */
interface Current {
  readonly id: string;
  readonly companyRef: number;
  readonly companyId: string;
  readonly licensePlate: string | null;
  readonly plateKey: string | null;
  readonly vehicleType: string | null;
  readonly fuelType: string | null;
}

function plateSlot(companyRef: number, key: string): string {
  return `${companyRef} ${key}`;
}

/**
 * The vehicles, companies, buildings and consumption counts a batch's rows name, read at once,
 * and kept up to date as each row's write is applied: a row sees the rows before it.
 */
class Fleet {
  readonly #companies: ReadonlyMap<string, StoredCompany | undefined>;
  readonly #buildings: ReadonlyMap<string, StoredBuilding | undefined>;
  readonly #vehicles = new Map<string, Current>();
  /** The vehicle holding each plate of a company. */
  readonly #plates = new Map<string, Current>();
  /** By the row's index: the consumptions of its vehicle, in all and outside its period. */
  readonly #consumptions: ReadonlyMap<number, VehicleConsumptions>;

  constructor(parts: {
    readonly companies: ReadonlyMap<string, StoredCompany | undefined>;
    readonly buildings: ReadonlyMap<string, StoredBuilding | undefined>;
    readonly vehicles: readonly Current[];
    readonly plateHolders: readonly Current[];
    readonly consumptions: ReadonlyMap<number, VehicleConsumptions>;
  }) {
    this.#companies = parts.companies;
    this.#buildings = parts.buildings;
    this.#consumptions = parts.consumptions;
    for (const vehicle of [...parts.plateHolders, ...parts.vehicles]) {
      if (vehicle.plateKey !== null) {
        this.#plates.set(plateSlot(vehicle.companyRef, vehicle.plateKey), vehicle);
      }
    }
    for (const vehicle of parts.vehicles) this.#vehicles.set(vehicle.id, vehicle);
  }

  /**
   * The record a row writes, and whether its vehicle existed. The company must exist
   * (not_found), a vehicle keeps its company (conflict), its building is the company's, its
   * plate is no other vehicle's of the company (conflict), and its consumptions stay as they
   * were calculated (conflict).
   */
  check(
    row: ParsedVehicle,
    index: number,
  ): {
    readonly record: VehicleRecord;
    readonly company: StoredCompany;
    readonly existed: boolean;
  } {
    const company = this.#companies.get(row.companyId);
    if (company === undefined) throw notFound("company", row.companyId);
    const before = this.#vehicles.get(row.id);
    if (before !== undefined && before.companyRef !== company.ref) {
      throw ownerConflict("vehicle", row.id, before.companyId, company.id);
    }
    let buildingRef: number | null = null;
    if (row.buildingId !== null) {
      const building = this.#buildings.get(row.buildingId);
      if (building === undefined) throw notFound("building", row.buildingId);
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
    const key = row.licensePlate === null ? null : plateKey(row.licensePlate);
    if (key !== null) this.#checkPlateFree(company, key, row.id);
    if (before !== undefined) {
      const counts = this.#consumptions.get(index);
      if (counts === undefined)
        throw new Error(`vehicle ${row.id}: its consumptions were not read`);
      checkConsumptionsKept(before, row, counts);
    }
    const record: VehicleRecord = {
      id: row.id,
      companyRef: company.ref,
      buildingRef,
      name: row.name,
      licensePlate: row.licensePlate,
      plateKey: key,
      vehicleType: row.vehicleType,
      vehicleCategory: row.vehicleCategory,
      fuelType: row.fuelType,
      ownership: row.ownership,
      activeFrom: row.activeFrom,
      activeTo: row.activeTo,
    };
    return { record, company, existed: before !== undefined };
  }

  /** The rows after this one see its write. */
  apply(record: VehicleRecord, company: StoredCompany): void {
    const before = this.#vehicles.get(record.id);
    if (before !== undefined && before.plateKey !== null) {
      const slot = plateSlot(before.companyRef, before.plateKey);
      if (this.#plates.get(slot)?.id === record.id) this.#plates.delete(slot);
    }
    const after: Current = {
      id: record.id,
      companyRef: record.companyRef,
      companyId: company.id,
      licensePlate: record.licensePlate,
      plateKey: record.plateKey,
      vehicleType: record.vehicleType,
      fuelType: record.fuelType,
    };
    this.#vehicles.set(record.id, after);
    if (record.plateKey !== null) {
      this.#plates.set(plateSlot(record.companyRef, record.plateKey), after);
    }
  }

  /** Conflict when another vehicle of the company already has the plate (as `plateKey` sees it). */
  #checkPlateFree(company: StoredCompany, key: string, id: string): void {
    const other = this.#plates.get(plateSlot(company.ref, key));
    if (other === undefined || other.id === id) return;
    throw new CarbonError(
      "conflict",
      `company "${company.name}" (${company.id}) already has a vehicle with licence plate "${other.licensePlate}" (${other.id}); licence plates are unique per company, ignoring case, spaces and dashes`,
      {
        hint: "use that vehicle's id to update it",
        issues: [{ path: "licensePlate", message: `taken by vehicle ${other.id}` }],
      },
    );
  }
}

/**
 * A vehicle whose consumptions are stored keeps the type and fuel they were calculated from,
 * and an active period that holds them all (conflict otherwise).
 */
function checkConsumptionsKept(
  before: Current,
  after: ParsedVehicle,
  counts: VehicleConsumptions,
): void {
  if (counts.total === 0) return;
  if (before.fuelType !== after.fuelType || before.vehicleType !== after.vehicleType) {
    throw new CarbonError(
      "conflict",
      `vehicle ${before.id} has ${counts.total} consumption(s) calculated from its type ${before.vehicleType} and fuel ${before.fuelType}; they stay as they are`,
      {
        hint: "record a new vehicle for the new type or fuel, with the old one's activeTo the day before",
        issues: [
          { path: "fuelType", message: "the vehicle's consumptions were calculated from it" },
        ],
      },
    );
  }
  if (counts.outside > 0) {
    throw new CarbonError(
      "conflict",
      `vehicle ${before.id} has ${counts.outside} consumption(s) outside ${after.activeFrom} to ${after.activeTo ?? "today"}`,
      {
        hint: "keep the active period around the vehicle's consumptions",
        issues: [
          {
            path: "activeFrom",
            message: `${counts.outside} consumption(s) fall outside the period`,
          },
        ],
      },
    );
  }
}

/** Reads, in a few calls of the store, what the rows name (the row's index is its key). */
async function readFleet(
  tx: StoreTransaction,
  rows: ReadonlyMap<number, ParsedVehicle>,
): Promise<Fleet> {
  const parsed = [...rows.values()];
  const companyIds = [...new Set(parsed.map((row) => row.companyId))];
  const buildingIds = [
    ...new Set(parsed.flatMap((row) => (row.buildingId === null ? [] : [row.buildingId]))),
  ];
  const [foundCompanies, foundBuildings, vehicles] = await Promise.all([
    tx.companies.findMany(companyIds),
    tx.buildings.findMany(buildingIds),
    tx.vehicles.findMany([...new Set(parsed.map((row) => row.id))]),
  ]);
  const companies = byGivenId(companyIds, foundCompanies);
  const buildings = byGivenId(buildingIds, foundBuildings);
  const companyOf = new Map(companies);
  // The periods of the rows whose vehicle exists (stored, or written by an earlier row).
  const stored = new Set(vehicles.map((vehicle) => vehicle.id));
  const seen = new Set<string>();
  const periods: { readonly index: number; readonly period: VehiclePeriod }[] = [];
  for (const [index, row] of rows) {
    const company = companyOf.get(row.companyId);
    if (company !== undefined && (stored.has(row.id) || seen.has(row.id))) {
      const { activeFrom, activeTo } = row;
      periods.push({
        index,
        period: { companyRef: company.ref, vehicleId: row.id, activeFrom, activeTo },
      });
    }
    seen.add(row.id);
  }
  const plates = parsed.flatMap((row) => {
    const company = companyOf.get(row.companyId);
    return company === undefined || row.licensePlate === null
      ? []
      : [{ companyRef: company.ref, plateKey: plateKey(row.licensePlate) }];
  });
  const [plateHolders, counts] = await Promise.all([
    plates.length === 0 ? [] : tx.vehicles.findByPlates(plates),
    periods.length === 0 ? [] : tx.vehicles.consumptions(periods.map(({ period }) => period)),
  ]);
  const consumptions = new Map<number, VehicleConsumptions>();
  periods.forEach(({ index }, at) => {
    const count = counts[at];
    if (count !== undefined) consumptions.set(index, count);
  });
  return new Fleet({
    companies: companyOf,
    buildings: new Map(buildings),
    vehicles,
    plateHolders,
    consumptions,
  });
}

/**
 * Upsert by id, replacing every field but createdAt. The company must exist (not_found), a
 * vehicle keeps its company (conflict), its building is the company's, and its plate is no
 * other vehicle's of the company (conflict).
 */
export async function upsertVehicle(tx: StoreTransaction, input: VehicleInput): Promise<Vehicle> {
  const row = parseVehicle(input);
  const fleet = await readFleet(tx, new Map([[0, row]]));
  const { record } = fleet.check(row, 0);
  await tx.vehicles.saveAll([record], new Date().toISOString());
  return getVehicle(tx, row.id);
}

/**
 * Many upserts (an import), in order, each checked as `upsertVehicle` checks one against what
 * the rows before it wrote. Every row is tried; then all are stored, or none (a refused row, a
 * dry run). A refused row is a problem of the batch; any other error fails it.
 */
export async function writeVehicles(
  tx: StoreTransaction,
  inputs: readonly VehicleInput[],
  options: { readonly dryRun: boolean },
): Promise<VehicleBatchResult> {
  const refused = new Map<number, CarbonError>();
  const rows = new Map<number, ParsedVehicle>();
  inputs.forEach((input, index) => {
    try {
      rows.set(index, parseVehicle(input));
    } catch (error) {
      if (!isVehicleRowError(error)) throw error;
      refused.set(index, error);
    }
  });
  const fleet = await readFleet(tx, rows);
  const outcomes: ("inserted" | "updated" | undefined)[] = [];
  const problems: VehicleRowProblem[] = [];
  const records: VehicleRecord[] = [];
  const refuse = (index: number, error: CarbonError): void => {
    outcomes.push(undefined);
    problems.push(...vehicleRowProblems(index, error));
  };
  inputs.forEach((_, index) => {
    const row = rows.get(index);
    const invalid = refused.get(index);
    if (row === undefined) {
      if (invalid !== undefined) refuse(index, invalid);
      return;
    }
    try {
      const { record, company, existed } = fleet.check(row, index);
      fleet.apply(record, company);
      records.push(record);
      outcomes.push(existed ? "updated" : "inserted");
    } catch (error) {
      if (!isVehicleRowError(error)) throw error;
      refuse(index, error);
    }
  });
  if (options.dryRun || problems.length > 0) return { outcomes, problems, stored: 0 };
  if (records.length > 0) await tx.vehicles.saveAll(records, new Date().toISOString());
  return { outcomes, problems, stored: inputs.length };
}
