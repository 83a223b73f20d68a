import type { ConsumptionWriter } from "../../rules/consumption-writer.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import type { AuditLog } from "../../store/sqlite/audit.js";
import type { BuildingRepository } from "../../store/sqlite/buildings.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { SqliteTransactions } from "../../store/sqlite/store.js";
import type { CertificateCover } from "./certificate-settle.js";
import type { FactorQueries } from "./factors.js";
import type { LocalTables } from "./plain-resources.js";
import type { BoundQueries, ConsumptionQueries } from "./queries.js";
import type { RefCache } from "./ref-cache.js";

/** Everything a LocalService is made of; built by `openLocalService`. */
export interface LocalParts {
  readonly path: string;
  readonly db: Db;
  /** The Store port's tables (src/rules/store.ts) and the store's write transactions. */
  readonly tables: LocalTables;
  readonly transactions: SqliteTransactions;
  readonly catalog: CategoryCatalog;
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly calculator: EmissionCalculator;
  readonly factors: FactorQueries;
  readonly writer: ConsumptionWriter;
  readonly queries: ConsumptionQueries;
  readonly refs: RefCache;
  /** The audit trail (buildings move). */
  readonly audit: AuditLog;
  /** Certificate coverage, settled before each write commits. */
  readonly cover: CertificateCover;
  /** A read-only connection for streams; undefined: stream on the main one. */
  readonly openReader: (() => BoundQueries & { close(): void }) | undefined;
}
