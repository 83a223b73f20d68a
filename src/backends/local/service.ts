import { CarbonError } from "../../core/errors.js";
import type { AuditQuery, AuditRecord } from "../../core/model/audit.js";
import type { Category, CategoryLevel } from "../../core/model/category.js";
import type { Page } from "../../core/model/common.js";
import {
  type Consumption,
  type ConsumptionInput,
  consumptionInputSchema,
} from "../../core/model/consumption.js";
import type { DeleteRequest, DeletionResult } from "../../core/model/deletion.js";
import type { ConsumptionSummary, Emission, EmissionSummary } from "../../core/model/emission.js";
import type {
  CustomFactor,
  CustomFactorInput,
  EmissionFactor,
  FactorResolution,
} from "../../core/model/factor.js";
import type {
  GlecCalculation,
  GlecEntry,
  GlecEntryInput,
  GlecReceipt,
} from "../../core/model/glec.js";
import type {
  Supplier,
  SupplierBatchOptions,
  SupplierBatchResult,
  SupplierInput,
  SupplierQuery,
  SupplierUpsertResult,
  SupplierWriteOptions,
} from "../../core/model/supplier.js";
import type {
  CarbonService,
  ConsumptionQuery,
  ConsumptionUpsertResult,
  CustomFactorQuery,
  EmissionFilter,
  EmissionQuery,
  FactorQuery,
  GlecQuery,
  ImportCounts,
  ImportSession,
  ImportSessionOptions,
  ListFilter,
  ListName,
  ListRow,
  PeriodFilter,
  ResolveFactorQuery,
  StreamOptions,
  SummaryQuery,
} from "../../core/service.js";
import { parseInput } from "../../core/validate.js";
import type { AuditLog } from "./audit.js";
import type { BuildingRepository } from "./buildings.js";
import { LocalBuildings } from "./buildings-part.js";
import { BulkIndexes } from "./bulk-indexes.js";
import { BulkLoad } from "./bulk-load.js";
import { type CategoryCatalog, toCategory } from "./categories.js";
import { type CompanyRepository, toCompany } from "./companies.js";
import type { ConsumptionWriter, RowRefs } from "./consumption-writer.js";
import type { CustomFactorRepository } from "./custom-factors.js";
import { type Db, translateError } from "./database.js";
import { deleteCommand, deleteRecords, glecDeletion } from "./deletions.js";
import type { EmissionCalculator } from "./emission-calculator.js";
import type { FactorQueries } from "./factors.js";
import { GlecRepository } from "./glec.js";
import { shippedGlecFactors } from "./glec-factors.js";
import { LocalImportSession } from "./import-session.js";
import { KeysetReader } from "./keyset.js";
import { StoredOverlaps } from "./overlaps.js";
import type { BoundQueries, ConsumptionQueries } from "./queries.js";
import { type RecalculationScope, recalculateEmissions } from "./recalculate.js";
import type { RefCache } from "./ref-cache.js";
import { type ListReaders, listReaders, streamPages } from "./streams.js";
import { summarizeConsumptions, summarizeEmissions } from "./summaries.js";
import { LocalSuppliers } from "./supplier-service.js";
import { localActor, rolledBack, withRollback } from "./transaction-tools.js";

/** Everything a LocalService is made of; built by `openLocalService`. */
export interface LocalParts {
  readonly path: string;
  readonly db: Db;
  readonly catalog: CategoryCatalog;
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly customFactors: CustomFactorRepository;
  readonly calculator: EmissionCalculator;
  readonly factors: FactorQueries;
  readonly writer: ConsumptionWriter;
  readonly queries: ConsumptionQueries;
  readonly refs: RefCache;
  /** The audit trail (buildings move). */
  readonly audit: AuditLog;
  /** A read-only connection for streams; undefined: stream on the main one. */
  readonly openReader: (() => BoundQueries & { close(): void }) | undefined;
}

