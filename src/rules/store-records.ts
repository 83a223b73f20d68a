/** The Store port's tables of records: companies, buildings and the resources of a company (store.ts). */

import type {
  AuditRecord,
  DeletionAuditRecord,
  MoveAuditRecord,
  RecalculationAuditRecord,
  UserAuditRecord,
} from "../core/model/audit.js";
import type { Building } from "../core/model/building.js";
import type { CalculationPolicy } from "../core/model/calculation-policy.js";
import type { Category } from "../core/model/category.js";
import type { Certificate } from "../core/model/certificate.js";
import type { Comment, CommentEntityType } from "../core/model/comment.js";
import type { Page, PageQuery, Scope } from "../core/model/common.js";
import type { Company } from "../core/model/company.js";
import type { CustomInput } from "../core/model/custom-input.js";
import type { DeletableResource } from "../core/model/deletion.js";
import type { Effluent, EffluentType } from "../core/model/effluent.js";
import type { EmissionFactor, FactorBasis, StoredCustomFactor } from "../core/model/factor.js";
import type { Goal, Task, TaskStatus } from "../core/model/goal.js";
import type {
  Invoice,
  InvoiceLine,
  LineEmissionStatus,
  ParsedInvoice,
} from "../core/model/invoice.js";
import type { ConsolidationApproach, OrganizationLimit } from "../core/model/organization-limit.js";
import type { StoredSupplier, SupplierQuery, SupplierType } from "../core/model/supplier.js";
import type { HostedRole, StoredUser, UserQuery, UserStatus } from "../core/model/user.js";
import type { ParsedVehicleInput, Vehicle } from "../core/model/vehicle.js";
import type { WasteOperator } from "../core/model/waste-operator.js";
import type { AuditQuery } from "../core/ports/audit.js";
import type { FactorQuery } from "../core/ports/factors.js";
import type { GlecQuery } from "../core/ports/glec.js";
import type { OrganizationLimitQuery } from "../core/ports/organization-limits.js";
import type { BuildingFilter } from "../core/resources/buildings.js";
import type { CertificateFilter } from "../core/resources/certificates.js";
import type { CommentFilter } from "../core/resources/comments.js";
import type { CustomFactorFilter } from "../core/resources/custom-factors.js";
import type { CustomInputFilter } from "../core/resources/custom-inputs.js";
import type { EffluentFilter } from "../core/resources/effluents.js";
import type { GoalFilter } from "../core/resources/goals.js";
import type { InvoiceFilter } from "../core/resources/invoices.js";
import type { TaskFilter } from "../core/resources/tasks.js";
import type { VehicleFilter } from "../core/resources/vehicles.js";
import type { WasteOperatorFilter } from "../core/resources/waste-operators.js";

import type { Awaitable, Owned } from "./store-base.js";

/** A company as the store keeps it: `ref` is the store's own key, opaque to the rules. */
export interface StoredCompany extends Company {
  readonly ref: number;
}

/** A building as the store keeps it: `ref` and `companyRef` are the store's own keys. */
export interface StoredBuilding extends Building {
  readonly ref: number;
  readonly companyRef: number;
}

/** A building as the rules write it; the store stamps createdAt on the first save (kept). */
export interface BuildingRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly name: string;
  /** The name as `nameKey` compares names: unique per company. */
  readonly nameKey: string;
  readonly country: string | null;
}

