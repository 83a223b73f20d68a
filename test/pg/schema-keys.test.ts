/**
 * The PostgreSQL schema is ready to shard by tenant (docs/database.md): read from the catalog of
 * a migrated database, every table is a tenant table, a reference table or the store's own; a
 * tenant table's primary key and each of its unique keys begin with company_ref (the column
 * Citus would distribute it by), and a key between two tenant tables carries company_ref too,
 * so a company's rows and the rows they point at live on one node.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { REFERENCE_TABLES, STORE_TABLES } from "../../src/store/postgres/schema.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";

interface Catalog {
  readonly tables: string[];
  /** Tables with a company_ref column that may not be null. */
  readonly tenant: Set<string>;
  /** Each primary or unique key (constraint or unique index): its table, name and columns. */
  readonly keys: { table: string; name: string; columns: string[] }[];
  /** Each foreign key: from table (its columns) to table. */
  readonly references: { table: string; name: string; columns: string[]; to: string }[];
}

async function catalogOf(url: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    const tenant = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'company_ref' AND is_nullable = 'NO'`,
    );
    const keys = await client.query<{ table: string; name: string; columns: string[] }>(
      `SELECT c.relname AS table, i.relname AS name,
         array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
               JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
               ORDER BY k.n)::text[] AS columns
       FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE s.nspname = 'public' AND (x.indisunique OR x.indisprimary)`,
    );
    const references = await client.query<{
      table: string;
      name: string;
      columns: string[];
      to: string;
    }>(
      `SELECT c.relname AS table, k.conname AS name, t.relname AS to,
         array(SELECT a.attname FROM unnest(k.conkey) AS u(attnum)
               JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum)::text[] AS columns
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class t ON t.oid = k.confrelid
       JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE s.nspname = 'public' AND k.contype = 'f'`,
    );
    return {
      tables: tables.rows.map((row) => row.name),
      tenant: new Set(tenant.rows.map((row) => row.name)),
      keys: keys.rows,
      references: references.rows,
    };
  } finally {
    await client.end();
  }
}

/** What keeps the schema from sharding by company; empty when nothing does. */
function shardingProblems(catalog: Catalog): string[] {
  const problems: string[] = [];
  const shared = new Set([...REFERENCE_TABLES, ...STORE_TABLES]);
  for (const table of catalog.tables) {
    const isTenant = catalog.tenant.has(table);
    if (isTenant && shared.has(table))
      problems.push(`${table}: a company's table listed as shared`);
    if (!isTenant && !shared.has(table)) {
      problems.push(`${table}: neither a company's table (company_ref) nor a shared one`);
    }
  }
  for (const key of catalog.keys) {
    if (catalog.tenant.has(key.table) && key.columns[0] !== "company_ref") {
      problems.push(
        `${key.table}: key ${key.name} (${key.columns.join(", ")}) does not begin with company_ref`,
      );
    }
  }
  for (const reference of catalog.references) {
    const between = catalog.tenant.has(reference.table) && catalog.tenant.has(reference.to);
    if (between && !reference.columns.includes("company_ref")) {
      problems.push(
        `${reference.table}: ${reference.name} points at ${reference.to} without company_ref`,
      );
    }
  }
  return problems;
}

/** A copy of the run's migrated database. */
function migrated(): Promise<string> {
  return freshPostgres({ migrated: true });
}

describe.skipIf(postgresServer() === undefined)("the PostgreSQL schema, ready to shard", () => {
  it("keys every company's table by company_ref and lists the shared ones", async () => {
    const catalog = await catalogOf(await migrated());
    expect(catalog.tables.length).toBeGreaterThan(25);
    expect(catalog.tenant.size).toBeGreaterThan(15);
    expect(shardingProblems(catalog)).toEqual([]);
    // The shared tables named are all there.
    expect(
      [...REFERENCE_TABLES, ...STORE_TABLES].filter((t) => !catalog.tables.includes(t)),
    ).toEqual([]);
  });

  it("names a table, a key and a reference that would not shard", async () => {
    const url = await migrated();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("CREATE TABLE notes (id uuid PRIMARY KEY, body text)");
      await client.query(`CREATE TABLE labels (
        company_ref bigint NOT NULL, id uuid UNIQUE, PRIMARY KEY (company_ref, id))`);
      await client.query(`CREATE TABLE tags (
        company_ref bigint NOT NULL PRIMARY KEY, label_id uuid REFERENCES labels (id))`);
    } finally {
      await client.end();
    }
    const problems = shardingProblems(await catalogOf(url));
    expect(problems.toSorted()).toEqual([
      "labels: key labels_id_key (id) does not begin with company_ref",
      "notes: neither a company's table (company_ref) nor a shared one",
      "tags: tags_label_id_fkey points at labels without company_ref",
    ]);
  });
});
