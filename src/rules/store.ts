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

import type { UserAuditRecord } from "../core/model/audit.js";
import type { Building } from "../core/model/building.js";
import type { Page, PageQuery } from "../core/model/common.js";
import type { Company } from "../core/model/company.js";
import type { StoredSupplier, SupplierQuery, SupplierType } from "../core/model/supplier.js";
import type { HostedRole, StoredUser, UserQuery, UserStatus } from "../core/model/user.js";
import type { WasteOperator } from "../core/model/waste-operator.js";
import type { WasteOperatorFilter } from "../core/resources/waste-operators.js";

/** A value now (an embedded store) or later (a store over the network). */
export type Awaitable<T> = T | Promise<T>;

/** A company as the store keeps it: `ref` is the store's own key, opaque to the rules. */
export interface StoredCompany extends Company {
  readonly ref: number;
}

/** A building as the store keeps it: `ref` and `companyRef` are the store's own keys. */
export interface StoredBuilding extends Building {
  readonly ref: number;
  readonly companyRef: number;
}

export interface BuildingTable {
  find(id: string): Awaitable<StoredBuilding | undefined>;
}

/** A record of a company's, with the store's key of its company. */
export type Owned<T> = T & { readonly companyRef: number };

/** A company as the rules write it; the store stamps createdAt on the first save. */
export interface CompanyRecord {
  readonly id: string;
  readonly name: string;
  readonly country: string | null;
}

export interface CompanyTable {
  find(id: string): Awaitable<StoredCompany | undefined>;
  /** The companies of these ids that exist, in no particular order (a batch's companies). */
  findMany(ids: readonly string[]): Awaitable<StoredCompany[]>;
  save(record: CompanyRecord, at: string): Awaitable<void>;
}

/** A waste operator as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface WasteOperatorRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly name: string;
  /** The name as `nameKey` compares names: unique per company. */
  readonly nameKey: string;
  readonly registrationCode: string | null;
  readonly countryCode: string | null;
  readonly treatments: WasteOperator["treatments"];
}

export interface WasteOperatorTable {
  find(id: string): Awaitable<Owned<WasteOperator> | undefined>;
  findByName(companyRef: number, nameKey: string): Awaitable<WasteOperator | undefined>;
  list(query: WasteOperatorFilter & PageQuery): Awaitable<Page<WasteOperator>>;
  /** Inserts or replaces by id, keeping createdAt; `at` is the time of the write. */
  save(record: WasteOperatorRecord, at: string): Awaitable<void>;
  /** How many invoices name the operator. */
  invoiceCount(id: string): Awaitable<number>;
}

/** A supplier or client as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface SupplierRecord {
  readonly id: string;
  readonly companyRef: number;
  readonly type: SupplierType;
  readonly name: string;
  readonly email: string | null;
  readonly address: string | null;
  /** Names one supplier within its company. */
  readonly externalId: string | null;
}

/** A supplier's externalId within a company, as a batch looks its holder up. */
export interface SupplierExternalKey {
  readonly companyRef: number;
  readonly externalId: string;
}

export interface SupplierTable {
  find(id: string): Awaitable<Owned<StoredSupplier> | undefined>;
  /** The suppliers of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Awaitable<Owned<StoredSupplier>[]>;
  /** The suppliers holding these externalIds in their companies, in no particular order. */
  findByExternalIds(keys: readonly SupplierExternalKey[]): Awaitable<Owned<StoredSupplier>[]>;
  /** Ordered by name, then id; an unknown company is not_found. */
  list(query: SupplierQuery): Awaitable<Page<StoredSupplier>>;
  /** Inserts or replaces each by id, in order, keeping createdAt; `at` is the time of the write. */
  saveMany(records: readonly SupplierRecord[], at: string): Awaitable<void>;
}

/** An account as the rules write it; the store stamps createdAt (kept) and updatedAt. */
export interface UserRecord {
  readonly id: string;
  readonly email: string;
  /** The e-mail as accounts are told apart: without case, unique. */
  readonly emailKey: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly language: string | null;
  readonly externalId: string | null;
  readonly role: HostedRole;
  /** The ids of the companies it sees; none: every company. */
  readonly companies: readonly string[];
  readonly status: UserStatus;
}

/** A pending account's invitation: the hash of its one-time code, and when the code expires. */
export interface UserInvitation {
  readonly hash: string;
  readonly expiresAt: string;
}

export interface UserTable {
  find(id: string): Awaitable<StoredUser | undefined>;
  findByEmail(emailKey: string): Awaitable<StoredUser | undefined>;
  /** The pending account whose invitation's code has this hash, and when the code expires. */
  findInvited(
    hash: string,
  ): Awaitable<{ readonly user: StoredUser; readonly expiresAt: string | null } | undefined>;
  /** By e-mail (case ignored), then id; an unknown company is not_found. */
  list(query: UserQuery): Awaitable<Page<StoredUser>>;
  /**
   * Inserts or replaces by id, keeping createdAt. A pending account keeps its invitation unless
   * a new one is given; an account of any other status forgets it.
   */
  save(record: UserRecord, at: string, invitation?: UserInvitation): Awaitable<void>;
}

/** The audit trail, as far as the rules append to it. */
export interface AuditTable {
  /** A change to an account's access. */
  appendUserChange(record: UserAuditRecord): Awaitable<void>;
}

/** The tables, as one transaction sees them. */
export interface StoreTransaction {
  readonly companies: CompanyTable;
  readonly buildings: BuildingTable;
  readonly wasteOperators: WasteOperatorTable;
  readonly suppliers: SupplierTable;
  readonly users: UserTable;
  readonly audit: AuditTable;
}

/** How a rule's work runs: a read, or a write that commits all of it or none. */
export interface StoreTransactions {
  read<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  write<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
}