export interface BuildingTable {
  /** The building of this id (any case); undefined when there is none. */
  find(id: string): Awaitable<StoredBuilding | undefined>;
  /** The buildings of these ids (any case) that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<StoredBuilding[]>;
  /** The building of the company whose name has this `nameKey`. */
  findByName(companyRef: number, nameKey: string): Awaitable<StoredBuilding | undefined>;
  /** One company's page, or every company's, by name then id; an unknown company is not_found. */
  list(query: BuildingFilter & PageQuery): Awaitable<Page<Building>>;
  /** Inserts or replaces by id (name and country; the company stays); `at` stamps createdAt. */
  save(record: BuildingRecord, at: string): Awaitable<void>;
  /** The buildings of the company holding these `nameKey`s, each or undefined, in their order. */
  findByNames(
    companyRef: number,
    nameKeys: readonly string[],
  ): Awaitable<readonly (StoredBuilding | undefined)[]>;
  /** What the consumptions of each building (by `ref`) come to, in the same order. */
  footprints(refs: readonly number[]): Awaitable<readonly BuildingFootprint[]>;
  /** What else refers to each building, in the same order: a deletion is refused or takes it. */
  references(
    buildings: readonly Pick<StoredBuilding, "ref" | "id">[],
  ): Awaitable<readonly BuildingReferences[]>;
  /**
   * Gives each building to the company, and with it its data: its consumptions, the invoices
   * billing it, its effluent records and certificates. The old company's vehicles based at it
   * stay with their company and lose it (a vehicle is based at a building of its own company).
   */
  move(buildings: readonly StoredBuilding[], company: StoredCompany): Awaitable<void>;
}

/** What a building's consumptions come to, as a move reports them. */
export interface BuildingFootprint {
  readonly consumptions: number;
  /** Of them, those with a calculated figure. */
  readonly emissions: number;
  /** The kgCO2e of those. */
  readonly co2e: number;
  /** Of them, those naming a custom input. */
  readonly namingInputs: number;
}

/** What refers to a building besides its consumptions. */
export interface BuildingReferences {
  readonly effluents: number;
  /** Its energy attribute certificates. */
  readonly certificates: number;
  /** The invoices billing it. */
  readonly invoices: number;
  /** The organization limits that list it as a member. */
  readonly limits: number;
}

/** A company as the rules write it; the store stamps createdAt on the first save. */
export interface CompanyRecord {
  readonly id: string;
  readonly name: string;
  readonly country: string | null;
}

export interface CompanyTable {
  find(id: string): Awaitable<StoredCompany | undefined>;
  /** A page of every company, by name then id. */
  list(query: PageQuery): Awaitable<Page<Company>>;
  /** The keys of every company, in the order they were created. */
  refs(): Awaitable<number[]>;
  /** The companies of these ids that exist, in no particular order (a batch's companies). */
  findMany(ids: readonly string[]): Awaitable<StoredCompany[]>;
  save(record: CompanyRecord, at: string): Awaitable<void>;
}

/** A comment as the rules write it; the store stamps createdAt and updatedAt. */
export interface CommentRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly entityType: CommentEntityType;
  readonly entityId: string;
  readonly text: string;
  readonly author: string;
}

export interface CommentTable {
  find(id: string): Awaitable<Owned<Comment> | undefined>;
  /** The comments of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<readonly Owned<Comment>[]>;
  list(query: CommentFilter & PageQuery): Awaitable<Page<Comment>>;
  /** The key of the company owning the record of this type and id; undefined when none is. */
  entityCompany(type: CommentEntityType, id: string): Awaitable<number | undefined>;
  /**
   * Inserts by id, or on an existing id replaces only the text: the company, the record, the
   * author and createdAt are kept. `at` is the time of the write.
   */
  save(record: CommentRecord, at: string): Awaitable<void>;
}

/** A goal as the store keeps it: `ref` (its tasks name it by it) and `companyRef` are the store's. */
export interface StoredGoal extends Goal {
  readonly ref: number;
  readonly companyRef: number;
}

/** A goal as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface GoalRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly name: string;
  readonly baseYear: number;
  readonly targetYear: number;
  readonly scopes: readonly Scope[];
  readonly reductionPercent: number;
  readonly pathway: string | null;
}

export interface GoalTable {
  find(id: string): Awaitable<StoredGoal | undefined>;
  /** The goals of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<readonly StoredGoal[]>;
  list(query: GoalFilter & PageQuery): Awaitable<Page<Goal>>;
  /** Inserts or replaces by id, keeping createdAt; `at` is the time of the write. */
  save(record: GoalRecord, at: string): Awaitable<void>;
  /** How many tasks each goal has, in the same order. */
  taskCounts(ids: readonly string[]): Awaitable<readonly number[]>;
}

