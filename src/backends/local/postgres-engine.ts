/**
 * The local engine's store on a PostgreSQL database (engine-store.ts): the port's tables on a
 * pool, each call of the rules one transaction of its own (PostgresTransactions: concurrent
 * writes, run again when they collide), so any number of processes serve one database. What the
 * engine keeps across calls is only what never changes (the category tree) or what pricing
 * reloads when it must; every transaction sees what other processes committed.
 */

import { CategoryTree } from "../../core/category-tree.js";
import { CarbonError } from "../../core/errors.js";
import { MAX_PAGE_LIMIT } from "../../core/model/common.js";
import type { Emission } from "../../core/model/emission.js";
import { pageWindow } from "../../core/pagination.js";
import type { EmissionFilter } from "../../core/ports/emissions.js";
import type { ListFilter, ListName, ListRow, StreamOptions } from "../../core/service.js";
import type { ConsumptionSummaryRow } from "../../engine/summary.js";
import {
  consumptionDecoder,
  type RowScan,
  scannedConsumptions,
  scannedEmissions,
  scannedSummaryRows,
} from "../../rules/consumption-reads.js";
import type { StoreTransaction, StoreTransactions } from "../../rules/store.js";
import { PostgresCategories } from "../../store/postgres/categories.js";
import type { PostgresConsumptionReads } from "../../store/postgres/consumption-reads.js";
import { SharedLists } from "../../store/postgres/consumption-versions.js";
import { connect, connectionError, type Pool } from "../../store/postgres/database.js";
import { PostgresImportTransaction } from "../../store/postgres/import-transaction.js";
import { migratePostgres } from "../../store/postgres/migrations.js";
import { PostgresPricingData } from "../../store/postgres/pricing.js";
import { SharedCategoryTree, SharedKeys } from "../../store/postgres/row-references.js";
import {
  type PostgresTableOptions,
  type PostgresTables,
  postgresTables,
} from "../../store/postgres/store.js";
import {
  isConnectionLost,
  PostgresTransactions,
  type Queryable,
  sqlState,
  type TransactionMode,
} from "../../store/postgres/transactions.js";
import { type PostgresTarget, parsePostgresUrl } from "../../store/postgres/url.js";
import type { EngineStore, ImportTransaction } from "./engine-store.js";
import { pagesOf, pagesOfEach } from "./stream-pages.js";

/** Rows an import writes a batch of: the most one multi-row statement of the store takes. */
const POSTGRES_IMPORT_BATCH_ROWS = 2000;
/**
 * An import that wrote at least this many consumptions analyzes the table after its commit:
 * until autovacuum's statistics catch up, the planner reads a freshly loaded company's pages
 * and exports as if its rows were not there.
 */
const ANALYZE_AFTER_ROWS = 10_000;

/** Connections a process opens at most: a server's requests wait for one beyond that. */
const POOL_SIZE = 10;

/** A PostgreSQL error as the engine reports it. */
export function translatePostgresError(error: unknown, target: PostgresTarget): unknown {
  if (error instanceof CarbonError) return error;
  const state = sqlState(error);
  const message = error instanceof Error ? error.message : String(error);
  if (state === "57014") {
    return new CarbonError("unavailable", "the database cancelled a statement that ran too long", {
      hint: "try again; a busy server may need a longer statement_timeout",
    });
  }
  if (state === "53300" || /timeout exceeded when trying to connect/i.test(message)) {
    return new CarbonError("unavailable", "every database connection is busy", {
      hint: "try again in a moment",
    });
  }
  // Connection lost, refused or shut down (class 08, 57P01-57P03, the OS's codes).
  if (isConnectionLost(error)) return connectionError(error, target);
  return error;
}

export interface PostgresEngineOptions {
  readonly url: string;
  /** Told before each migration applied to an existing database. */
  readonly onUpgrade?: (message: string) => void;
}

/**
 * One write at a time in a process, as on SQLite: the calculator keeps the keys of calculation
 * records a write adds until it commits, so a second write of the same process must not name
 * them before then. Reads run side by side, and other processes write side by side with this one.
 */
