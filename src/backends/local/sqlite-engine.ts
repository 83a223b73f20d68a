/**
 * The local engine's store on one SQLite file (engine-store.ts): the port's tables on one
 * better-sqlite3 connection, writes one at a time, streams and exports on a read-only connection
 * of their own, dashboards fed by one statement iterated, imports in one BEGIN IMMEDIATE
 * transaction that bulk-loads an empty table.
 */
import type { Emission } from "../../core/model/emission.js";
import type { EmissionFilter } from "../../core/ports/emissions.js";
import type { ListFilter, ListName, ListRow, StreamOptions } from "../../core/service.js";
import type { PricingData, StoreTransaction, StoreTransactions } from "../../rules/store.js";
import type { AuditLog } from "../../store/sqlite/audit.js";
import { BulkIndexes } from "../../store/sqlite/bulk-indexes.js";
import { BulkLoad } from "../../store/sqlite/bulk-load.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import { type Db, openReader, translateError } from "../../store/sqlite/database.js";
import { SqliteImportTransaction } from "../../store/sqlite/import-transaction.js";
import { KeysetReader } from "../../store/sqlite/keyset.js";
import type { SqliteTransactions } from "../../store/sqlite/store.js";
import type { EngineStore, ImportTransaction } from "./engine-store.js";
import { FactorKeysets } from "./factors.js";
import { type ListReaders, listReaders, streamPages } from "./local-streams.js";
import type { LocalTables } from "./plain-resources.js";
import { type BoundQueries, queriesOn } from "./queries.js";

export interface SqliteEngineParts {
  readonly file: string;
  readonly db: Db;
  readonly tables: LocalTables;
  readonly transactions: SqliteTransactions;
  readonly catalog: CategoryCatalog;
  readonly bound: BoundQueries;
  readonly audit: AuditLog;
  readonly busyTimeoutMs: number;
}

export class SqliteEngine implements EngineStore {
  readonly label: string;
  readonly catalog: CategoryCatalog;
  readonly pricing: PricingData;
  readonly transactions: StoreTransactions;

  /** One connection: reads and writes see one state, and price with the same data. */
  get readPricing(): PricingData {
    return this.pricing;
  }
  readonly #p: SqliteEngineParts;
  /** The data version the streams last saw: another connection's commits make refs stale. */
  #streamVersion = -1;
  #listReaders: ListReaders | undefined;

  constructor(parts: SqliteEngineParts) {
    this.#p = parts;
    this.label = parts.file;
    this.catalog = parts.catalog;
    this.pricing = parts.tables.pricing.ready();
    const tables: StoreTransaction = parts.tables;
    this.transactions = {
      read: (fn) => fn(tables),
      write: (fn) => parts.transactions.write(() => fn(tables)),
    };
  }

  /** The file, as SQLite tells: a number that changes when another connection commits. */
  dataVersion(): number | undefined {
    return this.#p.transactions.dataVersion();
  }

  /** A write is rolled back only once, when it fails: the engine forgets it then. */
  onRollback(): void {}

  forget(): void {
    this.#p.bound.refs.invalidate();
  }

  translate(error: unknown): unknown {
    return translateError(error, this.#p.file);
  }

  emissionLines(_tx: StoreTransaction, filter: EmissionFilter): Iterable<Emission> {
    return this.#p.bound.queries.iterateEmissions(filter);
  }

  consumptionRows(_tx: StoreTransaction, filter: EmissionFilter) {
    return this.#p.bound.queries.iterateConsumptionRows(filter);
  }

  /** Read before the rows: while a statement is iterated the connection runs no other. */
  buildingNames(): ReadonlyMap<string, string> {
    const { refs } = this.#p.bound;
    refs.ensure();
    return refs.buildingNames();
  }

  /** Runs `fn` with SQLite's errors translated, references dropped when another commit made them stale. */
  #read<T>(fn: () => T): T {
    try {
      const version = this.dataVersion();
      if (typeof version === "number" && version !== this.#streamVersion) {
        this.#streamVersion = version;
        this.forget();
      }
      return fn();
    } catch (error) {
      throw this.translate(error);
    }
  }

  streamList<K extends ListName>(
    list: K,
    filter: ListFilter<K>,
    options: StreamOptions,
  ): AsyncIterable<readonly ListRow<K>[]> {
    const p = this.#p;
    this.#listReaders ??= listReaders({
      reader: new KeysetReader(p.db),
      tables: p.tables,
      catalog: p.catalog,
      companies: p.bound.companies,
      buildings: p.bound.buildings,
      factors: new FactorKeysets(p.db),
      queries: p.bound.queries,
      audit: p.audit,
    });
    return streamPages(this.#listReaders, list, filter, options, (fn) => this.#read(fn));
  }

  /**
   * Rows come from `Statement.iterate` on a read-only connection of its own, so the engine stays
   * usable between rows (a server answers other requests meanwhile). It reads the last committed
   * state: an open import session's rows are not in it. Stop early with `break`/`return`.
   */
  async *streamEmissions(filter: EmissionFilter): AsyncIterable<Emission> {
    const p = this.#p;
    const guard = <T>(fn: () => T): T => {
      try {
        return fn();
      } catch (error) {
        throw this.translate(error);
      }
    };
    // An in-memory database has one connection only: it streams on it.
    const reader =
      p.file === ":memory:"
        ? undefined
        : guard(() => {
            const connection = openReader(p.file, p.busyTimeoutMs);
            return { ...queriesOn(connection, p.catalog), close: () => connection.close() };
          });
    try {
      const rows = (reader?.queries ?? p.bound.queries).iterateEmissions(filter);
      try {
        for (;;) {
          const next = guard(() => rows.next());
          if (next.done === true) return;
          yield next.value;
        }
      } finally {
        rows.return();
      }
    } finally {
      reader?.close();
    }
  }

  importTransaction(): ImportTransaction {
    const p = this.#p;
    // Every row of a bulk load is new: the buildings with certificates are settled again.
    const transaction = new SqliteImportTransaction(
      p.db,
      new BulkIndexes(p.db, () => p.tables.certificateCover.markCertified()),
      new BulkLoad(p.db),
    );
    const tables: StoreTransaction = p.tables;
    return {
      tables,
      begin: () => transaction.begin(),
      // BEGIN IMMEDIATE holds the file's one write lock already.
      claim: () => undefined,
      beginBatch: () => transaction.beginBatch(),
      endBatch: () => transaction.endBatch(),
      undoBatch: () => transaction.undoBatch(),
      commit: (settle) =>
        transaction.commit(() => {
          // SQLite settles synchronously: nothing is awaited before COMMIT.
          void settle(tables);
        }),
      rollback: () => transaction.rollback(),
      rollbackIfOpen: () => transaction.rollbackIfOpen(),
      close: () => transaction.close(),
    };
  }

  /** A file open on this connection answers at once. */
  async ping(): Promise<void> {
    this.#read(() => this.#p.transactions.dataVersion());
  }

  async close(): Promise<void> {
    if (this.#p.db.open) this.#p.db.close();
  }
}