/** A task as the rules write it, under its goal's `ref`; the store stamps createdAt and updatedAt. */
export interface TaskRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly goalRef: number;
  readonly title: string;
  readonly owner: string;
  readonly dueDate: string;
  readonly status: TaskStatus;
  readonly expectedReductionKg: number | null;
}

export interface TaskTable {
  find(id: string): Awaitable<Owned<Task> | undefined>;
  /** The tasks of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<readonly Owned<Task>[]>;
  /** One company's or goal's page, or every company's; an unknown company or goal is not_found. */
  list(query: TaskFilter & PageQuery): Awaitable<Page<Task>>;
  /** Inserts or replaces by id (its goal too), keeping createdAt; `at` is the time of the write. */
  save(record: TaskRecord, at: string): Awaitable<void>;
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
  /** The operators of these ids that exist, in no particular order (a batch's operators). */
  findMany(ids: readonly string[]): Awaitable<Owned<WasteOperator>[]>;
  findByName(companyRef: number, nameKey: string): Awaitable<WasteOperator | undefined>;
  list(query: WasteOperatorFilter & PageQuery): Awaitable<Page<WasteOperator>>;
  /** Inserts or replaces by id, keeping createdAt; `at` is the time of the write. */
  save(record: WasteOperatorRecord, at: string): Awaitable<void>;
  /** How many invoices name each operator, in the same order. */
  invoiceCounts(ids: readonly string[]): Awaitable<readonly number[]>;
}

/** A GLEC entry's columns as the rules write them (figures from the engine's calculation). */
export interface GlecEntryRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly clientId: string | null;
  readonly startDate: string;
  readonly endDate: string;
  readonly externalId: string;
  readonly from: string;
  readonly to: string;
  readonly tonneKm: number;
  readonly ttw: number;
  readonly wtt: number;
  readonly wtw: number;
  /** In order: each leg's submitted action and its calculation, kept as JSON values. */
  readonly legs: readonly GlecLegRecord[];
}

export interface GlecLegRecord {
  readonly actionId: string;
  readonly method: string;
  readonly tonneKm: number;
  readonly ttw: number;
  readonly wtt: number;
  readonly wtw: number;
  readonly action: unknown;
  readonly result: unknown;
}

/** A stored GLEC entry: its record read back, with its company's id and its timestamps. */
export interface StoredGlecEntry extends Omit<GlecEntryRecord, "legs"> {
  readonly companyId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly legs: readonly { readonly action: unknown; readonly result: unknown }[];
}

export interface GlecTable {
  find(id: string): Awaitable<StoredGlecEntry | undefined>;
  /** Entries in start date, id order, of a company (unknown: not_found) and a period. */
  list(query: GlecQuery): Awaitable<Page<StoredGlecEntry>>;
  /** Inserts the entry, or replaces the one with its id and all its legs (createdAt kept). */
  save(record: GlecEntryRecord, at: string): Awaitable<void>;
  delete(id: string): Awaitable<void>;
}

/** An energy attribute certificate as the rules write it; createdAt is kept on a replace. */
export interface CertificateRecord
  extends Omit<Certificate, "companyId" | "buildingId" | "createdAt" | "updatedAt"> {
  readonly companyRef: number;
  readonly buildingRef: number;
}

export interface CertificateTable {
  find(id: string): Awaitable<Owned<Certificate> | undefined>;
  /** The certificates of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<readonly Owned<Certificate>[]>;
  findByCancellation(cancellationId: string): Awaitable<Certificate | undefined>;
  list(query: CertificateFilter & PageQuery): Awaitable<Page<Certificate>>;
  save(record: CertificateRecord, at: string): Awaitable<void>;
}

/** A member of a limit as the rules write it: a subsidiary company or a building, by id. */
export type OrganizationLimitMemberRecord =
  | { readonly companyId: string; readonly sharePercent: number }
  | { readonly buildingId: string; readonly sharePercent: number };

/** An organization limit as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface OrganizationLimitRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly name: string;
  readonly approach: ConsolidationApproach;
  readonly periodFrom: string;
  readonly periodTo: string;
  /** Each one found by the rules, in the input's order. */
  readonly members: readonly OrganizationLimitMemberRecord[];
}

