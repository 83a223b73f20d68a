import { CarbonError } from "../../core/errors.js";
import type { BuildingInput } from "../../core/model/building.js";
import type { Consumption, ConsumptionInput } from "../../core/model/consumption.js";
import type {
  ConsumptionOverlap,
  ImportCounts,
  ImportSession,
  ImportSessionOptions,
} from "../../core/ports/consumptions.js";
import type { BulkMode, RowRefs } from "../../rules/consumption-writer.js";
import { IdHashSet } from "../../rules/id-set.js";
import type {
  Awaitable,
  StoredBuilding,
  StoredCompany,
  StoreTransaction,
} from "../../rules/store.js";
import type { ImportTransaction } from "./engine-store.js";

/** What a session needs from the service that opened it. */
export interface SessionHost {
  upsertBuilding(
    tx: StoreTransaction,
    input: BuildingInput,
    companyOf: (id: string) => StoredCompany | undefined,
  ): Promise<StoredBuilding>;
  /** A database error as the engine reports it. */
  translate(error: unknown): unknown;
  /** The session's one transaction, its batches and its bulk load (the store's). */
  readonly transaction: ImportTransaction;
  /** Work left for the end of the transaction (certificate coverage). */
  settle(tx: StoreTransaction): Awaitable<void>;
  writeRows(
    tx: StoreTransaction,
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
    bulk?: BulkMode,
  ): Promise<ImportCounts>;
  /** Stored consumptions the rows overlap, and which of them the import carries (overlaps.ts). */
  readonly overlaps: {
    find(
      tx: StoreTransaction,
      rows: readonly ConsumptionInput[],
      refs: RowRefs,
    ): Promise<ConsumptionOverlap[]>;
    carried(tx: StoreTransaction, records: readonly Consumption[]): Promise<Set<string>>;
  };
  /** Deletes consumptions in the session's transaction, audited; answers how many. */
  removeConsumptions(tx: StoreTransaction, ids: readonly string[]): Promise<number>;
  /** A batch's savepoint was rolled back: forget references written in it. */
  batchRolledBack(): void;
  /** Called once the transaction is over (committed or rolled back). */
  ended(rolledBack: boolean): void;
}

/**
 * One database transaction (BEGIN IMMEDIATE at open) across every batch: nothing is visible to
 * other connections until `commit`; `abort`, a dry run's `commit`, or a crash leave the previous
 * state. Each `write` runs in a savepoint, so a batch that fails leaves no half of itself.
 * Companies and buildings are cached for the session. While a session is open the service that
 * opened it refuses other writes (they would join this transaction).
 *
 * Into an empty consumptions table the session writes in bulk mode: the table's indexes are
 * dropped at open and built again just before COMMIT (a rollback restores them by itself), and
 * rows are plain inserts while an in-memory set of ids shows none repeats. The first id that
 * may repeat brings the indexes back and the rest of the session takes the ordinary path.
 * Such a session also runs with foreign keys off, and through a rollback journal instead of the
 * WAL when nobody else has the file open (bulk-load.ts); both come back when it ends. An empty
 * table has nothing a row could overlap, so such a session never looks for overlaps.
 */
export class LocalImportSession implements ImportSession {
  readonly #host: SessionHost;
  readonly #tx: StoreTransaction;
  readonly #dryRun: boolean;
  readonly #companies = new Map<string, StoredCompany>();
  readonly #buildings = new Map<string, StoredBuilding>();
  readonly #refs: RowRefs;
  readonly #bulk: BulkMode | undefined;
  readonly detectsOverlaps: boolean;
  readonly batchRows: number | undefined;
  #open = true;
  /** The error after which the store had rolled the transaction back: nothing more can be written. */
  #lost: { readonly error: unknown } | undefined;

  /** Begins the session's transaction. */
  static async open(host: SessionHost, options: ImportSessionOptions): Promise<LocalImportSession> {
    try {
      return new LocalImportSession(host, options, await host.transaction.begin());
    } catch (error) {
      throw host.translate(error);
    }
  }

