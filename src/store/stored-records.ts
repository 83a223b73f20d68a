/**
 * The records of the company tables as both stores read them back: each table's columns as its
 * SELECT names them (refs and figures as numbers, JSON columns parsed) and the record they make.
 * The SQLite store parses its JSON text first; PostgreSQL's jsonb comes parsed.
 */
import type { Building } from "../core/model/building.js";
import type { CategoryLevel } from "../core/model/category.js";
import type { Comment, CommentEntityType } from "../core/model/comment.js";
import type { Scope } from "../core/model/common.js";
import type { Company } from "../core/model/company.js";
import type { CustomInput } from "../core/model/custom-input.js";
import type { FactorBasis, StoredCustomFactor } from "../core/model/factor.js";
import type { Goal, Task } from "../core/model/goal.js";
import type { ConsolidationApproach, OrganizationLimit } from "../core/model/organization-limit.js";
import type { StoredSupplier, SupplierType } from "../core/model/supplier.js";
import {
  fuelTypes,
  ownerships,
  type Vehicle,
  vehicleCategories,
  vehicleTypes,
} from "../core/model/vehicle.js";
import {
  type WasteOperator,
  type WasteTreatment,
  wasteTreatments,
} from "../core/model/waste-operator.js";
import type {
  FleetVehicle,
  Owned,
  OwnedCustomFactor,
  StoredBuilding,
  StoredCategory,
  StoredCustomInput,
  StoredGlecEntry,
  StoredGoal,
  StoredVehicle,
} from "../rules/store.js";
import { limitMembersOf, listOf } from "./stored-values.js";

export interface BuildingColumns {
  readonly ref: number;
  readonly id: string;
  readonly company_ref: number;
  readonly company_id: string;
  readonly name: string;
  readonly country: string | null;
  readonly created_at: string;
}

export function buildingOf(row: BuildingColumns): StoredBuilding {
  return {
    ref: row.ref,
    companyRef: row.company_ref,
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    country: row.country,
    createdAt: row.created_at,
  };
}

/** The building as lists and answers give it, without the store's keys. */
export function plainBuilding(row: BuildingColumns): Building {
  const { ref: _, companyRef: __, ...building } = buildingOf(row);
  return building;
}

export interface CategoryColumns {
  readonly ref: number;
  readonly id: string;
  readonly code: string;
  readonly level: CategoryLevel;
  readonly parent_id: string | null;
  readonly scope: Scope;
  readonly name: string;
  readonly default_unit: string | null;
  readonly factor_key: string | null;
  readonly market_factor_key: string | null;
}

export function categoryOf(row: CategoryColumns): StoredCategory {
  return {
    ref: row.ref,
    id: row.id,
    level: row.level,
    code: row.code,
    name: row.name,
    parentId: row.parent_id,
    scope: row.scope,
    defaultUnit: row.default_unit,
    factorKey: row.factor_key,
    marketFactorKey: row.market_factor_key,
  };
}

/** Where each kind of record a comment names is kept, and its company's key there (both stores). */
export const COMMENT_ENTITY_TABLES: Readonly<
  Record<CommentEntityType, { readonly table: string; readonly company: string }>
> = {
  company: { table: "companies", company: "ref" },
  building: { table: "buildings", company: "company_ref" },
  consumption: { table: "consumptions", company: "company_ref" },
  supplier: { table: "suppliers", company: "company_ref" },
  "custom-factor": { table: "custom_factors", company: "company_ref" },
  "waste-operator": { table: "waste_operators", company: "company_ref" },
  "glec-entry": { table: "glec_entries", company: "company_ref" },
};

