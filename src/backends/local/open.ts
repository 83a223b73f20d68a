import { constants, copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { isPostgresUrl } from "../../core/database-url.js";
import { ConsumptionWriter } from "../../rules/consumption-writer.js";
import { EmissionCalculator } from "../../rules/emission-calculator.js";
import { LineData } from "../../rules/line-data.js";
import { shippedDerivationRules } from "../../shipped/derivation-rules.js";
import { AuditLog } from "../../store/sqlite/audit.js";
import { CategoryCatalog } from "../../store/sqlite/categories.js";
import { BUSY_TIMEOUT_MS, openDatabase, translateError } from "../../store/sqlite/database.js";
import { migrate } from "../../store/sqlite/migrations.js";
import { SqliteTransactions, sqliteTables } from "../../store/sqlite/store.js";
import type { EngineStore } from "./engine-store.js";
import { CalculatorResolver } from "./factors.js";
import { LocalService } from "./local-service.js";
import { localMigrations, plainTableMakers } from "./plain-resources.js";
import { queriesOn } from "./queries.js";
import { SqliteEngine } from "./sqlite-engine.js";

export { LocalService } from "./local-service.js";

/** The engine on a store: its calculator priced from the store's data, its writer, its resolver. */
export function engineOn(store: EngineStore): LocalService {
  const calculator = new EmissionCalculator(
    store.pricing,
    new LineData(store.pricing, shippedDerivationRules),
  );
  store.onRollback(() => calculator.forgetWrites());
  const readCalculator =
    store.readPricing === store.pricing
      ? calculator
      : new EmissionCalculator(
          store.readPricing,
          new LineData(store.readPricing, shippedDerivationRules),
        );
  return new LocalService({
    store,
    calculator,
    readCalculator,
    writer: new ConsumptionWriter(store.catalog, calculator, shippedDerivationRules),
    resolver: new CalculatorResolver(store.catalog, readCalculator),
  });
}

let newDatabaseTemplate: string | undefined;

/**
 * From now on, a database file that does not exist yet starts as a copy of `template` (a closed,
 * migrated carbon database whose mode is 0600; the copy takes its mode) instead of an empty file;
 * it is then opened and migrated as any existing file. The test suites use it: copying a migrated
 * file costs a fraction of migrating one from scratch. `undefined` goes back to empty files.
 */
export function startNewDatabasesFrom(template: string | undefined): void {
  newDatabaseTemplate = template;
}

function copyTemplate(template: string, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  try {
    copyFileSync(template, file, constants.COPYFILE_EXCL);
  } catch {
    // It exists (opened as it is), or SQLite will report why it cannot be opened.
  }
}

export interface LocalServiceOptions {
  /** The database file (created with its folder if missing), or ":memory:" for tests. */
  readonly path: string;
  /** How long a write waits for another process's write to finish (default 5000 ms). */
  readonly busyTimeoutMs?: number;
  /**
   * WAL pages after which a commit checkpoints (SQLite's default: 1000). `carbon serve` raises
   * it: a long import commits often, and each checkpoint copies pages and syncs the file.
   */
  readonly walAutocheckpointPages?: number;
  /** Told before each migration applied to an existing file (a large one can take seconds). */
  readonly onUpgrade?: (message: string) => void;
}

/**
 * Opens the local engine on one SQLite file: creates it and its folder if needed, applies the
 * connection pragmas (WAL, busy timeout 5 s, foreign keys) and the migrations. A file that is
 * not a carbon database, or one from a newer carbon, is refused with a usage error.
 */
export async function openLocalService(options: LocalServiceOptions): Promise<LocalService> {
  const file = options.path;
  if (isPostgresUrl(file)) {
    // Loaded only for a PostgreSQL database: pg is not needed for a file.
    const { PostgresEngine } = await import("./postgres-engine.js");
    const onUpgrade = options.onUpgrade === undefined ? {} : { onUpgrade: options.onUpgrade };
    return engineOn(await PostgresEngine.open({ url: file, ...onUpgrade }));
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  if (newDatabaseTemplate !== undefined && file !== ":memory:") {
    copyTemplate(newDatabaseTemplate, file);
  }
  const db = openDatabase(file, busyTimeoutMs, options.walAutocheckpointPages);
  try {
    migrate(db, file, localMigrations, options.onUpgrade);
    const catalog = new CategoryCatalog(db);
    const bound = queriesOn(db, catalog);
    const { queries, companies, buildings, reads } = bound;
    const audit = new AuditLog(db);
    const plain = plainTableMakers(db, companies);
    const tables = sqliteTables(db, companies, buildings, audit, catalog, queries, reads, plain);
    const store = new SqliteEngine({
      file,
      db,
      tables,
      transactions: new SqliteTransactions(db),
      catalog,
      bound,
      audit,
      busyTimeoutMs,
    });
    return engineOn(store);
  } catch (error) {
    db.close();
    throw translateError(error, file);
  }
}