  private constructor(
    host: SessionHost,
    options: ImportSessionOptions,
    start: Awaited<ReturnType<ImportTransaction["begin"]>>,
  ) {
    this.#host = host;
    this.#tx = host.transaction.tables;
    this.#dryRun = options.dryRun;
    const { empty, bulk } = start;
    this.#bulk =
      bulk === undefined
        ? undefined
        : {
            // A caller that guarantees unique ids spares the set (16 MB per million rows); the
            // unique index built at COMMIT is the backstop.
            ids: options.uniqueIds === true ? undefined : new IdHashSet(),
            active: () => bulk.active(),
            leave: () => bulk.leave(),
          };
    this.detectsOverlaps = !empty;
    this.batchRows = host.transaction.batchRows;
    this.#refs = {
      company: (id) => this.#companies.get(id.toLowerCase()),
      building: (id) => this.#buildings.get(id.toLowerCase()),
    };
  }

  /**
   * The companies and buildings the rows name that the session has not read yet, read in one
   * call each: the writer then finds them without a round trip per row.
   */
  async #read(rows: readonly ConsumptionInput[]): Promise<void> {
    await this.#readReferences(rows);
    const companies = new Set<number>();
    for (const row of rows) {
      const company = this.#companies.get(row.companyId.toLowerCase());
      if (company !== undefined) companies.add(company.ref);
    }
    await this.#host.transaction.claim([...companies]);
  }

  /** The companies and buildings the rows name that the session has not read yet. */
  async #readReferences(rows: readonly ConsumptionInput[]): Promise<void> {
    const companies = new Set<string>();
    const buildings = new Set<string>();
    for (const row of rows) {
      const company = row.companyId.toLowerCase();
      const building = row.buildingId.toLowerCase();
      if (!this.#companies.has(company)) companies.add(company);
      if (!this.#buildings.has(building)) buildings.add(building);
    }
    if (companies.size > 0) {
      for (const company of await this.#tx.companies.findMany([...companies])) {
        this.#companies.set(company.id, company);
      }
    }
    if (buildings.size > 0) {
      for (const building of await this.#tx.buildings.findMany([...buildings])) {
        this.#buildings.set(building.id, building);
      }
    }
  }

  /** The company of this id, read once for the session. */
  #company(id: string): StoredCompany | undefined {
    return this.#companies.get(id.toLowerCase());
  }

  #checkOpen(): void {
    if (!this.#open) throw new CarbonError("usage", "the import session is already closed");
    if (this.#lost !== undefined) throw this.#lost.error;
  }

  /** Runs work that awaits, its errors translated into the engine's. */
  async #guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw this.#host.translate(error);
    }
  }

  /** Runs `fn` in a savepoint: a batch is written whole or not at all. */
  async #batch<T>(fn: () => Promise<T>): Promise<T> {
    const host = this.#host;
    try {
      await host.transaction.beginBatch();
    } catch (error) {
      // No savepoint could be set: the transaction cannot go on (its connection may be gone).
      this.#lost = { error: host.translate(error) };
      throw this.#lost.error;
    }
    try {
      const result = await fn();
      await this.#guarded(async () => host.transaction.endBatch());
      return result;
    } catch (error) {
      await this.#undoBatch(error);
      throw host.translate(error);
    }
  }

  /** The batch failed with `error`: its savepoint is rolled back, or the transaction was lost. */
  async #undoBatch(error: unknown): Promise<void> {
    const host = this.#host;
    let undone = false;
    try {
      undone = await host.transaction.undoBatch();
    } catch {
      undone = false;
    }
    // No savepoint is left to go back to; the error that ended the transaction is the news.
    if (!undone) this.#lost = { error: host.translate(error) };
    // What the batch created is gone: look references up again rather than trust a cache.
    this.#companies.clear();
    this.#buildings.clear();
    host.batchRolledBack();
  }

  /** The end of the last batch begun: batches run one after the other, never interleaved. */
  #queue: Promise<unknown> = Promise.resolve();

  /** Runs `fn` once every batch begun before it has ended. */
  #inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async createBuildings(inputs: readonly BuildingInput[]): Promise<void> {
    this.#checkOpen();
    await this.#inTurn(() =>
      this.#batch(async () => {
        for (const input of inputs) {
          const companyId = input.companyId.toLowerCase();
          if (!this.#companies.has(companyId)) {
            const found = await this.#tx.companies.find(companyId);
            if (found !== undefined) this.#companies.set(found.id, found);
          }
          const building = await this.#host.upsertBuilding(this.#tx, input, (id) =>
            this.#company(id),
          );
          this.#buildings.set(building.id, building);
        }
      }),
    );
  }

  async write(rows: readonly ConsumptionInput[]): Promise<ImportCounts> {
    this.#checkOpen();
    return this.#inTurn(() =>
      this.#batch(async () => {
        await this.#read(rows);
        return this.#host.writeRows(this.#tx, rows, this.#refs, this.#bulk);
      }),
    );
  }

  async overlaps(rows: readonly ConsumptionInput[]): Promise<readonly ConsumptionOverlap[]> {
    this.#checkOpen();
    if (!this.detectsOverlaps) return [];
    return this.#guarded(async () => {
      await this.#read(rows);
      return this.#host.overlaps.find(this.#tx, rows, this.#refs);
    });
  }

  async carried(records: readonly Consumption[]): Promise<ReadonlySet<string>> {
    this.#checkOpen();
    return this.#guarded(() => this.#host.overlaps.carried(this.#tx, records));
  }

  async remove(records: readonly Consumption[]): Promise<number> {
    this.#checkOpen();
    if (records.length === 0) return 0;
    return this.#inTurn(async () =>
      this.#batch(() =>
        this.#host.removeConsumptions(
          this.#tx,
          records.map((record) => record.id),
        ),
      ),
    );
  }

  async commit(): Promise<void> {
    this.#checkOpen();
    await this.#end(this.#dryRun ? "ROLLBACK" : "COMMIT");
  }

  async abort(): Promise<void> {
    if (!this.#open) return;
    await this.#end("ROLLBACK");
  }

  async #end(statement: "COMMIT" | "ROLLBACK"): Promise<void> {
    const host = this.#host;
    if (this.#lost !== undefined) {
      await this.#close(true);
      if (statement === "COMMIT") throw this.#lost.error;
      return;
    }
    try {
      if (statement === "COMMIT") await host.transaction.commit((tx) => host.settle(tx));
      else await host.transaction.rollback();
    } catch (error) {
      try {
        await host.transaction.rollbackIfOpen();
      } finally {
        await this.#close(true);
      }
      // A rollback that could not be sent (the connection is gone) leaves nothing stored either.
      if (statement === "ROLLBACK") return;
      throw host.translate(error);
    }
    await this.#close(statement === "ROLLBACK");
  }

  /** The transaction is over: the connection goes back to its ordinary state. */
  async #close(rolledBack: boolean): Promise<void> {
    const host = this.#host;
    this.#open = false;
    try {
      await host.transaction.close();
    } catch (error) {
      throw host.translate(error);
    } finally {
      host.ended(rolledBack);
    }
  }
}
