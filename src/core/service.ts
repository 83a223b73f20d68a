import type { AuditRecord } from "./model/audit.js";
import type { Building, BuildingInput } from "./model/building.js";
import type { BuildingMoveRequest, BuildingMoveResult } from "./model/building-move.js";
import type { Category, CategoryLevel } from "./model/category.js";
import type { Page, PageQuery, Scope } from "./model/common.js";
import type { Company, CompanyInput } from "./model/company.js";
import type {
  Consumption,
  ConsumptionInput,
  ConsumptionUpsertResult,
} from "./model/consumption.js";
import type { DeleteRequest, DeletionResult } from "./model/deletion.js";
import type { ConsumptionSummary, Emission, EmissionSummary, GroupKey } from "./model/emission.js";
import type { CustomFactor, CustomFactorInput, EmissionFactor } from "./model/factor.js";
import type { GlecEntry } from "./model/glec.js";
import type {
  Supplier,
  SupplierInput,
  SupplierQuery,
  SupplierUpsertResult,
} from "./model/supplier.js";
import type { AuditPort, AuditQuery } from "./ports/audit.js";
import type { FactorQuery, FactorsPort } from "./ports/factors.js";
import type { GlecPort, GlecQuery } from "./ports/glec.js";
import type { SuppliersPort } from "./ports/suppliers.js";
import type { ResourcePort } from "./resource.js";
import type { CompanyFilter } from "./resources/companies.js";
import type { CustomFactorFilter } from "./resources/custom-factors.js";
import type { SupplierFilter } from "./resources/suppliers.js";

export interface BuildingQuery extends PageQuery {
  readonly companyId?: string;
}

export interface CustomFactorQuery extends CustomFactorFilter, PageQuery {}

/** Date filters are inclusive calendar days `YYYY-MM-DD`; a record matches if its period overlaps. */
export interface PeriodFilter {
  readonly companyId?: string;
  readonly buildingId?: string;
  readonly from?: string;
  readonly to?: string;
}

export interface ConsumptionQuery extends PeriodFilter, PageQuery {}

export interface EmissionFilter extends PeriodFilter {
  readonly scopes?: readonly Scope[];
}

export interface EmissionQuery extends EmissionFilter, PageQuery {}

export interface SummaryQuery extends EmissionFilter {
  readonly groupBy: readonly GroupKey[];
}

export type { ConsumptionUpsertResult } from "./model/consumption.js";

export interface ScopeTotals {
  "1": number;
  "2": number;
  "3": number;
}

/** What one batch (or a whole import) did. */
export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  awaitingFactor: number;
  /** kgCO2e of the rows written in this batch, location-based, by scope. */
  co2eByScope: ScopeTotals;
  /** Rows a server stored without saying whether it inserted or updated them. */
  outcomeUnknown?: number;
  /** Rows a server stored without sending their emission back: the kgCO2e leave them out. */
  emissionUnknown?: number;
}

/** A stored consumption that a row of an import overlaps (src/engine/overlaps.ts). */
export interface ConsumptionOverlap {
  /** The row's index in the rows handed to `overlaps`. */
  readonly index: number;
  readonly existing: Consumption;
}

/**
 * A bulk write of consumptions. Locally it is one database transaction: nothing is visible to
 * anyone until `commit`, and `abort` (or a crash) leaves the previous state. Rows handed to
 * `write` are already schema-valid; the session still checks references and raises a
 * validation error naming the row if one is wrong.
 */
