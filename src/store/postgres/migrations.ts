/**
 * The PostgreSQL store's schema, versioned as the SQLite store's is: each migration runs once, in
 * version order, in a transaction of its own, recorded in `carbon_schema`. All of them run under
 * an advisory lock, so servers starting together on one database migrate it once: the second
 * waits, then finds nothing left to do. A database that has tables but no `carbon_schema` is not
 * carbon's, and one migrated by a newer carbon is refused, as for SQLite files.
 */
import { CarbonError } from "../../core/errors.js";
import { seedCategories } from "./categories.js";
import { countConsumptions } from "./consumption-counts.js";
import { versionConsumptions } from "./consumption-versions.js";
import type { Pool, PoolClient } from "./database.js";
import { loadShippedLibrary } from "./library-load.js";
import { TABLES } from "./schema.js";
import type { PostgresTarget } from "./url.js";

export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  up(client: PoolClient): Promise<void>;
}

/** The advisory lock the migrations hold (a key of carbon's own: "carbon" in ASCII). */
const MIGRATION_LOCK = 0x636172626f6e;

/** Ordered, append-only: a released migration is never edited. */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    name: "the instance's identity and signing secret",
    async up(client) {
      // What every server process on this database shares: its instance id and the secret its
      // tokens are signed with. Only the owner role reads it.
      await client.query(`CREATE TABLE carbon_meta (
        key text PRIMARY KEY,
        value text NOT NULL
      )`);
      await client.query("REVOKE ALL ON carbon_meta FROM PUBLIC");
    },
  },
  {
    version: 2,
    name: "the tables, keyed by company for a database that shards by tenant",
    async up(client) {
      await client.query(TABLES);
    },
  },
  {
    version: 3,
    name: "the category tree",
    up: seedCategories,
  },
  {
    version: 4,
    name: "the factor library's shipped releases, grid loss fractions and calculation policy",
    up: loadShippedLibrary,
  },
  {
    version: 5,
    name: "each company's consumptions counted by calculation record and category",
    up: countConsumptions,
  },
  {
    version: 7,
    name: "each company's version of its consumptions, raised by every write of them",
    up: versionConsumptions,
  },
];

export const POSTGRES_LATEST: number = POSTGRES_MIGRATIONS.reduce(
  (max, migration) => Math.max(max, migration.version),
  0,
);

/** The schema's version, or undefined when the database has no carbon schema yet. */
export async function schemaVersion(client: PoolClient | Pool): Promise<number | undefined> {
  const found = await client.query<{ table: string | null }>(
    "SELECT to_regclass('carbon_schema')::text AS table",
  );
  if (found.rows[0]?.table === null || found.rows[0]?.table === undefined) return undefined;
  const version = await client.query<{ version: number | null }>(
    "SELECT max(version) AS version FROM carbon_schema",
  );
  return version.rows[0]?.version ?? 0;
}

async function tableCount(client: PoolClient): Promise<number> {
  const result = await client.query<{ count: string }>(
    `SELECT count(*) AS count FROM pg_catalog.pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

function notCarbonDatabase(target: PostgresTarget): CarbonError {
  return new CarbonError(
    "usage",
    `${target.display} has tables but no carbon schema: it is not a carbon database`,
    { hint: "give --db an empty database of its own (CREATE DATABASE carbon)" },
  );
}

function newerDatabase(target: PostgresTarget, version: number): CarbonError {
  return new CarbonError(
    "usage",
    `${target.display} was migrated by a newer carbon (schema version ${version}, this one knows up to ${POSTGRES_LATEST}); upgrade`,
    { hint: "install the latest carbon-ops, or use another --db" },
  );
}

/** Applies the migrations the database lacks; `onUpgrade` hears of each (not of a new schema). */
export async function migratePostgres(
  pool: Pool,
  target: PostgresTarget,
  onUpgrade?: (message: string) => void,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      let version = await schemaVersion(client);
      if (version === undefined) {
        if ((await tableCount(client)) > 0) throw notCarbonDatabase(target);
        await client.query(`CREATE TABLE carbon_schema (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
        version = 0;
      }
      const latest = migrations.reduce((max, migration) => Math.max(max, migration.version), 0);
      if (version > latest) throw newerDatabase(target, version);
      const existing = version > 0;
      for (const migration of migrations) {
        if (migration.version <= version) continue;
        if (existing) {
          onUpgrade?.(
            `upgrading ${target.display} to schema version ${migration.version} (${migration.name}); this happens once`,
          );
        }
        await client.query("BEGIN");
        try {
          await migration.up(client);
          await client.query("INSERT INTO carbon_schema (version, name) VALUES ($1, $2)", [
            migration.version,
            migration.name,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
