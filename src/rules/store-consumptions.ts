/** The Store port's tables of consumptions: pricing, writes, reads, recalculation, overlaps (store.ts). */

import type { CalculationPolicy } from "../core/model/calculation-policy.js";
import type { Scope } from "../core/model/common.js";
import type { Consumption } from "../core/model/consumption.js";
import type { EmissionFactor, StoredCustomFactor, Validity } from "../core/model/factor.js";
import type { FuelType, Ownership, VehicleCategory, VehicleType } from "../core/model/vehicle.js";
import type { PageWindow } from "../core/pagination.js";
import type { EmissionValues } from "../engine/emission.js";
import type { Calculation } from "../engine/emission-lines.js";
import type { LossFraction } from "../engine/loss-fractions.js";
import type { ProxyDesignation } from "../engine/proxies.js";

import type { Awaitable } from "./store-base.js";
import type { StoredCategory } from "./store-records.js";

/**
 * What pricing a consumption reads, synchronously once `PricingTable.ready` has answered: the
 * factor library (current release, or a kept one by ref), the policy, the companies' custom
 * factors, the grid loss fractions and the factors' biogenic CO2. The SQLite store reads each on
 * first need (no network lies between); a store over the network loads them when `ready`
 * answers (the library once, the custom factors of the companies it is given).
 */
export interface PricingData {
  /** The factor rows of a key in the current release, or in the kept release `releaseRef`. */
  factorRows(key: string, releaseRef?: number): readonly EmissionFactor[];
  proxies(releaseRef?: number): readonly ProxyDesignation[];
  policy(): CalculationPolicy;
  /** The version of the library in use. */
  libraryVersion(): string;
  customFactors(companyRef: number): StoredCustomFactor[];
  lossFractions(): readonly LossFraction[];
  /** The biogenic CO2 of library factors by id, in the current release or `releaseRef`. */
  biogenic(releaseRef: number | undefined): ReadonlyMap<string, number>;
  /** A category of the tree by code (any case) or id, or by the store's key. */
  category(codeOrId: string): StoredCategory | undefined;
  /**
   * The key of a calculation record (content-addressed: the same calculation always has the
   * same), written if new. A store that batches its writes writes it before any row naming it.
   */
  calculationRef(calculation: Calculation): number;
  /** After a rollback the records written in it are gone: forget the keys handed out. */
  forgetCalculations(): void;
}

export interface PricingTable {
  /** Pricing data for consumptions of these companies (their custom factors read with it). */
  ready(companyRefs: readonly number[]): Awaitable<PricingData>;
}

/** A category of the tree looked up by its id or by the store's key, synchronously. */
export interface CategoryIndex {
  byId(id: string): StoredCategory | undefined;
  byRef(ref: number): StoredCategory | undefined;
}

/** What the check of a fleet consumption needs of its vehicle. */
export interface FleetVehicle {
  readonly id: string;
  readonly vehicleType: VehicleType;
  readonly fuelType: FuelType;
  readonly ownership: Ownership;
  readonly vehicleCategory: VehicleCategory;
  readonly activeFrom: string;
  readonly activeTo: string | null;
}

/** A custom input a consumption may name (`provider`, `fuelType`), with its factor's category. */
export interface NamedInput {
  readonly ref: number;
  readonly id: string;
  readonly type: string;
  readonly unit: string;
  /** The input's custom factor, if it has one (and the company still has it). */
  readonly factorId: string | null;
  readonly factorCategoryRef: number | null;
}

/** A company's vehicles by id (lower case). */
export type FleetOf = (companyRef: number) => ReadonlyMap<string, FleetVehicle>;
/** A company's custom inputs by id (lower case). */
export type InputsOf = (companyRef: number) => ReadonlyMap<string, NamedInput>;

/**
 * The vehicles and custom inputs of a batch's companies, synchronously once `ready` has answered
 * for them: the SQLite store reads each company's on first need; a store over the network reads
 * those of the companies `ready` is given (each once, however many batches share the lookups).
 */
