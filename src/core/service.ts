import type { AuditRecord } from "./model/audit.js";
import type { Category } from "./model/category.js";
import type { PageQuery } from "./model/common.js";
import type { Consumption } from "./model/consumption.js";
import type { DeleteRequest, DeletionResult } from "./model/deletion.js";
import type { Emission } from "./model/emission.js";
import type { EmissionFactor } from "./model/factor.js";
import type { GlecEntry } from "./model/glec.js";
import type { OrganizationLimit } from "./model/organization-limit.js";
import type { AuditPort, AuditQuery } from "./ports/audit.js";
import type { BuildingsPort } from "./ports/buildings.js";
import type { CertificatesPort } from "./ports/certificates.js";
import type { CommentsPort } from "./ports/comments.js";
import type { ConsumptionsPort, PeriodFilter } from "./ports/consumptions.js";
import type { CustomFactorsPort } from "./ports/custom-factors.js";
import type { EffluentsPort } from "./ports/effluents.js";
import type { EmissionFilter, EmissionsPort } from "./ports/emissions.js";
import type { FactorQuery, FactorsPort } from "./ports/factors.js";
import type { GlecPort, GlecQuery } from "./ports/glec.js";
import type { GoalsPort } from "./ports/goals.js";
import type { InputsPort } from "./ports/inputs.js";
import type { InvoicesPort } from "./ports/invoices.js";
import type { OrganizationLimitsPort } from "./ports/organization-limits.js";
import type { SuppliersPort } from "./ports/suppliers.js";
import type { UsersPort } from "./ports/users.js";
import type { VehiclesPort } from "./ports/vehicles.js";
import type {
  FilterOf,
  ReadOnlyParts,
  RecordOf,
  ResourceName,
  ResourceParts,
} from "./resource-types.js";
import type { CategoryFilter } from "./resources/categories.js";
import type { CustomFactorFilter } from "./resources/custom-factors.js";

export interface CustomFactorQuery extends CustomFactorFilter, PageQuery {}

export type {
  FilterOf,
  InputOf,
  PortOf,
  ReadOnlyName,
  ReadOnlyParts,
  ReadOnlyPortOf,
  ReadOnlyResourceTypes,
  RecordOf,
  ResourceName,
  ResourceParts,
  ResourceTypes,
  UpsertedOf,
} from "./resource-types.js";

/**
 * The port every command programs against. Two drivers implement it: the local SQLite engine
 * and the remote HTTP client; `carbon serve` exposes any implementation as the REST interface.
 * Every list answers the spec's envelope `{data, pagination}`.
 */
export interface CarbonService extends ResourceParts, ReadOnlyParts {
  readonly kind: "local" | "remote";
  close(): Promise<void>;

  readonly buildings: BuildingsPort;

  readonly factors: FactorsPort;
  /** A company's own factors (docs/factor-library.md#custom-factors-by-date). */
  readonly customFactors: CustomFactorsPort;

  /**
   * The instance id a server announces on `POST /auth/who-am-i` (carbon serve keeps one in its
   * database), or undefined: the local engine, or a server that announces none.
   */
  serverInstanceId(): Promise<string | undefined>;

  readonly consumptions: ConsumptionsPort;
  readonly emissions: EmissionsPort;

  // --- Suppliers and clients (docs/suppliers.md) ---
  readonly suppliers: SuppliersPort;
  /** A company's fleet (docs/vehicles.md). */
  readonly vehicles: VehiclesPort;
  /** GLEC logistics service footprints (docs/glec.md). */
  readonly glec: GlecPort;
  /** Comments on a company's records (docs/comments.md). */
  readonly comments: CommentsPort;
  /** Reduction goals and their progress (docs/goals.md). */
  readonly goals: GoalsPort;
  /** Invoices, whose lines are consumptions (docs/invoices.md). */
  readonly invoices: InvoicesPort;
  /** Effluent limits and samples of buildings (docs/effluents.md). */
  readonly effluents: EffluentsPort;
  /** Energy attribute certificates and the regos dashboard (docs/certificates.md). */
  readonly certificates: CertificatesPort;
  /** Organization limits and the consolidation by them (docs/organization-limits.md). */
  readonly organizationLimits: OrganizationLimitsPort;
  /** Recommended inputs by country and type (docs/inputs.md). */
  readonly inputs: InputsPort;
  /** Accounts of carbon serve, their access and invitations (docs/users.md). */
  readonly users: UsersPort;

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
/** What `streamList` streams of each plain resource: its list filter and its record. */
export type ResourceStreams = {
  readonly [K in ResourceName]: { readonly filter: FilterOf<K>; readonly row: RecordOf<K> };
};

export interface ListStreams extends ResourceStreams {
  readonly categories: { readonly filter: CategoryFilter; readonly row: Category };
  readonly factors: { readonly filter: Unpaged<FactorQuery>; readonly row: EmissionFactor };
  readonly consumptions: { readonly filter: PeriodFilter; readonly row: Consumption };
  readonly emissions: { readonly filter: EmissionFilter; readonly row: Emission };
  readonly glecEntries: { readonly filter: Unpaged<GlecQuery>; readonly row: GlecEntry };
  readonly audit: { readonly filter: Unpaged<AuditQuery>; readonly row: AuditRecord };
  readonly organizationLimits: {
    readonly filter: { readonly companyId: string };
    readonly row: OrganizationLimit;
  };
}

export type ListName = keyof ListStreams;
export type ListFilter<K extends ListName> = ListStreams[K]["filter"];
export type ListRow<K extends ListName> = ListStreams[K]["row"];

export interface StreamOptions {
  /** Rows per page, 1 to 500 (default 500). */
  readonly pageSize?: number;
}
