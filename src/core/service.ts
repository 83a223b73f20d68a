import type { AuditRecord } from "./model/audit.js";
import type { Building, BuildingInput } from "./model/building.js";
import type { Category } from "./model/category.js";
import type { PageQuery } from "./model/common.js";
import type { Company, CompanyInput } from "./model/company.js";
import type { Consumption } from "./model/consumption.js";
import type { DeleteRequest, DeletionResult } from "./model/deletion.js";
import type { Emission } from "./model/emission.js";
import type { CustomFactor, CustomFactorInput, EmissionFactor } from "./model/factor.js";
import type { GlecEntry } from "./model/glec.js";
import type {
  Supplier,
  SupplierInput,
  SupplierQuery,
  SupplierUpsertResult,
} from "./model/supplier.js";
import type { AuditPort, AuditQuery } from "./ports/audit.js";
import type { BuildingsPort } from "./ports/buildings.js";
import type { ConsumptionsPort, PeriodFilter } from "./ports/consumptions.js";
import type { EmissionFilter, EmissionsPort } from "./ports/emissions.js";
import type { FactorQuery, FactorsPort } from "./ports/factors.js";
import type { GlecPort, GlecQuery } from "./ports/glec.js";
import type { SuppliersPort } from "./ports/suppliers.js";
import type { ReadOnlyResourcePort, ResourcePort } from "./resource.js";
import type { BuildingFilter } from "./resources/buildings.js";
import type { CategoryFilter } from "./resources/categories.js";
import type { CompanyFilter } from "./resources/companies.js";
import type { CustomFactorFilter } from "./resources/custom-factors.js";
import type { SupplierFilter } from "./resources/suppliers.js";

export interface CustomFactorQuery extends CustomFactorFilter, PageQuery {}

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

/** The read-only plain resources: each one's record and list filter. */
export interface ReadOnlyResourceTypes {
  readonly categories: { readonly record: Category; readonly filter: CategoryFilter };
}

export type ReadOnlyName = keyof ReadOnlyResourceTypes;
export type ReadOnlyPortOf<K extends ReadOnlyName> = ReadOnlyResourcePort<
  ReadOnlyResourceTypes[K]["record"],
  ReadOnlyResourceTypes[K]["filter"]
>;

/** One part of the port per read-only resource: `service.categories.list(...)`. */
export type ReadOnlyParts = { readonly [K in ReadOnlyName]: ReadOnlyPortOf<K> };

export interface CarbonService extends ResourceParts, ReadOnlyParts {
  readonly kind: "local" | "remote";
  close(): Promise<void>;

  readonly buildings: BuildingsPort;

  readonly factors: FactorsPort;

  /**
   * The instance id a server announces on `POST /auth/who-am-i` (carbon serve keeps one in its
   * database), or undefined: the local engine, or a server that announces none.
   */
  serverInstanceId(): Promise<string | undefined>;

  readonly consumptions: ConsumptionsPort;
  readonly emissions: EmissionsPort;

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
  readonly buildings: { readonly filter: BuildingFilter; readonly row: Building };
  readonly categories: { readonly filter: CategoryFilter; readonly row: Category };
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
