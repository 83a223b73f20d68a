/** The consumptions part of the port: records of activity, their upserts and imports. */
import type { BuildingInput } from "../model/building.js";
import type { Page, PageQuery } from "../model/common.js";
import type {
  Consumption,
  ConsumptionInput,
  ConsumptionUpsertResult,
} from "../model/consumption.js";
import type { ConsumptionSummary } from "../model/emission.js";

/** Date filters are inclusive calendar days `YYYY-MM-DD`; a record matches if its period overlaps. */
export interface PeriodFilter {
  readonly companyId?: string;
  readonly buildingId?: string;
  readonly from?: string;
  readonly to?: string;
  /** Categories of any level: a record matches when its subcategory is one of them or under one. */
  readonly categoryIds?: readonly [string, ...string[]];
}

export interface ConsumptionQuery extends PeriodFilter, PageQuery {}

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
   * How many rows a write of this session takes best (a store over the network writes a few
   * thousand in one statement); absent: the importer's own size.
   */
  readonly batchRows?: number;
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

/** `service.consumptions`: consumptions by id, their imports and their dashboard. */
export interface ConsumptionsPort {
  /**
   * True when an import session is one transaction that `abort` undoes (the local engine); false
   * when each write is stored as it is sent (a server), so an importer checks the whole file
   * before it opens a session.
   */
  readonly importsAtomically: boolean;
  list(query: ConsumptionQuery): Promise<Page<Consumption>>;
  get(id: string): Promise<Consumption>;
  upsert(input: ConsumptionInput): Promise<ConsumptionUpsertResult>;
  openImport(options: ImportSessionOptions): Promise<ImportSession>;
  summarize(query: PeriodFilter): Promise<ConsumptionSummary>;
  /** Which of these consumption ids are stored (on a server: one GET /consumptions/{id} each). */
  storedIds(ids: readonly string[]): Promise<ReadonlySet<string>>;
}