class WriteQueue {
  #last: Promise<void> = Promise.resolve();

  /** Runs `fn` once every write queued before it has ended. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.hold();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** Waits for the writes queued before, then holds the queue until `release` is called. */
  async hold(): Promise<() => void> {
    const turn = this.#last;
    let done = (): void => {};
    this.#last = new Promise((resolve) => {
      done = resolve;
    });
    await turn;
    return done;
  }
}

export class PostgresEngine implements EngineStore {
  readonly label: string;
  readonly catalog: CategoryTree;
  readonly pricing: PostgresPricingData;
  readonly readPricing: PostgresPricingData;
  readonly transactions: StoreTransactions;
  readonly #target: PostgresTarget;
  readonly #pool: Pool;
  readonly #writes = new WriteQueue();
  readonly #tables: PostgresTransactions<PostgresTables>;
  readonly #options: PostgresTableOptions = {
    decoder: consumptionDecoder,
    categories: new SharedCategoryTree(),
    lists: new SharedLists(),
    keys: new SharedKeys(),
  };
  /** Each transaction's consumption reads (the port's table, with pages of its own). */
  readonly #reads = new WeakMap<object, PostgresConsumptionReads>();
  /** Told when a write is rolled back (also before it runs again): what it cached is gone. */
  #rolledBack: () => void = () => {};

  private constructor(
    target: PostgresTarget,
    pool: Pool,
    catalog: CategoryTree,
    pricing: PostgresPricingData,
    readPricing: PostgresPricingData,
  ) {
    this.#target = target;
    this.#pool = pool;
    this.label = target.display;
    this.catalog = catalog;
    this.pricing = pricing;
    this.readPricing = readPricing;
    const tables = new PostgresTransactions(
      pool,
      (client, mode) => this.#tablesOn(client, mode),
      () => this.#rolledBack(),
    );
    this.#tables = tables;
    this.transactions = {
      read: (fn) => tables.read((tx) => fn(tx)),
      write: (fn) => this.#writes.run(() => tables.write((tx) => fn(tx))),
    };
  }

  /**
   * The tables of a transaction on `client`. Writes (one at a time) price with `pricing`, reads
   * with `readPricing`: a read loads what its snapshot holds (a company's custom factors, the
   * policy) into its own, never into what a write in flight prices with.
   */
  #tablesOn(client: Queryable, mode: TransactionMode): PostgresTables {
    const pricing = mode === "write" ? this.pricing : this.readPricing;
    const tables = postgresTables(client, pricing, { ...this.#options, readOnly: mode === "read" });
    this.#reads.set(tables, tables.consumptionReads);
    return tables;
  }

  /** Connects, migrates (under the migrations' advisory lock) and reads the category tree. */
  static async open(options: PostgresEngineOptions): Promise<PostgresEngine> {
    const target = parsePostgresUrl(options.url);
    const pool = await connect(target, POOL_SIZE);
    try {
      await migratePostgres(pool, target, options.onUpgrade);
      const client = await pool.connect();
      try {
        const catalog = new CategoryTree(await new PostgresCategories(client).all());
        const pricing = new PostgresPricingData();
        const readPricing = new PostgresPricingData();
        await postgresTables(client, pricing).pricing.ready([]);
        await postgresTables(client, readPricing).pricing.ready([]);
        return new PostgresEngine(target, pool, catalog, pricing, readPricing);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => {});
      throw translatePostgresError(error, target);
    }
  }

  /** What the engine does when a write is rolled back (the calculator forgets its writes). */
  onRollback(listener: () => void): void {
    this.#rolledBack = listener;
  }

  /** Every transaction sees what others committed: nothing is kept across calls to go stale. */
  dataVersion(): undefined {
    return undefined;
  }

  forget(): void {}

  translate(error: unknown): unknown {
    return translatePostgresError(error, this.#target);
  }

  /** The rows of a filter, keyset pages read in the transaction `tx`. */
  #scan(tx: StoreTransaction): RowScan {
    const reads = this.#reads.get(tx);
    if (reads === undefined) throw new Error("these tables are not this store's");
    return (filter) => reads.pages(filter);
  }

  emissionLines(tx: StoreTransaction, filter: EmissionFilter): AsyncIterable<Emission> {
    return scannedEmissions(tx, filter, this.#scan(tx));
  }

  consumptionRows(
    tx: StoreTransaction,
    filter: EmissionFilter,
  ): AsyncIterable<ConsumptionSummaryRow> {
    return scannedSummaryRows(tx, filter, this.#scan(tx));
  }

  buildingNames(tx: StoreTransaction): Promise<ReadonlyMap<string, string>> {
    return (tx as PostgresTables).buildings.names();
  }

  /**
   * Consumptions and emissions stream from a cursor in one read transaction (one snapshot, one
   * connection held while the caller reads), in pages of the size asked for; other lists page
   * through their list (few rows, each page found by its own key).
   */
  streamList<K extends ListName>(
    list: K,
    filter: ListFilter<K>,
    options: StreamOptions,
  ): AsyncIterable<readonly ListRow<K>[]> | undefined {
    const { limit } = pageWindow({ limit: options.pageSize ?? MAX_PAGE_LIMIT });
    if (list === "emissions") {
      const lines = this.streamEmissions(filter as ListFilter<"emissions">);
      return pagesOfEach(lines, limit) as AsyncIterable<readonly ListRow<K>[]>;
    }
    if (list === "consumptions") {
      const rows = this.#snapshot((tx) =>
        scannedConsumptions(tx, filter as ListFilter<"consumptions">, this.#scan(tx)),
      );
      return pagesOf(rows, limit) as AsyncIterable<readonly ListRow<K>[]>;
    }
    return undefined;
  }

  /** `read`'s rows in one read-only snapshot, held (one connection) while the caller reads. */
  async *#snapshot<T>(read: (tx: StoreTransaction) => AsyncIterable<T>): AsyncIterable<T> {
    try {
      yield* this.#tables.snapshot(read);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** In one read-only snapshot, held (one connection) while the caller reads. */
  streamEmissions(filter: EmissionFilter): AsyncIterable<Emission> {
    return this.#snapshot((tx) => scannedEmissions(tx, filter, this.#scan(tx)));
  }

  /**
   * One connection of the pool for the whole import, in one transaction (READ COMMITTED: the
   * rows of a company are written under its advisory lock, so two imports into one company
   * follow each other and imports into different ones run side by side), a savepoint a batch.
   */
  importTransaction(): ImportTransaction {
    const writes = this.#writes;
    const transaction = new PostgresImportTransaction(this.#pool);
    const tablesOn = (connection: Queryable) => this.#tablesOn(connection, "write");
    let release: (() => void) | undefined;
    let tables: PostgresTables | undefined;
    const open = (): PostgresTables => {
      if (tables === undefined) throw new Error("the import transaction has not begun");
      return tables;
    };
    return {
      get tables(): StoreTransaction {
        return open();
      },
      // One multi-row statement a batch: fewer round trips than by 500, and faster than COPY.
      batchRows: POSTGRES_IMPORT_BATCH_ROWS,
      begin: async () => {
        release = await writes.hold();
        try {
          tables = tablesOn(await transaction.begin());
        } catch (error) {
          release();
          release = undefined;
          throw error;
        }
        // Another import may be writing: overlaps are always looked for.
        return { empty: false, bulk: undefined };
      },
      claim: (companyRefs) => transaction.claim(companyRefs),
      beginBatch: () => transaction.beginBatch(),
      endBatch: () => transaction.endBatch(),
      undoBatch: () => transaction.undoBatch(),
      commit: async (settle) => {
        const written = open();
        await settle(written);
        await transaction.commit();
        if (written.consumptions.rowsWritten >= ANALYZE_AFTER_ROWS) {
          await transaction.analyze("consumptions");
        }
      },
      rollback: () => transaction.rollback(),
      rollbackIfOpen: () => transaction.rollbackIfOpen(),
      close: () => {
        transaction.close();
        tables = undefined;
        release?.();
        release = undefined;
      },
    };
  }

  async ping(): Promise<void> {
    try {
      await this.#tables.ping();
    } catch (error) {
      throw this.translate(error);
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