export interface RowLookups {
  readonly fleet: FleetOf;
  readonly inputs: InputsOf;
  ready(companyRefs: readonly number[]): Awaitable<void>;
}

/**
 * A stored consumption as the writer compares a row with it: the columns it is written with,
 * then its co2e and calculation record's key (dates canonical, as the model has them).
 */
export type StoredConsumptionRow = readonly [
  id: string,
  entityId: string,
  companyRef: number,
  buildingRef: number,
  categoryRef: number,
  startDate: string,
  endDate: string,
  quantity: number,
  unit: string,
  co2e: number | null,
  calculationRef: number | null,
  inputRef: number | null,
  kwhPerM3: number | null,
];

/**
 * One row to write: id, entity id, building key, category key, start and end date (canonical),
 * quantity, unit, co2e, co2, ch4, n2o, market-based co2e, converted quantity, calculation
 * record's key. An absent figure is NaN.
 */
export type ConsumptionRowValues = readonly [
  id: string,
  entityId: string,
  buildingRef: number,
  categoryRef: number,
  startDate: string,
  endDate: string,
  quantity: number,
  unit: string,
  co2e: number,
  co2: number,
  ch4: number,
  n2o: number,
  co2eMarketBased: number,
  convertedQuantity: number,
  calculationRef: number,
];

/** Where a batch's rows go: a store writes them when it will, all of them before `end` answers. */
export interface ConsumptionSink {
  /** `inputRef` and `kwhPerM3` are NaN when absent. */
  add(values: ConsumptionRowValues, companyRef: number, inputRef: number, kwhPerM3: number): void;
  end(): Awaitable<void>;
}

export interface ConsumptionTable {
  /** The stored rows of these ids, by id (one read per few hundred ids, never one per row). */
  stored(ids: readonly string[]): Awaitable<ReadonlyMap<string, StoredConsumptionRow>>;
  /**
   * A sink for one batch's rows, created and updated at `at` (ms): upserts by id, or plain
   * inserts of rows known to be new (a bulk load).
   */
  sink(mode: "upsert" | "insert", at: number): ConsumptionSink;
  /** The vehicles and custom inputs the rows of a batch may name. */
  lookups(): RowLookups;
  /** The company of this key's id (the owner of a conflicting consumption). */
  companyId(ref: number): Awaitable<string | undefined>;
}

/**
 * A stored consumption as an overlap check indexes it: its store key (the index's handle), id,
 * building and category keys, entity id, and first and last day (days since the epoch).
 */
export type OverlapVisit = (
  key: number,
  id: string,
  buildingRef: number,
  categoryRef: number,
  entityId: string,
  firstDay: number,
  lastDay: number,
) => void;

export interface OverlapTable {
  /**
   * Every stored consumption of the company, one `visit` each (streamed, never held whole);
   * `size` is told first how many there may be, to size the index.
   */
  scan(companyRef: number, size: (count: number) => void, visit: OverlapVisit): Awaitable<void>;
  /** The stored consumptions of these store keys, by key (a key no longer held is absent). */
  atKeys(keys: readonly number[]): Awaitable<ReadonlyMap<number, Consumption>>;
  /** The stored consumptions of these ids, by id. */
  byIds(ids: readonly string[]): Awaitable<ReadonlyMap<string, Consumption>>;
}

/** Which of a company's stored emissions to recalculate; absent fields: all of them. */
export interface RecalculationScope {
  readonly companyRef: number;
  /** The consumptions of these subcategories (the store's keys). */
  readonly categoryRefs?: readonly number[];
  readonly buildingRef?: number;
  /** Only buildings without a country of their own (they follow the company's). */
  readonly buildingsWithoutCountry?: boolean;
  /** Only the consumptions naming this custom input. */
  readonly inputRef?: number;
  /**
   * Only the consumptions with a day in one of these (a custom factor's validity before and
   * after a change: the days outside every one keep their figures); absent: every day.
   */
  readonly periods?: readonly Validity[];
}