/**
 * The embedded engine: one SQLite file, the engine's pure functions for factors and emissions.
 * Calls are synchronous underneath (better-sqlite3); the promises are the port's shape.
 * While an import session is open, other writes through this service are refused.
 */
export class LocalService implements CarbonService {
  readonly kind = "local";
  readonly path: string;
  readonly #p: LocalParts;
  #session: LocalImportSession | undefined;
  #dataVersion = -1;
  /** Prepared once: `db.pragma()` prepares a statement on every call. */
  readonly #dataVersionQuery;
  /** Made once: `db.transaction(fn)` builds its wrappers (and statements) on every call. */
  readonly #transaction;
  readonly buildings: LocalBuildings;

  constructor(parts: LocalParts) {
    this.#p = parts;
    this.path = parts.path;
    this.#dataVersionQuery = parts.db.prepare<[], number>("PRAGMA data_version").pluck();
    this.#transaction = parts.db.transaction((fn: () => void) => fn());
    this.buildings = new LocalBuildings({
      ...parts,
      recalculate: (scope) => this.#recalculate(scope),
      guard: (fn) => this.#guard(fn),
      write: (fn) => this.#write(fn),
    });
  }

  #guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      throw translateError(error, this.path);
    }
  }

  /** Another connection committed since we last looked: cached custom factors may be stale. */
  #sync(): void {
    const version = this.#dataVersionQuery.get();
    if (typeof version === "number" && version !== this.#dataVersion) {
      this.#dataVersion = version;
      this.#p.calculator.invalidate();
      this.#p.refs.invalidate();
    }
  }

  /** A write transaction (BEGIN IMMEDIATE), refused while an import session is open. */
  #write<T>(fn: () => T): T {
    if (this.#session !== undefined) {
      throw new CarbonError(
        "conflict",
        "an import session is open on this database connection; commit or abort it first",
      );
    }
    return this.#guard(() => {
      this.#sync();
      try {
        let result: { readonly value: T } | undefined;
        this.#transaction.immediate(() => {
          result = { value: fn() };
        });
        if (result === undefined) throw new Error("the write transaction returned nothing");
        return result.value;
      } catch (error) {
        this.#p.calculator.forgetWrites();
        this.#p.refs.invalidate();
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    if (this.#session !== undefined) await this.#session.abort();
    if (this.#p.db.open) this.#p.db.close();
  }

  readonly companies: CarbonService["companies"] = {
    list: async (query) => this.#guard(() => this.#p.companies.list(query)),
    get: async (id) => this.#guard(() => toCompany(this.#p.companies.get(id))),
    upsert: async (input) =>
      this.#write(() => {
        const { company, before } = this.#p.companies.upsert(input);
        if (before !== undefined && before.country !== company.country) {
          this.#recalculate({ companyRef: company.ref, buildingsWithoutCountry: true });
        }
        return toCompany(company);
      }),
  };

  #recalculate(scope: RecalculationScope): void {
    this.#p.calculator.invalidate();
    recalculateEmissions(this.#p.db, this.#p.catalog, this.#p.calculator, scope);
  }

  async listCategories(query: { readonly level?: CategoryLevel }): Promise<Page<Category>> {
    const all = this.#p.catalog.list(query.level).map(toCategory);
    return {
      data: all,
      pagination: { page: 1, limit: Math.max(all.length, 1), total: all.length },
    };
  }

  async listFactors(query: FactorQuery): Promise<Page<EmissionFactor>> {
    return this.#guard(() => this.#p.factors.list(query));
  }

  async resolveFactor(query: ResolveFactorQuery): Promise<FactorResolution> {
    return this.#guard(() => {
      this.#sync();
      return this.#p.factors.resolve(query);
    });
  }

  async listCustomFactors(query: CustomFactorQuery): Promise<Page<CustomFactor>> {
    return this.#guard(() => this.#p.customFactors.list(query));
  }

  /** A new or changed factor recalculates the company's emissions of the categories it touches. */
  async upsertCustomFactor(input: CustomFactorInput): Promise<CustomFactor> {
    return this.#write(() => {
      const result = this.#p.customFactors.upsert(input);
      if (result.changed) {
        this.#recalculate({ companyRef: result.companyRef, categoryRefs: result.categoryRefs });
      }
      return result.factor;
    });
  }

  /** A read: first drop caches another connection's commits made stale. */
  #read<T>(fn: () => T): T {
    return this.#guard(() => {
      this.#sync();
      return fn();
    });
  }

  async listConsumptions(query: ConsumptionQuery): Promise<Page<Consumption>> {
    return this.#read(() => this.#p.queries.listConsumptions(query));
  }

  async getConsumption(id: string): Promise<Consumption> {
    return this.#read(() => this.#p.queries.getConsumption(id));
  }

  /** The local engine is no server: it announces no instance. */
  async serverInstanceId(): Promise<string | undefined> {
    return undefined;
  }

  async storedConsumptionIds(ids: readonly string[]): Promise<ReadonlySet<string>> {
    return this.#read(
      () => new Set(ids.filter((id) => this.#p.queries.findConsumption(id) !== undefined)),
    );
  }

  async upsertConsumption(input: ConsumptionInput): Promise<Required<ConsumptionUpsertResult>> {
    const parsed = parseInput(consumptionInputSchema, input, "consumption");
    return this.#write(() => {
      const { outcomes } = this.#p.writer.write([parsed], this.#directRefs(), "");
      const id = parsed.id.toLowerCase();
      return {
        outcome: outcomes[0] ?? "unchanged",
        consumption: this.#p.queries.getConsumption(id),
        emission: this.#p.queries.emissionOf(id),
      };
    });
  }

  #directRefs(): RowRefs {
    return {
      company: (id) => this.#p.companies.find(id),
      building: (id) => this.#p.buildings.find(id),
    };
  }

  async openConsumptionImport(options: ImportSessionOptions): Promise<ImportSession> {
    if (this.#session !== undefined) {
      throw new CarbonError("conflict", "an import session is already open on this connection");
    }
    this.#guard(() => this.#sync());
    const p = this.#p;
    const session = new LocalImportSession(
      {
        companies: p.companies,
        buildings: p.buildings,
        guard: (fn) => this.#guard(fn),
        exec: (sql) => {
          p.db.exec(sql);
        },
        inTransaction: () => p.db.inTransaction,
        upsertBuilding: (input, companyOf) => this.buildings.store(input, companyOf),
        writeRows: (rows, refs, bulk): ImportCounts =>
          p.writer.write(rows, refs, "rows.", bulk).counts,
        overlaps: new StoredOverlaps(p.db, p.catalog, p.queries),
        removeConsumptions: (ids) => {
          const command = deleteCommand({ resource: "consumption", ids });
          return deleteRecords(this.#deletionParts(), command).deleted.length;
        },
        indexes: new BulkIndexes(p.db),
        bulkLoad: new BulkLoad(p.db),
        batchRolledBack: () => {
          p.calculator.forgetWrites();
          p.refs.invalidate();
        },
        ended: (rolledBack) => {
          this.#session = undefined;
          if (rolledBack) p.calculator.forgetWrites();
          p.refs.invalidate();
        },
      },
      options,
    );
    this.#session = session;
    return session;
  }

  async summarizeConsumptions(query: PeriodFilter): Promise<ConsumptionSummary> {
    return this.#read(() => summarizeConsumptions(this.#p, query));
  }

  async listEmissions(query: EmissionQuery): Promise<Page<Emission>> {
    return this.#read(() => this.#p.queries.listEmissions(query));
  }

  /**
   * Rows come from `Statement.iterate` on a read-only connection of its own, so the service stays
   * usable between rows (a server answers other requests meanwhile). It reads the last committed
   * state: an open import session's rows are not in it. Stop early with `break`/`return`.
   */
  async *streamEmissions(filter: EmissionFilter): AsyncIterable<Emission> {
    const reader = this.#guard(() => this.#p.openReader?.());
    try {
      const rows = (reader?.queries ?? this.#p.queries).iterateEmissions(filter);
      try {
        for (;;) {
          const next = this.#guard(() => rows.next());
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

  async summarizeEmissions(query: SummaryQuery): Promise<EmissionSummary> {
    return this.#read(() => summarizeEmissions(this.#p, query));
  }

  // --- Suppliers and clients (supplier-service.ts) ---
  #supplierPart: LocalSuppliers | undefined;

  #suppliers(): LocalSuppliers {
    this.#supplierPart ??= new LocalSuppliers(this.#p.db, this.#p.companies, {
      read: (fn) => this.#read(fn),
      write: (fn) => this.#write(fn),
    });
    return this.#supplierPart;
  }

  async listSuppliers(query: SupplierQuery): Promise<Page<Supplier>> {
    return this.#suppliers().list(query);
  }

  async upsertSupplier(
    input: SupplierInput,
    options: SupplierWriteOptions = {},
  ): Promise<SupplierUpsertResult> {
    return this.#suppliers().upsert(input, options);
  }

  async writeSuppliers(
    inputs: readonly SupplierInput[],
    options: SupplierBatchOptions,
  ): Promise<SupplierBatchResult> {
    return this.#suppliers().writeMany(inputs, options);
  }

  // --- GLEC logistics service footprints (docs/glec.md) ---
  #glecRepository: GlecRepository | undefined;

  #glec(): GlecRepository {
    this.#glecRepository ??= new GlecRepository(this.#p.db, this.#p.companies, shippedGlecFactors);
    return this.#glecRepository;
  }

  async submitGlecEntry(input: GlecEntryInput): Promise<GlecReceipt> {
    return this.#write(() => this.#glec().submit(input));
  }

  async calculateGlecEntry(input: GlecEntryInput): Promise<GlecCalculation> {
    return this.#read(() => this.#glec().calculate(input));
  }

  async listGlecEntries(query: GlecQuery): Promise<Page<GlecEntry>> {
    return this.#read(() => this.#glec().list(query));
  }

  async getGlecEntry(id: string): Promise<GlecEntry> {
    return this.#read(() => this.#glec().get(id));
  }

  async deleteGlecEntry(
    id: string,
    options: { readonly actor?: string } = {},
  ): Promise<GlecReceipt> {
    return this.#write(() => {
      const entry = this.#glec().get(id);
      const receipt = this.#glec().delete(id);
      this.#p.audit.appendDeletion(glecDeletion(entry, options.actor ?? localActor()));
      return receipt;
    });
  }

  // --- deletions (deletions.ts, docs/deleting.md) ---

  #deletionParts() {
    return { ...this.#p, recalculate: (scope: RecalculationScope) => this.#recalculate(scope) };
  }

  /** One transaction; a dry run runs it and rolls it back. */
  async deleteRecords(request: DeleteRequest): Promise<DeletionResult> {
    const command = deleteCommand(request);
    const run = () => {
      const result = deleteRecords(this.#deletionParts(), command);
      // A deleted building's ref may be reused by the next one created.
      this.#p.refs.invalidate();
      return result;
    };
    if (!command.dryRun) return this.#write(run);
    return rolledBack(() => this.#write(withRollback(run)));
  }

  // --- audit trail (docs/buildings-move.md) ---

  async listAudit(query: AuditQuery): Promise<Page<AuditRecord>> {
    return this.#read(() => this.#p.audit.list(query));
  }

  #listReaders: ListReaders | undefined;

  /** Keyset pages, each read on its own (streams.ts). */
  streamList<K extends ListName>(
    list: K,
    filter: ListFilter<K>,
    options: StreamOptions = {},
  ): AsyncIterable<readonly ListRow<K>[]> {
    this.#listReaders ??= listReaders({
      ...this.#p,
      reader: new KeysetReader(this.#p.db),
      suppliers: () => this.#suppliers(),
      glec: () => this.#glec(),
    });
    return streamPages(this.#listReaders, list, filter, options, (fn) => this.#read(fn));
  }
}
