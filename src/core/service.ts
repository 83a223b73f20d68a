import type { AuditQuery, AuditRecord } from "./model/audit.js";
import type { Building, BuildingInput } from "./model/building.js";
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
import type {
  CustomFactor,
  CustomFactorInput,
  EmissionFactor,
  FactorResolution,
} from "./model/factor.js";
import type { GlecCalculation, GlecEntry, GlecEntryInput, GlecReceipt } from "./model/glec.js";
import type {
  Supplier,
  SupplierBatchOptions,
  SupplierBatchResult,
  SupplierInput,
  SupplierQuery,
  SupplierUpsertResult,
  SupplierWriteOptions,
} from "./model/supplier.js";
import type { BuildingsPort } from "./ports/buildings.js";
import type { ResourcePort } from "./resource.js";
import type { BuildingFilter } from "./resources/buildings.js";
import type { CompanyFilter } from "./resources/companies.js";

export interface FactorQuery extends PageQuery {
  readonly key?: string;
  readonly country?: string;
}

export interface ResolveFactorQuery {
  /** Subcategory code or UUID. */
  readonly category: string;
  readonly country: string | null;
  readonly year: number;
  readonly companyId?: string;
}

export interface CustomFactorQuery extends PageQuery {
  readonly companyId: string;
}

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
  readonly buildings: {
    readonly record: Building;
    readonly input: BuildingInput;
    readonly filter: BuildingFilter;
  };
}

export type ResourceName = keyof ResourceTypes;
export type RecordOf<K extends ResourceName> = ResourceTypes[K]["record"];
export type InputOf<K extends ResourceName> = ResourceTypes[K]["input"];
export type FilterOf<K extends ResourceName> = ResourceTypes[K]["filter"];
export type PortOf<K extends ResourceName> = ResourcePort<RecordOf<K>, InputOf<K>, FilterOf<K>>;

/** One part of the port per plain resource: `service.companies.list(...)`. */
export type ResourceParts = { readonly [K in ResourceName]: PortOf<K> };

export interface CarbonService extends ResourceParts {
  readonly kind: "local" | "remote";
  close(): Promise<void>;

  readonly buildings: BuildingsPort;

  listCategories(query: { readonly level?: CategoryLevel }): Promise<Page<Category>>;

  listFactors(query: FactorQuery): Promise<Page<EmissionFactor>>;
  resolveFactor(query: ResolveFactorQuery): Promise<FactorResolution>;
  listCustomFactors(query: CustomFactorQuery): Promise<Page<CustomFactor>>;
  upsertCustomFactor(input: CustomFactorInput): Promise<CustomFactor>;

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
  /** Ordered by name, then id; `companyId` of an unknown company is not_found. */
  listSuppliers(query: SupplierQuery): Promise<Page<Supplier>>;
  /** Upsert by id, or by companyId + externalId when there is no id. */
  upsertSupplier(
    input: SupplierInput,
    options?: SupplierWriteOptions,
  ): Promise<SupplierUpsertResult>;
  /**
   * Many upserts (an import). Locally one transaction: with a refused row and no skipInvalid,
   * nothing is stored. Remotely the rows are sent concurrently, one upsert each.
   */
  writeSuppliers(
    inputs: readonly SupplierInput[],
    options: SupplierBatchOptions,
  ): Promise<SupplierBatchResult>;
  // --- GLEC logistics service footprints (docs/glec.md) ---
  /** Validates, calculates and stores an entry; the same id replaces it (one entry, never two). */
  submitGlecEntry(input: GlecEntryInput): Promise<GlecReceipt>;
  /**
   * A dry run of `submitGlecEntry`: validates and calculates the entry, stores nothing and sends
   * no write (remotely the client calculates with carbon's shipped GLEC factors).
   */
  calculateGlecEntry(input: GlecEntryInput): Promise<GlecCalculation>;
  listGlecEntries(query: GlecQuery): Promise<Page<GlecEntry>>;
  getGlecEntry(id: string): Promise<GlecEntry>;
  /** Deletes an entry and its legs; audited like every deletion. */
  deleteGlecEntry(id: string, options?: { readonly actor?: string }): Promise<GlecReceipt>;

  // --- deletions (docs/deleting.md) ---
  /**
   * Deletes records of one resource, audited one record each. Locally all or nothing: an unknown
   * id (not_found) or a building that still has consumptions without `withConsumptions`
   * (conflict) deletes nothing. A consumption goes with its emission; a custom factor's company
   * gets its emissions recalculated. Remotely the records go one request each, after all of them
   * were found. A dry run answers the same and deletes nothing.
   */
  deleteRecords(request: DeleteRequest): Promise<DeletionResult>;

  // --- audit trail (docs/buildings-move.md) ---
  listAudit(query: AuditQuery): Promise<Page<AuditRecord>>;

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

/** GLEC entries, all or one company's, by start date then id. */
export interface GlecQuery extends PageQuery {
  readonly companyId?: string;
}

/** A list query without its page. */
type Unpaged<Q extends PageQuery> = Omit<Q, keyof PageQuery>;

/** What `streamList` streams: each list's filter and row. */
export interface ListStreams {
  readonly companies: { readonly filter: Unpaged<PageQuery>; readonly row: Company };
  readonly buildings: { readonly filter: BuildingFilter; readonly row: Building };
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
