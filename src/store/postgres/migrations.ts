/**
 * The PostgreSQL store's schema, versioned as the SQLite store's is: each migration runs once, in
 * version order, in a transaction of its own, recorded in `carbon_schema`. All of them run under
 * an advisory lock, so servers starting together on one database migrate it once: the second
 * waits, then finds nothing left to do. A database that has tables but no `carbon_schema` is not
 * carbon's, and one migrated by a newer carbon is refused, as for SQLite files.
 *
 * Two ordered lists, so that neither takes the other's versions:
 * - the store's own (POSTGRES_MIGRATIONS below), versions 1, 2, … in `carbon_schema`;
 * - each plain resource's table's (its file's `nameTable.migrations`, listed by
 *   registry.generated.ts), versions 1, 2, … of that resource, recorded by resource in
 *   `carbon_resource_schema`. They run after every migration of the store, resource by
 *   resource in the registry's order. A migration of the store never touches a resource's
 *   table; a resource's migrations touch only their table (and may rely on the store's tables
 *   as the latest migration of the store leaves them).
 */
import { CarbonError } from "../../core/errors.js";
import { seedCategories } from "./categories.js";
import { checkConsumptionsBySet } from "./consumption-checks.js";
import { countConsumptions } from "./consumption-counts.js";
import { versionConsumptions } from "./consumption-versions.js";
import type { Pool, PoolClient } from "./database.js";
import { loadShippedLibrary } from "./library-load.js";
import type { PostgresMigration } from "./migration.js";
import { generatedTables } from "./registry.generated.js";
import { TABLES } from "./schema.js";
import type { PostgresTarget } from "./url.js";

/** The advisory lock the migrations hold (a key of carbon's own: "carbon" in ASCII). */
const MIGRATION_LOCK = 0x636172626f6e;

/**
 * The store's migrations. Ordered, append-only: a released migration is never edited. A plain
 * resource's table is not created here but by its own migrations (plain-table.ts).
 */
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
    version: 6,
    name: "consumption writes checked a statement at a time",
    up: checkConsumptionsBySet,
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

/** A plain resource's table's migrations, by the resource's name (its key in the registry). */
export interface ResourceMigrations {
  readonly resource: string;
  readonly migrations: readonly PostgresMigration[];
}

/** Every plain resource's table's migrations, in the registry's order. */
export const RESOURCE_MIGRATIONS: readonly ResourceMigrations[] = Object.entries(
  generatedTables,
).map(([resource, table]) => ({ resource, migrations: table.migrations }));

/** Where the resources' migrations are recorded: by resource, each with versions of its own. */
const RESOURCE_SCHEMA = `CREATE TABLE IF NOT EXISTS carbon_resource_schema (
  resource text NOT NULL,
  version integer NOT NULL,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (resource, version)
)`;

/** What is wrong with these lists: a resource twice, versions other than 1, 2, … in order. */
export function resourceMigrationProblems(lists: readonly ResourceMigrations[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { resource, migrations } of lists) {
    if (seen.has(resource)) problems.push(`${resource}: listed twice`);
    seen.add(resource);
    const versions = migrations.map((migration) => migration.version);
    if (versions.some((version, i) => version !== i + 1)) {
      problems.push(`${resource}: versions ${versions.join(", ")}, not 1, 2, … in order`);
    }
  }
  return problems;
}

/** The version each resource's table has in the database (none before its first migration). */
async function resourceVersions(client: PoolClient | Pool): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  const found = await client.query<{ table: string | null }>(
    "SELECT to_regclass('carbon_resource_schema')::text AS table",
  );
  if (found.rows[0]?.table === null || found.rows[0]?.table === undefined) return versions;
  const rows = await client.query<{ resource: string; version: number }>(
    "SELECT resource, max(version) AS version FROM carbon_resource_schema GROUP BY resource",
  );
  for (const row of rows.rows) versions.set(row.resource, row.version);
  return versions;
}

/** How many migrations of the resources' tables the database lacks. */
export async function pendingResourceMigrations(
  client: PoolClient | Pool,
  lists: readonly ResourceMigrations[] = RESOURCE_MIGRATIONS,
): Promise<number> {
  const versions = await resourceVersions(client);
  let pending = 0;
  for (const { resource, migrations } of lists) {
    const applied = versions.get(resource) ?? 0;
    pending += migrations.filter((migration) => migration.version > applied).length;
  }
  return pending;
}

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

function newerResource(
  target: PostgresTarget,
  resource: string,
  version: number,
  known: number,
): CarbonError {
  const knows = known === 0 ? "this one has no such table" : `this one knows up to ${known}`;
  return new CarbonError(
    "usage",
    `${target.display} was migrated by a newer carbon (the ${resource} table at version ${version}, ${knows}); upgrade`,
    { hint: "install the latest carbon-ops, or use another --db" },
  );
}

/** Runs one migration in a transaction of its own, recorded by `record` in the same one. */
async function apply(
  client: PoolClient,
  migration: PostgresMigration,
  record: (client: PoolClient) => Promise<unknown>,
): Promise<void> {
  await client.query("BEGIN");
  try {
    await migration.up(client);
    await record(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/**
 * Applies the migrations the database lacks, the store's then the resources' tables';
 * `onUpgrade` hears of each (not of a new schema).
 */
export async function migratePostgres(
  pool: Pool,
  target: PostgresTarget,
  onUpgrade?: (message: string) => void,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
  resources: readonly ResourceMigrations[] = RESOURCE_MIGRATIONS,
): Promise<void> {
  const problems = resourceMigrationProblems(resources);
  if (problems.length > 0) {
    throw new Error(`the resources' migrations are not in order: ${problems.join("; ")}`);
  }
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
      const tables = await resourceVersions(client);
      for (const [resource, at] of tables) {
        const known = resources.find((list) => list.resource === resource)?.migrations.length ?? 0;
        if (at > known) throw newerResource(target, resource, at, known);
      }
      const existing = version > 0;
      for (const migration of migrations) {
        if (migration.version <= version) continue;
        if (existing) {
          onUpgrade?.(
            `upgrading ${target.display} to schema version ${migration.version} (${migration.name}); this happens once`,
          );
        }
        await apply(client, migration, (c) =>
          c.query("INSERT INTO carbon_schema (version, name) VALUES ($1, $2)", [
            migration.version,
            migration.name,
          ]),
        );
      }
      await client.query(RESOURCE_SCHEMA);
      for (const { resource, migrations: own } of resources) {
        for (const migration of own) {
          if (migration.version <= (tables.get(resource) ?? 0)) continue;
          if (existing) {
            onUpgrade?.(
              `upgrading ${target.display}: the ${resource} table to version ${migration.version} (${migration.name}); this happens once`,
            );
          }
          await apply(client, migration, (c) =>
            c.query(
              "INSERT INTO carbon_resource_schema (resource, version, name) VALUES ($1, $2, $3)",
              [resource, migration.version, migration.name],
            ),
          );
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
