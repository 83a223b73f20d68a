/**
 * The Store port: what the local engine's rules (this folder) ask of the database, and all
 * they know of it. A store implements it (src/store/sqlite/ first); the rules hold no SQL and
 * name no driver.
 *
 * A table's methods answer a value or a promise of one (`Awaitable`): the SQLite store answers
 * at once, a store reached over the network answers later, and the rules await either. What a
 * rule awaits is a record, a page or a batch, never one round trip per row of a batch, and every
 * call of a rule runs inside one transaction of the store (`StoreTransactions`).
 */

import type { Building } from "../core/model/building.js";
import type { Page, PageQuery } from "../core/model/common.js";
import type { Company } from "../core/model/company.js";
import type { Effluent, EffluentType } from "../core/model/effluent.js";
import type { ParsedVehicleInput, Vehicle } from "../core/model/vehicle.js";
import type { WasteOperator } from "../core/model/waste-operator.js";
import type { EffluentFilter } from "../core/resources/effluents.js";
import type { VehicleFilter } from "../core/resources/vehicles.js";
import type { WasteOperatorFilter } from "../core/resources/waste-operators.js";

/** A value now (an embedded store) or later (a store over the network). */
export type Awaitable<T> = T | Promise<T>;

/** A company as the store keeps it: `ref` is the store's own key, opaque to the rules. */
export interface StoredCompany extends Company {
  readonly ref: number;
}

/** A building as the store keeps it: `ref` and `companyRef` are the store's own keys. */
export interface StoredBuilding extends Building {
  readonly ref: number;
  readonly companyRef: number;
}

export interface BuildingTable {
  find(id: string): Awaitable<StoredBuilding | undefined>;
}

/** A record of a company's, with the store's key of its company. */
export type Owned<T> = T & { readonly companyRef: number };

/** A company as the rules write it; the store stamps createdAt on the first save. */
export interface CompanyRecord {
  readonly id: string;
  readonly name: string;
  readonly country: string | null;
}

export interface CompanyTable {
  find(id: string): Awaitable<StoredCompany | undefined>;
  save(record: CompanyRecord, at: string): Awaitable<void>;
}

/** A waste operator as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface WasteOperatorRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly name: string;
  /** The name as `nameKey` compares names: unique per company. */
  readonly nameKey: string;
  readonly registrationCode: string | null;
  readonly countryCode: string | null;
  readonly treatments: WasteOperator["treatments"];
}

export interface WasteOperatorTable {
  find(id: string): Awaitable<Owned<WasteOperator> | undefined>;
  findByName(companyRef: number, nameKey: string): Awaitable<WasteOperator | undefined>;
  list(query: WasteOperatorFilter & PageQuery): Awaitable<Page<WasteOperator>>;
  /** Inserts or replaces by id, keeping createdAt; `at` is the time of the write. */
  save(record: WasteOperatorRecord, at: string): Awaitable<void>;
  /** How many invoices name the operator. */
  invoiceCount(id: string): Awaitable<number>;
}

/** A vehicle as the store keeps it: with its company's key and its plate as `plateKey` has it. */
export type StoredVehicle = Owned<Vehicle> & { readonly plateKey: string | null };

/** A vehicle as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface VehicleRecord {
  readonly id: string;
  readonly companyRef: number;
  /** The store's key of its building (of the same company), or null. */
  readonly buildingRef: number | null;
  readonly name: string;
  readonly licensePlate: string | null;
  /** The plate as `plateKey` compares plates: unique per company. */
  readonly plateKey: string | null;
  readonly vehicleType: ParsedVehicleInput["vehicleType"];
  readonly vehicleCategory: ParsedVehicleInput["vehicleCategory"];
  readonly fuelType: ParsedVehicleInput["fuelType"];
  readonly ownership: ParsedVehicleInput["ownership"];
  readonly activeFrom: string;
  readonly activeTo: string | null;
}

/** A plate of a company, as `plateKey` has it. */
export interface CompanyPlate {
  readonly companyRef: number;
  readonly plateKey: string;
}

/** A vehicle of a company and the active period it is to have (dates `YYYY-MM-DD`, both days in). */
export interface VehiclePeriod {
  readonly companyRef: number;
  readonly vehicleId: string;
  readonly activeFrom: string;
  /** Null: open-ended. */
  readonly activeTo: string | null;
}

/** How many of the company's consumptions name the vehicle: in all, and outside the period. */
export interface VehicleConsumptions {
  readonly total: number;
  readonly outside: number;
}

export interface VehicleTable {
  find(id: string): Awaitable<StoredVehicle | undefined>;
  /** The vehicles of these ids that exist, in no order. */
  findMany(ids: readonly string[]): Awaitable<readonly StoredVehicle[]>;
  /** The vehicles that hold any of these plates, in no order. */
  findByPlates(plates: readonly CompanyPlate[]): Awaitable<readonly StoredVehicle[]>;
  list(query: VehicleFilter & PageQuery): Awaitable<Page<Vehicle>>;
  /** Inserts or replaces each by id, in order, keeping createdAt; `at` is the time of the write. */
  saveAll(records: readonly VehicleRecord[], at: string): Awaitable<void>;
  /** Of each period, the consumptions of its vehicle in its company; answers in the same order. */
  consumptions(periods: readonly VehiclePeriod[]): Awaitable<readonly VehicleConsumptions[]>;
  /** How many consumptions of the vehicle's company name it. */
  consumptionCount(id: string): Awaitable<number>;
}

/** An effluent record as the store keeps it: with its company's and its building's keys. */
export type StoredEffluent = Owned<Effluent> & { readonly buildingRef: number };

/** An effluent record as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface EffluentRecord {
  readonly id: string;
  readonly companyRef: number;
  /** The store's key of its building (of the same company). */
  readonly buildingRef: number;
  readonly type: EffluentType;
  readonly parameter: string;
  readonly value: number;
  readonly unit: string;
  readonly year: number;
  /** A quality record's sampling date; null for a limit. */
  readonly sampledAt: string | null;
  readonly minValue: number | null;
  readonly dischargePoint: string | null;
  readonly notes: string | null;
}

/** A building's limit of a parameter for a year: there is one at most. */
export interface EffluentLimitKey {
  readonly buildingRef: number;
  readonly parameter: string;
  readonly year: number;
}

export interface EffluentTable {
  find(id: string): Awaitable<StoredEffluent | undefined>;
  /** The records of these ids that exist, in no order. */
  findMany(ids: readonly string[]): Awaitable<readonly StoredEffluent[]>;
  /** The limits that exist of these keys, each with its record's id, in no order. */
  limits(
    keys: readonly EffluentLimitKey[],
  ): Awaitable<readonly (EffluentLimitKey & { readonly id: string })[]>;
  /** One page of a company's records; an unknown company or building is not_found. */
  list(query: EffluentFilter & PageQuery): Awaitable<Page<Effluent>>;
  /** Inserts or replaces each by id, in order, keeping createdAt; `at` is the time of the write. */
  saveAll(records: readonly EffluentRecord[], at: string): Awaitable<void>;
}

/** The tables, as one transaction sees them. */
export interface StoreTransaction {
  readonly companies: CompanyTable;
  readonly buildings: BuildingTable;
  readonly wasteOperators: WasteOperatorTable;
  readonly vehicles: VehicleTable;
  readonly effluents: EffluentTable;
}

/** How a rule's work runs: a read, or a write that commits all of it or none. */
export interface StoreTransactions {
  read<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  write<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
}