export interface ImportSession {
  /** Buildings an import creates (`--create-buildings`): part of the same all-or-nothing write. */
  createBuildings(inputs: readonly BuildingInput[]): Promise<void>;
  write(rows: readonly ConsumptionInput[]): Promise<ImportCounts>;
  /**
   * False when `overlaps` can find nothing: locally, the table was empty when the session opened.
   */
  readonly detectsOverlaps: boolean;
  /**
   * False when the counts carry no emission figures (kgCO2e, awaiting factor): a dry run against
   * a server that does not run one, planned by the client. Absent means true.
   */
  readonly calculates?: boolean;
  /**
   * Stored consumptions the rows overlap: same company, building, category and entityId,
   * another id, another period sharing a day. Only what was stored before the session wrote
   * anything for the row's company (or building, remotely) counts: ask before writing it. Reads.
   */
  overlaps(rows: readonly ConsumptionInput[]): Promise<readonly ConsumptionOverlap[]>;
  /**
   * The ids, among records `overlaps` answered, that rows handed to it since carry themselves
   * (a row with the record's id): such a record is imported again, not overlapped.
   */
  carried(records: readonly Consumption[]): Promise<ReadonlySet<string>>;
  /**
   * Removes stored consumptions (replaced by overlapping rows) as part of this write, each
   * audited; locally inside the same transaction. Answers how many were removed.
   */
  remove(records: readonly Consumption[]): Promise<number>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export interface ImportSessionOptions {
  /** Calculate everything, then roll back: nothing is stored. */
  readonly dryRun: boolean;
  /**
   * The caller guarantees no id is written twice in the session (the CSV importer rejects a
   * file's duplicate ids before they reach it), so the session need not track ids to tell
   * inserts from updates. Should one repeat anyway, the session fails rather than store it twice.
   */
  readonly uniqueIds?: boolean;
}

/**
 * The port every command programs against. Two drivers implement it: the local SQLite engine
 * and the remote HTTP client; `carbon serve` exposes any implementation as the REST interface.
 * Every list answers the spec's envelope `{data, pagination}`.
 */
/** The plain resources (src/core/resource.ts): each one's record, upsert input and list filter. */
export interface ResourceTypes {
  readonly companies: {
    readonly record: Company;
    readonly input: CompanyInput;
    readonly filter: CompanyFilter;
  };
  readonly suppliers: {
    readonly record: Supplier;
    readonly input: SupplierInput;
    readonly filter: SupplierFilter;
    /** The spec's `{id, name, email}`, and what the upsert did. */
    readonly upserted: SupplierUpsertResult;
  };
  readonly customFactors: {
    readonly record: CustomFactor;
    readonly input: CustomFactorInput;
    readonly filter: CustomFactorFilter;
  };
}

export type ResourceName = keyof ResourceTypes;
export type RecordOf<K extends ResourceName> = ResourceTypes[K]["record"];
export type InputOf<K extends ResourceName> = ResourceTypes[K]["input"];
export type FilterOf<K extends ResourceName> = ResourceTypes[K]["filter"];
/** What a resource's upsert answers: the record, unless its entry says otherwise. */
export type UpsertedOf<K extends ResourceName> = ResourceTypes[K] extends {
  readonly upserted: infer U;
}
  ? U
  : RecordOf<K>;
export type PortOf<K extends ResourceName> = ResourcePort<
  RecordOf<K>,
  InputOf<K>,
  FilterOf<K>,
  UpsertedOf<K>
>;

/** One part of the port per plain resource: `service.companies.list(...)`. */
export type ResourceParts = { readonly [K in ResourceName]: PortOf<K> };

export interface CarbonService extends ResourceParts {
  readonly kind: "local" | "remote";
  close(): Promise<void>;

  listBuildings(query: BuildingQuery): Promise<Page<Building>>;
  getBuilding(id: string): Promise<Building>;
  createBuilding(input: BuildingInput): Promise<Building>;

  listCategories(query: { readonly level?: CategoryLevel }): Promise<Page<Category>>;

  readonly factors: FactorsPort;

