/**
 * What a migrated PostgreSQL database's catalog says of its tables and keys, and what in it keeps
 * the schema from sharding by company (docs/database.md; schema-keys.test.ts).
 */
import pg from "pg";
import { REFERENCE_TABLES, STORE_TABLES } from "../../src/store/postgres/schema.js";

export interface Catalog {
  readonly tables: string[];
  /** Tables with a company_ref column that may not be null. */
  readonly tenant: Set<string>;
  /** Each primary or unique key (constraint or unique index): its table, name and columns. */
  readonly keys: { table: string; name: string; columns: string[] }[];
  /** Each foreign key: from table (its columns) to table. */
  readonly references: { table: string; name: string; columns: string[]; to: string }[];
}

export async function catalogOf(url: string): Promise<Catalog> {
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
export function shardingProblems(catalog: Catalog): string[] {
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
