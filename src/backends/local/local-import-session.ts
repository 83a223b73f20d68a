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
import type { BuildingRepository, StoredBuilding } from "../../store/sqlite/buildings.js";
import type { CompanyRepository, StoredCompany } from "../../store/sqlite/companies.js";
import type { SqliteImportTransaction } from "../../store/sqlite/import-transaction.js";

/** What a session needs from the service that opened it. */
export interface SessionHost {
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  upsertBuilding(
    input: BuildingInput,
    companyOf: (id: string) => StoredCompany | undefined,
  ): Promise<StoredBuilding>;
  /** Runs `fn` with SQLite errors mapped to CarbonErrors. */
  guard<T>(fn: () => T): T;
  /** The session's one transaction, its batches and its bulk load (the store's). */
  readonly transaction: SqliteImportTransaction;
  /** Work that triggers left for the end of the transaction (certificate coverage). */
  settle(): void;
  writeRows(
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
    bulk?: BulkMode,
  ): Promise<ImportCounts>;
  /** Stored consumptions the rows overlap, and which of them the import carries (overlaps.ts). */
  readonly overlaps: {
    find(rows: readonly ConsumptionInput[], refs: RowRefs): Promise<ConsumptionOverlap[]>;
    carried(records: readonly Consumption[]): Promise<Set<string>>;
  };
  /** Deletes consumptions in the session's transaction, audited; answers how many. */
  removeConsumptions(ids: readonly string[]): Promise<number>;
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
  readonly #dryRun: boolean;
  readonly #companies = new Map<string, StoredCompany>();
  readonly #buildings = new Map<string, StoredBuilding>();
  readonly #refs: RowRefs;
  readonly #bulk: BulkMode | undefined;
  readonly detectsOverlaps: boolean;
  #open = true;
  /** The error after which SQLite had rolled the transaction back: nothing more can be written. */
  #lost: { readonly error: unknown } | undefined;

  constructor(host: SessionHost, options: ImportSessionOptions) {
    this.#host = host;
    this.#dryRun = options.dryRun;
    const { empty, bulk } = host.guard(() => host.transaction.begin());
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
    this.#refs = {
      company: (id) => this.#company(id),
      building: (id) => this.#building(id),
    };
  }

  #company(id: string): StoredCompany | undefined {
    let company = this.#companies.get(id);
    if (company === undefined) {
      company = this.#host.companies.find(id);
      if (company !== undefined) this.#companies.set(id, company);
    }
    return company;
  }

  #building(id: string): StoredBuilding | undefined {
    let building = this.#buildings.get(id);
    if (building === undefined) {
      building = this.#host.buildings.find(id);
      if (building !== undefined) this.#buildings.set(id, building);
    }
    return building;
  }

  #checkOpen(): void {
    if (!this.#open) throw new CarbonError("usage", "the import session is already closed");
    if (this.#lost !== undefined) throw this.#lost.error;
  }

  /** Runs work that awaits, its errors translated as `guard` translates them. */
  async #guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      return this.#host.guard(() => {
        throw error;
      });
    }
  }

  /** Runs `fn` in a savepoint: a batch is written whole or not at all. */
  async #batch<T>(fn: () => Promise<T>): Promise<T> {
    const host = this.#host;
    host.guard(() => host.transaction.beginBatch());
    try {
      const result = await fn();
      host.guard(() => host.transaction.endBatch());
      return result;
    } catch (error) {
      // Undone and translated inside the host's guard.
      return host.guard(() => {
        this.#undoBatch(error);
        throw error;
      });
    }
  }

  /** The batch failed with `error`: its savepoint is rolled back, or the transaction was lost. */
  #undoBatch(error: unknown): void {
    const host = this.#host;
    if (!host.transaction.undoBatch()) {
      // No savepoint is left to go back to; the error that ended the transaction is the news.
      this.#lost = { error };
    }
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
          const building = await this.#host.upsertBuilding(input, (id) => this.#company(id));
          this.#buildings.set(building.id, building);
        }
      }),
    );
  }

  async write(rows: readonly ConsumptionInput[]): Promise<ImportCounts> {
    this.#checkOpen();
    return this.#inTurn(() =>
      this.#batch(() => this.#host.writeRows(rows, this.#refs, this.#bulk)),
    );
  }

  async overlaps(rows: readonly ConsumptionInput[]): Promise<readonly ConsumptionOverlap[]> {
    this.#checkOpen();
    if (!this.detectsOverlaps) return [];
    return this.#guarded(() => this.#host.overlaps.find(rows, this.#refs));
  }

  async carried(records: readonly Consumption[]): Promise<ReadonlySet<string>> {
    this.#checkOpen();
    return this.#guarded(() => this.#host.overlaps.carried(records));
  }

  async remove(records: readonly Consumption[]): Promise<number> {
    this.#checkOpen();
    if (records.length === 0) return 0;
    return this.#inTurn(async () =>
      this.#batch(() => this.#host.removeConsumptions(records.map((record) => record.id))),
    );
  }

  async commit(): Promise<void> {
    this.#checkOpen();
    this.#end(this.#dryRun ? "ROLLBACK" : "COMMIT");
  }

  async abort(): Promise<void> {
    if (!this.#open) return;
    this.#end("ROLLBACK");
  }

  #end(statement: "COMMIT" | "ROLLBACK"): void {
    const host = this.#host;
    if (this.#lost !== undefined) {
      this.#close(true);
      if (statement === "COMMIT") throw this.#lost.error;
      return;
    }
    try {
      host.guard(() => {
        if (statement === "COMMIT") host.transaction.commit(() => host.settle());
        else host.transaction.rollback();
      });
    } catch (error) {
      host.transaction.rollbackIfOpen();
      this.#close(true);
      throw error;
    }
    this.#close(statement === "ROLLBACK");
  }

  /** The transaction is over: the connection goes back to its ordinary state. */
  #close(rolledBack: boolean): void {
    const host = this.#host;
    this.#open = false;
    host.guard(() => host.transaction.close());
    host.ended(rolledBack);
  }
}
