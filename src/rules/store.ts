/**
 * The Store port: what the local engine's rules (this folder) ask of the database, and all
 * they know of it. A store implements it (src/store/sqlite/ first); the rules hold no SQL and
 * name no driver.
 *
 * A table's methods answer a value or a promise of one (`Awaitable`): the SQLite store answers
 * at once, a store reached over the network answers later, and the rules await either. What a
 * rule awaits is a record, a page or a batch, never one round trip per row of a batch, and every
 * call of a rule runs inside one transaction of the store (`StoreTransactions`).
 */

import type {
  ConsumptionReadTable,
  ConsumptionTable,
  OverlapTable,
  PricingTable,
  RecalculationTable,
} from "./store-consumptions.js";
import type {
  AuditTable,
  BuildingTable,
  CategoryTable,
  CertificateTable,
  CommentTable,
  CompanyTable,
  CustomFactorTable,
  CustomInputTable,
  DeletionTable,
  EffluentTable,
  FactorTable,
  GlecTable,
  GoalTable,
  InvoiceTable,
  OrganizationLimitTable,
  RegosTable,
  SupplierTable,
  TaskTable,
  UserTable,
  VehicleTable,
  WasteOperatorTable,
} from "./store-records.js";

export type * from "./store-base.js";

export type * from "./store-consumptions.js";
export type * from "./store-records.js";

/** The tables, as one transaction sees them. */
export interface StoreTransaction {
  readonly consumptionReads: ConsumptionReadTable;
  readonly invoices: InvoiceTable;
  readonly companies: CompanyTable;
  readonly buildings: BuildingTable;
  readonly comments: CommentTable;
  readonly goals: GoalTable;
  readonly tasks: TaskTable;
  readonly wasteOperators: WasteOperatorTable;
  readonly glec: GlecTable;
  readonly certificates: CertificateTable;
  readonly organizationLimits: OrganizationLimitTable;
  readonly customInputs: CustomInputTable;
  readonly suppliers: SupplierTable;
  readonly users: UserTable;
  readonly audit: AuditTable;
  readonly vehicles: VehicleTable;
  readonly effluents: EffluentTable;
  readonly regos: RegosTable;
  readonly categories: CategoryTable;
  readonly customFactors: CustomFactorTable;
  readonly factors: FactorTable;
  readonly pricing: PricingTable;
  readonly consumptions: ConsumptionTable;
  readonly deletions: DeletionTable;
  readonly overlaps: OverlapTable;
  readonly recalculation: RecalculationTable;
}

/** How a rule's work runs: a read, or a write that commits all of it or none. */
export interface StoreTransactions {
  read<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  write<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
}