/** A stored consumption as its recalculation reads it. */
export interface RecalculationRow {
  /** The store's key of the row: pages come in its order. */
  readonly key: number;
  readonly categoryRef: number;
  readonly quantity: number;
  readonly unit: string;
  /** Canonical date-times. */
  readonly startDate: string;
  readonly endDate: string;
  /** Its building's country, else its company's. */
  readonly country: string | null;
  /** The custom factor of the custom input it names, if any. */
  readonly inputFactorId: string | null;
  readonly kwhPerM3: number | null;
}

/** A recalculated row's figures (null: absent). */
export interface RecalculatedFigures {
  readonly key: number;
  readonly co2e: number | null;
  readonly co2: number | null;
  readonly ch4: number | null;
  readonly n2o: number | null;
  readonly co2eMarketBased: number | null;
  readonly convertedQuantity: number | null;
  readonly calculationRef: number;
}

export interface RecalculationTable {
  /** The next rows of the scope after the row of key `after` (0: the first), at most `limit`. */
  page(scope: RecalculationScope, after: number, limit: number): Awaitable<RecalculationRow[]>;
  /** Stores each row's new figures. */
  update(rows: readonly RecalculatedFigures[]): Awaitable<void>;
}

/** The category tree as reads look it up: it never changes while the store is open. */
export interface CategoryLookup {
  byRef(ref: number): StoredCategory | undefined;
  byId(id: string): StoredCategory | undefined;
  /** A code in any case (`natural_gas`) or an id. */
  find(codeOrId: string): StoredCategory | undefined;
  /** Every category, in tree order. */
  readonly all: readonly StoredCategory[];
  /** The keys of the categories of these scopes. */
  refsOfScopes(scopes: readonly Scope[]): number[];
}

/**
 * A consumption as reads get it, by position rather than by field: a read of a million rows
 * makes one array a row and no object. Dates are milliseconds since the epoch (UTC); refs are the
 * store's keys, turned into ids by the read's `RowReferences`.
 */
export type ConsumptionReadRow = readonly [
  id: string,
  entityId: string,
  companyRef: number,
  buildingRef: number,
  categoryRef: number,
  startDate: number,
  endDate: number,
  quantity: number,
  unit: string,
  createdAt: number,
  updatedAt: number,
  co2e: number | null,
  co2: number | null,
  ch4: number | null,
  n2o: number | null,
  /** The market-based figure with the kWh certificates cover left out. */
  co2eMarket: number | null,
  convertedQuantity: number | null,
  /** The key of its calculation record; null: stored awaiting a factor before records existed. */
  calculationRef: number | null,
  /** Its place in the store: after the start date, what orders a list (stored order). */
  position: number,
  /** The key of the custom input it names, if any. */
  inputRef: number | null,
  /** The bill's kWh per m3, if it gave one. */
  kwhPerM3: number | null,
  /** The share of its market-based figure no certificate covers (1: none covered). */
  uncoveredShare: number,
];

/** A building as rows name it. */
export interface BuildingReference {
  readonly id: string;
  readonly name: string;
}

/** A custom input as rows name it (its id and type never change while named). */
export interface InputReference {
  readonly id: string;
  readonly type: string;
}

/**
 * What the store's keys in consumption rows stand for, as one read of them needs it: lookups
 * into what the store has read, each answered in memory (a key it has not read is an error).
 */
export interface RowReferences {
  companyId(ref: number): string;
  building(ref: number): BuildingReference;
  input(ref: number): InputReference;
  readonly categories: CategoryLookup;
}

/**
 * A calculation record as stored: the lines of a calculation that many consumptions share. Its
 * provenance is the emission's (a null factorId while the location basis awaits a factor: a
 * scope 2 row priced market-based only).
 */
export type CalculationRecord = Pick<
  EmissionValues,
  | "factorId"
  | "factorSource"
  | "factorYear"
  | "factorUnit"
  | "factorValue"
  | "resolution"
  | "gwpSet"
  | "geography"
  | "marketFactorId"
  | "marketBasis"
  | "marketResolution"
  | "marketGeography"
  | "marketFactorYear"
  | "marketGwpSet"
