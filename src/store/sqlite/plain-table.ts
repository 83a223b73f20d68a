/**
 * A plain resource's SQLite table: the migration that creates it and its statements over a
 * connection. The local engine lists every one (src/backends/local/registry.generated.ts).
 */
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import type { Migration } from "./migration.js";

export interface PlainSqliteTable<T extends KeysetListing<never>> {
  readonly migration: Migration;
  open(db: Db, companies: CompanyRepository): T;
}

/** What a plain table streams its list with (keyset pages, src/store/sqlite/keyset.ts). */
export interface KeysetListing<F> {
  keyset(filter: F): Keyset<never, unknown>;
}
