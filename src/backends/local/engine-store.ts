/**
 * What the local engine runs on: a store's transactions over the Store port's tables
 * (src/rules/store.ts), and what the engine reads beside the rules that each store does its own
 * way (streams that outlive a transaction, an import's one long transaction, dashboards fed row
 * by row). SQLite answers these on its file (sqlite-engine.ts), PostgreSQL on a pool
 * (postgres-engine.ts); the engine (local-service.ts) knows neither.
 */
import type { Emission } from "../../core/model/emission.js";
import type { EmissionFilter } from "../../core/ports/emissions.js";
import type { ListFilter, ListName, ListRow, StreamOptions } from "../../core/service.js";
import type { ConsumptionSummaryRow } from "../../engine/summary.js";
import type {
  Awaitable,
  CategoryLookup,
  PricingData,
  StoreTransaction,
  StoreTransactions,
} from "../../rules/store.js";
import type { SummaryRows } from "../../rules/summaries.js";

/**
 * An import session's one transaction: every batch in a savepoint of it, committed or rolled
 * back at the end, its tables the session's own (bulk-loading on SQLite, COPY on PostgreSQL).
 */
export interface ImportTransaction {
  /** The port's tables inside the transaction. */
  readonly tables: StoreTransaction;
  /** How many rows a batch of the session writes best; absent: the importer's size. */
  readonly batchRows?: number;
  /** Begins; whether no consumption is stored yet, and the bulk load when there is one. */
  begin(): Awaitable<{
    readonly empty: boolean;
    readonly bulk: { active(): boolean; leave(): void } | undefined;
  }>;
  /**
   * The companies a batch writes to, before it reads what they have stored: a store whose
   * imports run side by side makes two imports into one company wait for each other here.
   */
  claim(companyRefs: readonly number[]): Awaitable<void>;
  beginBatch(): Awaitable<void>;
  endBatch(): Awaitable<void>;
  /** Takes the batch back; false when the store had rolled the whole transaction back. */
  undoBatch(): Awaitable<boolean>;
  /** Commits, `settle` run on the rows as they will be stored. */
  commit(settle: (tx: StoreTransaction) => Awaitable<void>): Awaitable<void>;
  rollback(): Awaitable<void>;
  rollbackIfOpen(): Awaitable<void>;
  /** The transaction is over: its connection goes back to its ordinary state. */
  close(): Awaitable<void>;
}

export interface EngineStore {
  /** What messages name the database by: its file, or its URL without a password. */
  readonly label: string;
  /** The store's own transactions over the port's tables. */
  readonly transactions: StoreTransactions;
  /** The category tree (it never changes while the store is open). */
  readonly catalog: CategoryLookup;
  /** What the calculator prices with; `tables.pricing.ready` fills it for a batch's companies. */
  readonly pricing: PricingData;
  /**
   * What reads price with (a factor resolved, a dashboard's policy): `pricing` itself on a store
   * that runs one transaction at a time, its own on one where reads run beside a write.
   */
  readonly readPricing: PricingData;
  /**
   * A number that changes when another connection or process commits (what the engine keeps
   * may then be stale); undefined: the store cannot tell, and keeps nothing across calls.
   */
  dataVersion(): number | undefined;
  /** What to do when a write is rolled back, also before the store runs it again itself. */
  onRollback(listener: () => void): void;
  /** Forget the references kept (a rollback, a rename or a deletion made them stale). */
  forget(): void;
  /** A database error as the engine reports it (busy, full, unreachable, read-only…). */
  translate(error: unknown): unknown;
  /** Every emission line the filter matches, in list order, read inside `tx`. */
  emissionLines(tx: StoreTransaction, filter: EmissionFilter): SummaryRows<Emission>;
  /** What the consumption dashboard adds up, in no particular order, read inside `tx`. */
  consumptionRows(tx: StoreTransaction, filter: EmissionFilter): SummaryRows<ConsumptionSummaryRow>;
  /** Every building's name by id, for dashboards' labels. */
  buildingNames(tx: StoreTransaction): Awaitable<ReadonlyMap<string, string>>;
  /**
   * A list's pages outside any one transaction (each read on its own, or on a reader of its
   * own), so the engine serves other calls between them; rows committed meanwhile after the
   * current key are included, none twice. Undefined: the store has no cursor of its own for
   * this list, and the engine pages it through its list (a small table).
   */
  streamList<K extends ListName>(
    list: K,
    filter: ListFilter<K>,
    options: StreamOptions,
  ): AsyncIterable<readonly ListRow<K>[]> | undefined;
  /** Every matching emission line in list order, on a reader of its own (exports). */
  streamEmissions(filter: EmissionFilter): AsyncIterable<Emission>;
  /** The one transaction of an import session. */
  importTransaction(): ImportTransaction;
  /** Answers once the database answers a trivial read; throws when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