export interface OrganizationLimitTable {
  find(id: string): Awaitable<Owned<OrganizationLimit> | undefined>;
  /** The limits of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<readonly Owned<OrganizationLimit>[]>;
  list(query: OrganizationLimitQuery): Awaitable<Page<OrganizationLimit>>;
  /** Inserts or replaces by id, keeping createdAt; `at` is the time of the write. */
  save(record: OrganizationLimitRecord, at: string): Awaitable<void>;
}

/** A custom input as the store keeps it: consumptions name it by `ref`, the store's own key. */
export type StoredCustomInput = Owned<CustomInput> & { readonly ref: number };

/** A custom input as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface CustomInputRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly type: string;
  readonly name: string;
  /** The unit's name as the engine spells it. */
  readonly unit: string;
  readonly customFactorId: string | null;
}

/** The consumptions naming a custom input: how many, and their category (the least ref). */
export interface CustomInputUse {
  readonly count: number;
  readonly categoryRef: number | null;
}

export interface CustomInputTable {
  find(id: string): Awaitable<StoredCustomInput | undefined>;
  /** The inputs of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<readonly StoredCustomInput[]>;
  list(query: CustomInputFilter & PageQuery): Awaitable<Page<CustomInput>>;
  /** Inserts or replaces by id, keeping createdAt; `at` is the time of the write. */
  save(record: CustomInputRecord, at: string): Awaitable<void>;
  /** The consumptions naming the input of this `ref`. */
  consumptionsNaming(ref: number): Awaitable<CustomInputUse>;
  /** How many consumptions name each input (by `ref`), in the same order. */
  consumptionCounts(refs: readonly number[]): Awaitable<readonly number[]>;
  /** How many invoices name each input, in the same order. */
  invoiceCounts(ids: readonly string[]): Awaitable<readonly number[]>;
}

/** A supplier or client as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface SupplierRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly type: SupplierType;
  readonly name: string;
  readonly email: string | null;
  readonly address: string | null;
  /** Names one supplier within its company. */
  readonly externalId: string | null;
}

/** A supplier's externalId within a company, as a batch looks its holder up. */
export interface SupplierExternalKey {
  readonly companyRef: number;
  readonly externalId: string;
}

export interface SupplierTable {
  find(id: string): Awaitable<Owned<StoredSupplier> | undefined>;
  /** The suppliers of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<Owned<StoredSupplier>[]>;
  /** The suppliers holding these externalIds in their companies, in no particular order. */
  findByExternalIds(keys: readonly SupplierExternalKey[]): Awaitable<Owned<StoredSupplier>[]>;
  /** Ordered by name, then id; an unknown company is not_found. */
  list(query: SupplierQuery): Awaitable<Page<StoredSupplier>>;
  /** Inserts or replaces each by id, in order, keeping createdAt; `at` is the time of the write. */
  saveMany(records: readonly SupplierRecord[], at: string): Awaitable<void>;
}

/** An account as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface UserRecord {
  readonly id: string;
  readonly email: string;
  /** The e-mail as accounts are told apart: without case, unique. */
  readonly emailKey: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly language: string | null;
  readonly externalId: string | null;
  readonly role: HostedRole;
  /** The ids of the companies it sees; none: every company. */
  readonly companies: readonly string[];
  readonly status: UserStatus;
}

/** A pending account's invitation: the hash of its one-time code, and when the code expires. */
export interface UserInvitation {
  readonly hash: string;
  readonly expiresAt: string;
}

