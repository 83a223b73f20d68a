/**
 * The SQLite store: the tables of the Store port on one better-sqlite3 connection, and its
 * transactions. A write is BEGIN IMMEDIATE … COMMIT around the rule's promise, one at a time
 * on the connection: a second write waits for the first to end, so two writes never share a
 * transaction even when a rule awaits between statements.
 */
import type { StoreTransaction } from "../../rules/store.js";
import type { AuditLog } from "./audit.js";
import type { BuildingRepository } from "./buildings.js";
import { CertificateRepository } from "./certificates.js";
import { CommentRepository } from "./comments.js";
import type { CompanyRepository } from "./companies.js";
import type { ConsumptionReadRepository } from "./consumption-reads.js";
import { CustomInputRepository } from "./custom-inputs.js";
import type { Db } from "./database.js";
import { EffluentRepository } from "./effluents.js";
import { GlecRepository } from "./glec.js";
import { GoalRepository } from "./goals.js";
import { lazy } from "./lazy.js";
import { OrganizationLimitRepository } from "./organization-limits.js";
import { RegosRepository } from "./regos-dashboard.js";
import { SupplierRepository } from "./suppliers.js";
import { TaskRepository } from "./tasks.js";
import { UserRepository } from "./users.js";
import { VehicleRepository } from "./vehicles.js";
import { WasteOperatorRepository } from "./waste-operators.js";

/** The port's tables as SQLite implements them (the driver's older code reads them directly). */
export interface SqliteTables extends StoreTransaction {
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly audit: AuditLog;
  readonly comments: CommentRepository;
  readonly goals: GoalRepository;
  readonly tasks: TaskRepository;
  readonly wasteOperators: WasteOperatorRepository;
  readonly glec: GlecRepository;
  readonly certificates: CertificateRepository;
  readonly organizationLimits: OrganizationLimitRepository;
  readonly customInputs: CustomInputRepository;
  readonly suppliers: SupplierRepository;
  readonly users: UserRepository;
  readonly vehicles: VehicleRepository;
  readonly effluents: EffluentRepository;
  readonly regos: RegosRepository;
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
export function sqliteTables(
  db: Db,
  companies: CompanyRepository,
  buildings: BuildingRepository,
  audit: AuditLog,
  consumptionReads: ConsumptionReadRepository,
): SqliteTables {
  const tables: SqliteTables = onFirstUse<SqliteTables>({
    companies: () => companies,
    buildings: () => buildings,
    audit: () => audit,
    comments: () => new CommentRepository(db, companies),
    goals: () => new GoalRepository(db, companies),
    tasks: () => new TaskRepository(db, companies, tables.goals),
    wasteOperators: () => new WasteOperatorRepository(db, companies),
    glec: () => new GlecRepository(db, companies),
    certificates: () => new CertificateRepository(db, companies, buildings),
    organizationLimits: () => new OrganizationLimitRepository(db, companies),
    customInputs: () => new CustomInputRepository(db, companies),
    suppliers: () => new SupplierRepository(db, companies),
    users: () => new UserRepository(db, companies),
    vehicles: () => new VehicleRepository(db, companies, buildings),
    effluents: () => new EffluentRepository(db, companies, buildings),
    regos: () => new RegosRepository(db),
    consumptionReads: () => consumptionReads,
  });
  return tables;
}

export class SqliteTransactions {
  readonly #db: Db;
  /** The end of the last write begun: the next one starts after it. */
  #queue: Promise<void> = Promise.resolve();
  #writing = false;
  readonly #begin;
  readonly #commit;
  readonly #rollback;

  constructor(db: Db) {
    this.#db = db;
    this.#begin = lazy(() => db.prepare("BEGIN IMMEDIATE"));
    this.#commit = lazy(() => db.prepare("COMMIT"));
    this.#rollback = lazy(() => db.prepare("ROLLBACK"));
  }

  /** True while a write of this connection is open (between its BEGIN and its end). */
  get writing(): boolean {
    return this.#writing;
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
      this.#writing = true;
      try {
        const value = await fn();
        this.#commit().run();
        return value;
      } catch (error) {
        if (this.#db.inTransaction) this.#rollback().run();
        throw error;
      } finally {
        this.#writing = false;
      }
    } finally {
      done();
    }
  }
}
