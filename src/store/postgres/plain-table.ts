/**
 * A plain resource's PostgreSQL table: the migrations that create and change it, and its
 * statements on a transaction's connection. The store lists every one (registry.generated.ts,
 * written by `npm run registry` from the files that export `nameTable`), so postgresTables and
 * migratePostgres take it up with no shared file edited.
 *
 * A table's migrations are versioned by themselves, from 1, apart from the store's
 * (POSTGRES_MIGRATIONS): they are recorded by resource in `carbon_resource_schema` and run after
 * every migration of the store, so neither can take the other's version. Ordered and
 * append-only, as the store's: a released one is never edited, a change is the next version.
 */
import type { PostgresMigration } from "./migration.js";
import type { Queryable } from "./transactions.js";

export interface PlainPostgresTable<T> {
  /** Versions 1, 2, … in order (none when a migration of the store made the table). */
  readonly migrations: readonly PostgresMigration[];
  open(db: Queryable): T;
}
