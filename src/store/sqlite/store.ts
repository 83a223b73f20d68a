/**
 * The SQLite store: the tables of the Store port on one better-sqlite3 connection, and its
 * transactions. A write is BEGIN IMMEDIATE … COMMIT around the rule's promise, one at a time
 * on the connection: a second write waits for the first to end, so two writes never share a
 * transaction even when a rule awaits between statements.
 */
import type { AuditLog } from "./audit.js";
import type { BuildingRepository } from "./buildings.js";
import type { CategoryCatalog } from "./categories.js";
import { CertificateCoverStore } from "./certificate-cover.js";
import { CertificateRepository } from "./certificates.js";
import { CommentRepository } from "./comments.js";
import type { CompanyRepository } from "./companies.js";
import type { ConsumptionReadRepository } from "./consumption-reads.js";
import { SqliteConsumptions } from "./consumptions.js";
import { CustomFactorRepository } from "./custom-factors.js";
import { CustomInputRepository } from "./custom-inputs.js";
import type { Db } from "./database.js";
import { DeletionStore } from "./deletions.js";
import { EffluentRepository } from "./effluents.js";
import { FactorRepository } from "./factors.js";
import { GlecRepository } from "./glec.js";
import { GoalRepository } from "./goals.js";
import { InvoiceRepository } from "./invoices.js";
import { lazy } from "./lazy.js";
import { OrganizationLimitRepository } from "./organization-limits.js";
import { type RecordReads, SqliteOverlaps } from "./overlaps.js";
import { SqlitePricing } from "./pricing.js";
import { SqliteRecalculation } from "./recalculation.js";
import { RegosRepository } from "./regos-dashboard.js";
import { SupplierRepository } from "./suppliers.js";
import { TaskRepository } from "./tasks.js";
import { UserRepository } from "./users.js";
import { VehicleRepository } from "./vehicles.js";

/**
 * The port's tables as SQLite implements them (the driver's older code reads them directly),
 * but those of the plain resources, which the local engine adds from their own files
 * (src/store/sqlite/plain-table.ts); together they are the Store port's StoreTransaction.
 */
export interface SqliteTables {
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly audit: AuditLog;
  readonly comments: CommentRepository;
  readonly goals: GoalRepository;
  readonly tasks: TaskRepository;
  readonly glec: GlecRepository;
  readonly certificates: CertificateRepository;
  readonly certificateCover: CertificateCoverStore;
  readonly organizationLimits: OrganizationLimitRepository;
  readonly customInputs: CustomInputRepository;
  readonly suppliers: SupplierRepository;
  readonly users: UserRepository;
  readonly vehicles: VehicleRepository;
  readonly effluents: EffluentRepository;
  readonly regos: RegosRepository;
  readonly categories: CategoryCatalog;
  readonly customFactors: CustomFactorRepository;
  readonly factors: FactorRepository;
  readonly pricing: SqlitePricing;
  readonly consumptions: SqliteConsumptions;
  readonly overlaps: SqliteOverlaps;
  readonly recalculation: SqliteRecalculation;
  readonly invoices: InvoiceRepository;
  readonly deletions: DeletionStore;
  readonly consumptionReads: ConsumptionReadRepository;
}

/** An object whose every property is made by its function on first read, then kept. */
function onFirstUse<T extends object>(make: { readonly [K in keyof T]: () => T[K] }): T {
  const made: Partial<T> = {};
  const tables = {};
  for (const key of Object.keys(make) as (keyof T & string)[]) {
    Object.defineProperty(tables, key, {
      enumerable: true,
      get: () => {
        made[key] ??= make[key]();
        return made[key];
      },
    });
  }
  return tables as T;
}

/** The tables, made on first use: a command prepares only the statements it runs. */
export function sqliteTables<P extends object>(
  db: Db,
  companies: CompanyRepository,
  buildings: BuildingRepository,
  audit: AuditLog,
  catalog: CategoryCatalog,
  /** How whole consumption records are read (the driver's reads, until they are the store's). */
  records: RecordReads,
  consumptionReads: ConsumptionReadRepository,
  /** The plain resources' tables, each made by its function on first use. */
  plain: { readonly [K in keyof P]: () => P[K] },
): SqliteTables & P {
  const makers: { readonly [K in keyof SqliteTables]: () => SqliteTables[K] } = {
    companies: () => companies,
    buildings: () => buildings,
    audit: () => audit,
    comments: () => new CommentRepository(db, companies),
    goals: () => new GoalRepository(db, companies),
    tasks: () => new TaskRepository(db, companies, tables.goals),
    glec: () => new GlecRepository(db, companies),
    certificates: () => new CertificateRepository(db, companies, buildings),
    certificateCover: () => new CertificateCoverStore(db),
    organizationLimits: () => new OrganizationLimitRepository(db, companies),
    customInputs: () => new CustomInputRepository(db, companies),
    suppliers: () => new SupplierRepository(db, companies),
    users: () => new UserRepository(db, companies),
    vehicles: () => new VehicleRepository(db, companies, buildings),
    effluents: () => new EffluentRepository(db, companies, buildings),
    regos: () => new RegosRepository(db),
    categories: () => catalog,
    customFactors: () => new CustomFactorRepository(db, companies),
    factors: () => new FactorRepository(db),
    pricing: () => new SqlitePricing(db, catalog, tables.customFactors),
    consumptions: () => new SqliteConsumptions(db),
    overlaps: () => new SqliteOverlaps(db, records),
    recalculation: () => new SqliteRecalculation(db),
    invoices: () => new InvoiceRepository(db, companies),
    deletions: () => new DeletionStore(db),
    consumptionReads: () => consumptionReads,
  };
  // The plain tables' makers and the engine's: one for each key of SqliteTables & P.
  const tables = onFirstUse({ ...makers, ...plain } as {
    readonly [K in keyof (SqliteTables & P)]: () => (SqliteTables & P)[K];
  });
  return tables;
}

export class SqliteTransactions {
  readonly #db: Db;
  /** The end of the last write begun: the next one starts after it. */
  #queue: Promise<void> = Promise.resolve();
  readonly #begin;
  readonly #commit;
  readonly #rollback;

  /** Prepared once: `db.pragma()` prepares a statement on every call. */
  readonly #dataVersion;

  constructor(db: Db) {
    this.#db = db;
    this.#dataVersion = lazy(() => db.prepare<[], number>("PRAGMA data_version").pluck());
    this.#begin = lazy(() => db.prepare("BEGIN IMMEDIATE"));
    this.#commit = lazy(() => db.prepare("COMMIT"));
    this.#rollback = lazy(() => db.prepare("ROLLBACK"));
  }

  /** A number that changes when another connection commits to the file. */
  dataVersion(): number | undefined {
    return this.#dataVersion().get();
  }

  /** Runs `fn` in one write transaction: committed when it resolves, rolled back when it throws. */
  async write<T>(fn: () => Promise<T>): Promise<T> {
    const turn = this.#queue;
    let done = (): void => {};
    this.#queue = new Promise((resolve) => {
      done = resolve;
    });
    await turn;
    try {
      this.#begin().run();
      try {
        const value = await fn();
        this.#commit().run();
        return value;
      } catch (error) {
        if (this.#db.inTransaction) this.#rollback().run();
        throw error;
      }
    } finally {
      done();
    }
  }
}