  listConsumptions(query: ConsumptionQuery): Promise<Page<Consumption>>;
  getConsumption(id: string): Promise<Consumption>;
  /** Which of these consumption ids are stored (on a server: one GET /consumptions/{id} each). */
  storedConsumptionIds(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * The instance id a server announces on `POST /auth/who-am-i` (carbon serve keeps one in its
   * database), or undefined: the local engine, or a server that announces none.
   */
  serverInstanceId(): Promise<string | undefined>;
  upsertConsumption(input: ConsumptionInput): Promise<ConsumptionUpsertResult>;
  openConsumptionImport(options: ImportSessionOptions): Promise<ImportSession>;
  summarizeConsumptions(query: PeriodFilter): Promise<ConsumptionSummary>;

  listEmissions(query: EmissionQuery): Promise<Page<Emission>>;
  /** Every matching emission in list order (startDate, then the order stored), without holding them all. */
  streamEmissions(filter: EmissionFilter): AsyncIterable<Emission>;
  summarizeEmissions(query: SummaryQuery): Promise<EmissionSummary>;

  // --- Suppliers and clients (docs/suppliers.md) ---
  readonly suppliers: SuppliersPort;
  /** GLEC logistics service footprints (docs/glec.md). */
  readonly glec: GlecPort;

  // --- deletions (docs/deleting.md) ---
  /**
   * Deletes records of one resource, audited one record each. Locally all or nothing: an unknown
   * id (not_found) or a building that still has consumptions without `withConsumptions`
   * (conflict) deletes nothing. A consumption goes with its emission; a custom factor's company
   * gets its emissions recalculated. Remotely the records go one request each, after all of them
   * were found. A dry run answers the same and deletes nothing.
   */
  deleteRecords(request: DeleteRequest): Promise<DeletionResult>;

  // --- buildings move and audit trail (docs/buildings-move.md) ---
  /**
   * Moves the buildings, their consumptions and emissions to `companyId`, all or nothing, and
   * recalculates the moved emissions under the target company. Buildings already there are
   * reported as unchanged. A dry run answers the same plan and stores nothing.
   */
  moveBuildings(request: BuildingMoveRequest): Promise<BuildingMoveResult>;
  /** The audit trail: buildings moved and records deleted. */
  readonly audit: AuditPort;

  /**
   * Every row of a list, in the order of its `list` method, a page at a time: never all of them
   * in memory. Locally each page is a keyset read on an index (no OFFSET); remotely the
   * interface's pages. Stop early with `break`/`return`.
   */
  streamList<K extends ListName>(
    list: K,
    filter: ListFilter<K>,
    options?: StreamOptions,
  ): AsyncIterable<readonly ListRow<K>[]>;
}

/** A list query without its page. */
type Unpaged<Q extends PageQuery> = Omit<Q, keyof PageQuery>;

/** What `streamList` streams: each list's filter and row. */
export interface ListStreams {
  readonly companies: { readonly filter: Unpaged<PageQuery>; readonly row: Company };
  readonly buildings: { readonly filter: Unpaged<BuildingQuery>; readonly row: Building };
  readonly categories: {
    readonly filter: { readonly level?: CategoryLevel };
    readonly row: Category;
  };
  readonly factors: { readonly filter: Unpaged<FactorQuery>; readonly row: EmissionFactor };
  readonly customFactors: {
    readonly filter: Unpaged<CustomFactorQuery>;
    readonly row: CustomFactor;
  };
  readonly consumptions: { readonly filter: PeriodFilter; readonly row: Consumption };
  readonly emissions: { readonly filter: EmissionFilter; readonly row: Emission };
  readonly suppliers: { readonly filter: Unpaged<SupplierQuery>; readonly row: Supplier };
  readonly glecEntries: { readonly filter: Unpaged<GlecQuery>; readonly row: GlecEntry };
  readonly audit: { readonly filter: Unpaged<AuditQuery>; readonly row: AuditRecord };
}

export type ListName = keyof ListStreams;
export type ListFilter<K extends ListName> = ListStreams[K]["filter"];
export type ListRow<K extends ListName> = ListStreams[K]["row"];

export interface StreamOptions {
  /** Rows per page, 1 to 500 (default 500). */
  readonly pageSize?: number;
}