export interface CommentColumns {
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly entity_type: string;
  readonly entity_id: string;
  readonly text: string;
  readonly author: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export function commentOf(row: CommentColumns): Owned<Comment> {
  return {
    id: row.id,
    companyId: row.company_id,
    entityType: row.entity_type as CommentEntityType,
    entityId: row.entity_id,
    text: row.text,
    author: row.author,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    companyRef: row.company_ref,
  };
}

export function plainComment(row: CommentColumns): Comment {
  const { companyRef: _, ...comment } = commentOf(row);
  return comment;
}

export interface CustomFactorColumns {
  readonly id: string;
  readonly company_id: string;
  readonly category_id: string;
  readonly category_ref: number;
  readonly company_ref: number;
  readonly basis: FactorBasis;
  readonly valid_from: string | null;
  readonly valid_to: string | null;
  readonly unit: string;
  readonly co2e: number;
  readonly co2: number | null;
  readonly ch4: number | null;
  readonly n2o: number | null;
  readonly source: string;
  readonly created_at: string;
}

/** A custom factor as lists and answers give it. */
export function plainCustomFactor(row: CustomFactorColumns): StoredCustomFactor {
  return {
    id: row.id,
    companyId: row.company_id,
    categoryId: row.category_id,
    basis: row.basis,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    unit: row.unit,
    co2e: row.co2e,
    co2: row.co2,
    ch4: row.ch4,
    n2o: row.n2o,
    source: row.source,
    createdAt: row.created_at,
  };
}

/** With its company's and its subcategory's keys. */
export function customFactorOf(row: CustomFactorColumns): OwnedCustomFactor {
  return { ...plainCustomFactor(row), companyRef: row.company_ref, categoryRef: row.category_ref };
}

export interface CustomInputColumns {
  readonly ref: number;
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly type: string;
  readonly name: string;
  readonly unit: string;
  readonly custom_factor_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export function customInputOf(row: CustomInputColumns): StoredCustomInput {
  return {
    id: row.id,
    companyId: row.company_id,
    type: row.type,
    name: row.name,
    unit: row.unit,
    customFactorId: row.custom_factor_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ref: row.ref,
    companyRef: row.company_ref,
  };
}

export function plainCustomInput(row: CustomInputColumns): CustomInput {
  const { ref: _, companyRef: __, ...input } = customInputOf(row);
  return input;
}

export interface GlecEntryColumns {
  readonly ref: number;
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly client_id: string | null;
  readonly start_date: string;
  readonly end_date: string;
  readonly external_id: string;
  readonly from_place: string;
  readonly to_place: string;
  readonly tonne_km: number;
  readonly ttw: number;
  readonly wtt: number;
  readonly wtw: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A GLEC entry with its legs (each leg's action and result as stored, parsed), in order. */
export function glecEntryOf(row: GlecEntryColumns, legs: StoredGlecEntry["legs"]): StoredGlecEntry {
  return {
    id: row.id,
    companyId: row.company_id,
    companyRef: row.company_ref,
    clientId: row.client_id,
    startDate: row.start_date,
    endDate: row.end_date,
    externalId: row.external_id,
    from: row.from_place,
    to: row.to_place,
    tonneKm: row.tonne_km,
    ttw: row.ttw,
    wtt: row.wtt,
    wtw: row.wtw,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    legs,
  };
}

export interface GoalColumns {
  readonly ref: number;
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly name: string;
  readonly base_year: number;
  readonly target_year: number;
  readonly scopes: unknown;
  readonly reduction_percent: number;
  readonly pathway: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

function isScope(value: unknown): value is Scope {
  return value === 1 || value === 2 || value === 3;
}

export function goalOf(row: GoalColumns): StoredGoal {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    baseYear: row.base_year,
    targetYear: row.target_year,
    scopes: listOf(row.scopes, isScope),
    reductionPercent: row.reduction_percent,
    pathway: row.pathway,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ref: row.ref,
    companyRef: row.company_ref,
  };
}

export function plainGoal(row: GoalColumns): Goal {
  const { ref: _, companyRef: __, ...goal } = goalOf(row);
  return goal;
}

export interface TaskColumns {
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly goal_id: string;
  readonly title: string;
  readonly owner: string;
  readonly due_date: string;
  readonly status: string;
  readonly expected_reduction_kg: number | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export function taskOf(row: TaskColumns): Owned<Task> {
  return {
    id: row.id,
    companyId: row.company_id,
    goalId: row.goal_id,
    title: row.title,
    owner: row.owner,
    dueDate: row.due_date,
    status: row.status,
    expectedReductionKg: row.expected_reduction_kg,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    companyRef: row.company_ref,
  };
}

export function plainTask(row: TaskColumns): Task {
  const { companyRef: _, ...task } = taskOf(row);
  return task;
}

export interface LimitColumns {
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly name: string;
  readonly approach: ConsolidationApproach;
  readonly period_from: string;
  readonly period_to: string;
  readonly members: unknown;
  readonly created_at: string;
  readonly updated_at: string;
}

export function limitOf(row: LimitColumns): Owned<OrganizationLimit> {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    approach: row.approach,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    members: limitMembersOf(row.members),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    companyRef: row.company_ref,
  };
}

export function plainLimit(row: LimitColumns): OrganizationLimit {
  const { companyRef: _, ...limit } = limitOf(row);
  return limit;
}

export interface SupplierColumns {
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly type: SupplierType;
  readonly name: string;
  readonly email: string | null;
  readonly address: string | null;
  readonly external_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export function supplierOf(row: SupplierColumns): Owned<StoredSupplier> {
  return {
    id: row.id,
    companyId: row.company_id,
    type: row.type,
    name: row.name,
    email: row.email,
    address: row.address,
    externalId: row.external_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    companyRef: row.company_ref,
  };
}

export function plainSupplier(row: SupplierColumns): StoredSupplier {
  const { companyRef: _, ...supplier } = supplierOf(row);
  return supplier;
}

export interface WasteOperatorColumns {
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly name: string;
  readonly registration_code: string | null;
  readonly country_code: string | null;
  readonly treatments: unknown;
  readonly created_at: string;
  readonly updated_at: string;
}

function isTreatment(value: unknown): value is WasteTreatment {
  return wasteTreatments.some((treatment) => treatment === value);
}

export function wasteOperatorOf(row: WasteOperatorColumns): Owned<WasteOperator> {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    registrationCode: row.registration_code,
    countryCode: row.country_code,
    treatments: listOf(row.treatments, isTreatment),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    companyRef: row.company_ref,
  };
}

export function plainWasteOperator(row: WasteOperatorColumns): WasteOperator {
  const { companyRef: _, ...operator } = wasteOperatorOf(row);
  return operator;
}

export interface VehicleColumns {
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly building_id: string | null;
  readonly name: string;
  readonly license_plate: string | null;
  readonly plate_key: string | null;
  readonly vehicle_type: string;
  readonly vehicle_category: string;
  readonly fuel_type: string;
  readonly ownership: string;
  readonly active_from: string;
  readonly active_to: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** The stored text, written only from parsed input, as one of `values`. */
function known<const T extends readonly string[]>(values: T, text: string): T[number] {
  const found = values.find((value) => value === text);
  if (found === undefined) throw new Error(`vehicles: unexpected stored value "${text}"`);
  return found;
}

/** The columns a fleet consumption's check reads. */
export type FleetRow = Pick<
  VehicleColumns,
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

export function vehicleOf(row: VehicleColumns): Vehicle {
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

/** With its company's key and its plate as compared. */
export function storedVehicleOf(row: VehicleColumns): StoredVehicle {
  return { ...vehicleOf(row), companyRef: row.company_ref, plateKey: row.plate_key };
}

/** A company as answered, without the store's key. */
export function toCompany(company: Company): Company {
  return {
    id: company.id,
    name: company.name,
    country: company.country,
    createdAt: company.createdAt,
  };
}