> & {
  readonly libraryVersion: string | null;
  /** JSON of the calculation's lines; null for a record written before lines (one direct line). */
  readonly lines: string | null;
};

/** Calculation records by key, as a read asked for them. */
export interface CalculationRecords {
  /** The record of a key asked for; undefined for one that is not. */
  get(ref: number): CalculationRecord | undefined;
  /**
   * The library version in use when the store was upgraded to records: what a consumption
   * stored awaiting a factor before records existed (its key null) reads as.
   */
  readonly legacyLibraryVersion: string | null;
}

/** A condition on a consumption's categories. */
export interface CategoryCondition {
  /** Its own category is one of these (none: no consumption's is). */
  readonly refs: readonly number[];
  /** Or its calculation record has a derived line: of any category, or of one of `refs`. */
  readonly orDerivedLine?: "any" | "ofRefs";
}

/** Which consumptions a read takes, in the store's keys; the rules checked the filter. */
export interface ConsumptionRowFilter {
  /** Takes none (a building of another company than the one named). */
  readonly none?: boolean;
  readonly companyRef?: number;
  readonly buildingRef?: number;
  /** Calendar days `YYYY-MM-DD`, both in: a consumption whose days overlap them. */
  readonly from?: string;
  readonly to?: string;
  readonly scopes?: CategoryCondition;
  readonly entityIds?: readonly string[];
  readonly categories?: CategoryCondition;
}

/** How many consumptions of a read have one calculation record (and one category). */
export interface CalculationCount {
  /** The category, or the least one of the record's consumptions when not counted by category. */
  readonly categoryRef: number;
  readonly calculationRef: number | null;
  readonly consumptions: number;
}

/** How many emission lines a consumption of a (category, record) pair gives in a read. */
export interface LineWeight {
  readonly categoryRef: number;
  readonly calculationRef: number | null;
  readonly lines: number;
}

/** Rows of a read of emission lines, from the one holding a given line. */
export interface LinePageRequest {
  /** Lines before the one wanted, from the start of the list. */
  readonly offset: number;
  /** Rows wanted at most. */
  readonly rows: number;
  /** The lines of a row; by its record alone (any category) unless `byCategory`. */
  readonly weights: readonly LineWeight[];
  readonly byCategory: boolean;
}

export interface LinePage {
  readonly rows: readonly ConsumptionReadRow[];
  /** Lines of the rows, from the first one's, still before the one wanted. */
  readonly skip: number;
}

/**
 * The reads of consumptions and of their emission lines, in list order: start date, then stored
 * order. Rows come raw; what decoding them needs comes in one call each (`references`,
 * `calculations`), never one per row.
 */
export interface ConsumptionReadTable {
  /** The row of this id (lower case); undefined when there is none. */
  find(id: string): Awaitable<ConsumptionReadRow | undefined>;
  /** The ids (lower case) of these that are stored. */
  storedIds(ids: readonly string[]): Awaitable<ReadonlySet<string>>;
  /** One page of rows. */
  list(filter: ConsumptionRowFilter, window: PageWindow): Awaitable<readonly ConsumptionReadRow[]>;
  count(filter: ConsumptionRowFilter): Awaitable<number>;
  /** The rows counted by calculation record, and by category too when `byCategory`. */
  countByCalculation(
    filter: ConsumptionRowFilter,
    byCategory: boolean,
  ): Awaitable<readonly CalculationCount[]>;
  /** Rows from the one holding line `offset` (counted from 0), lines weighed as asked. */
  linePage(filter: ConsumptionRowFilter, request: LinePageRequest): Awaitable<LinePage>;
  /** What the rows' keys stand for (companies, buildings, inputs, categories). */
  references(): Awaitable<RowReferences>;
  /** The calculation records of these keys (a page's), at least. */
  calculations(refs: readonly (number | null)[]): Awaitable<CalculationRecords>;
}