export interface UserTable {
  find(id: string): Awaitable<StoredUser | undefined>;
  findByEmail(emailKey: string): Awaitable<StoredUser | undefined>;
  /** The pending account whose invitation's code has this hash, and when the code expires. */
  findInvited(
    hash: string,
  ): Awaitable<{ readonly user: StoredUser; readonly expiresAt: string | null } | undefined>;
  /** By e-mail (case ignored), then id; an unknown company is not_found. */
  list(query: UserQuery): Awaitable<Page<StoredUser>>;
  /**
   * Inserts or replaces by id, keeping createdAt. A pending account keeps its invitation unless
   * a new one is given; an account of any other status forgets it.
   */
  save(record: UserRecord, at: string, invitation?: UserInvitation): Awaitable<void>;
}

/** The audit trail, as far as the rules append to it. */
export interface AuditTable {
  /** Newest first (the order they were written), of the companies or building asked for. */
  list(query: AuditQuery): Awaitable<Page<AuditRecord>>;
  /** A company's emissions recalculated. */
  appendRecalculation(
    record: Omit<RecalculationAuditRecord, "recordId" | "buildingId">,
  ): Awaitable<void>;
  /** A change to an account's access. */
  appendUserChange(record: UserAuditRecord): Awaitable<void>;
  /** Buildings moved, one record each. */
  appendMoves(records: readonly MoveAuditRecord[]): Awaitable<void>;
  /** Records deleted, one audit record each, in order. */
  appendDeletions(records: readonly DeletionAuditRecord[]): Awaitable<void>;
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
  /** How many consumptions of each vehicle's company name it, in the same order. */
  consumptionCounts(ids: readonly string[]): Awaitable<readonly number[]>;
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

/** An electricity consumption as the regos dashboard sums it. */
export interface RegosConsumption {
  /** The store's key of its building. */
  readonly buildingRef: number;
  /** Canonical UTC date-times. */
  readonly startDate: string;
  readonly endDate: string;
  readonly quantity: number;
  readonly unit: string;
  readonly co2e: number | null;
  /** The market-based figure with the kWh certificates cover left out. */
  readonly co2eMarketBased: number | null;
  /** The kWh certificates cover, or null. */
  readonly coveredKwh: number | null;
  /** Its invoice's supply point as certificates keep it (no spaces, upper case), or null. */
  readonly cup: string | null;
  readonly convertedQuantity: number | null;
  /** The store's key of its calculation record; null: stored awaiting a factor before records. */
  readonly calculationRef: number | null;
  /** The share of its market-based figure no certificate covers (1: none covered). */
  readonly uncoveredShare: number;
}

/** A building, or one supply point of it, that a certificate names. */
export interface RegosSupplyPoint {
  readonly buildingRef: number;
  readonly cup: string | null;
}

/** A building of the company, by the store's key. */
export interface RegosBuilding {
  readonly ref: number;
  readonly id: string;
  readonly name: string;
}

/** What the regos dashboard reads; periods are calendar days `YYYY-MM-DD`, both inclusive. */
export interface RegosTable {
  /** The company's electricity consumptions whose period shares a day with from..to, in no order. */
  electricity(companyRef: number, from: string, to: string): Awaitable<readonly RegosConsumption[]>;
  /**
   * The buildings, and supply points, that the company's certificates whose period shares a day
   * with from..to name.
   */
  certified(companyRef: number, from: string, to: string): Awaitable<readonly RegosSupplyPoint[]>;
  /** Every building of the company. */
  buildings(companyRef: number): Awaitable<readonly RegosBuilding[]>;
}

/** A category as the store keeps it: `ref` is the store's key (a custom factor names it by it). */
export interface StoredCategory extends Category {
  readonly ref: number;
}

/** The category tree (it does not change at run time). */
export interface CategoryTable {
  /** The category of this code (any case) or id; undefined when none is. */
  find(codeOrId: string): Awaitable<StoredCategory | undefined>;
}

/** A custom factor as the store keeps it: with its company's and its subcategory's keys. */
export type OwnedCustomFactor = Owned<StoredCustomFactor> & { readonly categoryRef: number };

/** A custom factor as the rules write it. */
export interface CustomFactorRecord {
  readonly id: string;
  readonly companyRef: number;
  /** The store's key of its subcategory. */
  readonly categoryRef: number;
  readonly basis: FactorBasis;
  readonly validFrom: string | null;
  readonly validTo: string | null;
  readonly unit: string;
  readonly co2e: number;
  readonly co2: number | null;
  readonly ch4: number | null;
  readonly n2o: number | null;
  readonly source: string;
}

export interface CustomFactorTable {
  find(id: string): Awaitable<OwnedCustomFactor | undefined>;
  /** The factors of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<readonly OwnedCustomFactor[]>;
  /** One company's page, by subcategory, basis, first day valid; an unknown company is not_found. */
  list(query: CustomFactorFilter & PageQuery): Awaitable<Page<StoredCustomFactor>>;
  /** Inserts or replaces by id; `at` is createdAt on an insert, kept on a replace. */
  save(record: CustomFactorRecord, at: string): Awaitable<void>;
}

/** A release of the factor library the store has loaded: `ref` is its key, in load order. */
export interface StoredRelease {
  readonly ref: number;
  readonly version: string;
  readonly name: string;
  readonly note: string;
  readonly loadedAt: string;
  readonly factors: number;
  readonly added: number;
  readonly changed: number;
  readonly removed: number;
}

/** The factor library (read-only at run time) and the calculation policy. */
export interface FactorTable {
  /** The current release's factors, by key, country (global rows first), year, library order. */
  list(query: FactorQuery): Awaitable<Page<EmissionFactor>>;
  /** Every release loaded, oldest first: the last is the current one. */
  releases(): Awaitable<StoredRelease[]>;
  /** The latest release of this version or name (a version may be loaded again later). */
  release(versionOrName: string): Awaitable<StoredRelease | undefined>;
  /** Every factor of a release, in library order. */
  factorsOf(releaseRef: number): Awaitable<EmissionFactor[]>;
  /** The GWP set and proxy policy: the defaults until one is saved. */
  policy(): Awaitable<CalculationPolicy>;
  savePolicy(policy: CalculationPolicy): Awaitable<void>;
}

/** An invoice's line as stored: what was saved, and how it counted when saved. */
export interface StoredInvoiceLine extends InvoiceLine {
  readonly counted: LineEmissionStatus;
}

/**
 * An invoice as the rules write it, its company and building by their (lower-case) ids; the
 * store stamps createdAt (kept) and updatedAt.
 */
export interface InvoiceRecord extends Omit<ParsedInvoice, "lines"> {
  readonly lines: readonly StoredInvoiceLine[];
}

/**
 * An invoice as answered (each line with its consumption's emission as stored now), with the
 * consumptions its lines have now, counted or not.
 */
export type StoredInvoice = Invoice & { readonly consumptionIds: readonly string[] };

export interface InvoiceTable {
  find(id: string): Awaitable<StoredInvoice | undefined>;
  /** The invoices of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<readonly StoredInvoice[]>;
  /** In (company, startDate, id) order; an unknown company or building is not_found. */
  list(query: InvoiceFilter & PageQuery): Awaitable<Page<Invoice>>;
  /** Inserts or replaces each by id, in order, keeping createdAt; `at` is the time of the write. */
  saveAll(records: readonly InvoiceRecord[], at: string): Awaitable<void>;
}

/**
 * What a deletion removes. Each method removes only the rows it names: what refers to them is
 * the rules' to remove first, or to refuse.
 */
export interface DeletionTable {
  /** Removes the resource's records of these ids (lower case); an id none has is passed over. */
  remove(resource: DeletableResource, ids: readonly string[]): Awaitable<void>;
  /** Removes the consumptions of these buildings (by `ref`). */
  removeConsumptionsOf(buildingRefs: readonly number[]): Awaitable<void>;
  /** Removes the effluent records of these buildings (by `ref`). */
  removeEffluentsOf(buildingRefs: readonly number[]): Awaitable<void>;
}
