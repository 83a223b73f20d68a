/**
 * Data made by the rules on SQLite, copied into a PostgreSQL database with the same keys: a test
 * builds a database the way the local engine does (companies, buildings, an imported file,
 * certificates…), copies it, and asks both stores the same questions. A consumption's `ref` on
 * PostgreSQL is its rowid on SQLite (the stored order both lists keep after the start date).
 *
 * Also the SQLite store's tables on a file, wired as the local engine wires them, for asking the
 * Store port directly (the engine's service answers through the rules only).
 */
import Database from "better-sqlite3";
import pg from "pg";
import { plainTableMakers } from "../../src/backends/local/plain-resources.js";
import { queriesOn } from "../../src/backends/local/queries.js";
import type { StoreTransaction } from "../../src/rules/store.js";
import { AuditLog } from "../../src/store/sqlite/audit.js";
import { CategoryCatalog } from "../../src/store/sqlite/categories.js";
import { openDatabase } from "../../src/store/sqlite/database.js";
import { sqliteTables } from "../../src/store/sqlite/store.js";

/**
 * What a consumption read needs, in an order that keeps every foreign key: the companies and
 * buildings, the custom factors and inputs rows name, the calculation records and their lines,
 * the consumptions (covered and metered kWh included), effluents and certificates.
 */
export const CONSUMPTION_TABLES = [
  "companies",
  "buildings",
  "custom_factors",
  "custom_inputs",
  "emission_provenance",
  "emission_lines",
  "consumptions",
  "effluents",
  "certificates",
] as const;

/** The meta keys both stores keep (SQLite's `meta`, PostgreSQL's `carbon_meta`). */
const META_KEYS = ["library_version_before_lines"];

/** Rows an INSERT takes at a time. */
const ROWS_A_STATEMENT = 500;

interface PostgresColumn {
  readonly name: string;
  readonly type: string;
  readonly optional: boolean;
}

async function postgresColumns(client: pg.Client, table: string): Promise<PostgresColumn[]> {
  const found = await client.query<PostgresColumn>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
       (NOT a.attnotnull OR a.atthasdef OR a.attidentity <> '') AS optional
     FROM pg_attribute a
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [table],
  );
  return found.rows;
}

/** The category trees must give each category the same ref, or no key copied means the same. */
async function checkCategories(sqlite: Database.Database, client: pg.Client): Promise<void> {
  const ours = sqlite.prepare("SELECT ref, id, code FROM categories ORDER BY ref").all() as {
    ref: number;
    id: string;
    code: string;
  }[];
  const theirs = await client.query<{ ref: string; id: string; code: string }>(
    "SELECT ref, id, code FROM categories ORDER BY ref",
  );
  const a = ours.map((c) => `${c.ref} ${c.id} ${c.code}`);
  const b = theirs.rows.map((c) => `${c.ref} ${c.id} ${c.code}`);
  if (a.join("\n") !== b.join("\n")) {
    const at = a.findIndex((line, index) => line !== b[index]);
    throw new Error(
      `the category trees differ at ${at}: ${a[at]} on SQLite, ${b[at]} on PostgreSQL`,
    );
  }
}

async function copyTable(
  sqlite: Database.Database,
  client: pg.Client,
  table: string,
): Promise<number> {
  const sqliteColumns = new Set(
    sqlite.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[],
  );
  const withoutRowid = sqlite
    .prepare("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?")
    .pluck()
    .get(table);
  const rowid = withoutRowid === 0;
  const columns = await postgresColumns(client, table);
  const copied: { name: string; type: string; from: string }[] = [];
  for (const column of columns) {
    if (sqliteColumns.has(column.name)) {
      copied.push({ name: column.name, type: column.type, from: `"${column.name}"` });
    } else if (column.name === "ref" && rowid) {
      // A table whose rows SQLite keys by rowid (consumptions): the rowid is the ref.
      copied.push({ name: column.name, type: column.type, from: "rowid" });
    } else if (!column.optional) {
      throw new Error(`${table}.${column.name} is not on SQLite and has no default`);
    }
  }
  const rows = sqlite
    .prepare(
      `SELECT ${copied.map((c) => c.from).join(", ")} FROM ${table}${rowid ? " ORDER BY rowid" : ""}`,
    )
    .raw(true)
    .all() as unknown[][];
  const names = copied.map((c) => `"${c.name}"`).join(", ");
  for (let start = 0; start < rows.length; start += ROWS_A_STATEMENT) {
    const some = rows.slice(start, start + ROWS_A_STATEMENT);
    const values: unknown[] = [];
    const tuples = some.map((row) => {
      const marks = copied.map((column, index) => {
        const value = row[index];
        // SQLite keeps '' in a REAL column (a calculation record's factor_value says "see
        // lines" so): no number, so none here.
        values.push(value === "" && column.type === "numeric" ? null : value);
        return `$${values.length}::${column.type}`;
      });
      return `(${marks.join(", ")})`;
    });
    await client.query(`INSERT INTO ${table} (${names}) VALUES ${tuples.join(", ")}`, values);
  }
  // An identity copied: the next row PostgreSQL makes comes after the copied ones.
  if (copied.some((c) => c.name === "ref") && rows.length > 0) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, 'ref'), (SELECT max(ref) FROM ${table}))
       WHERE pg_get_serial_sequence($1, 'ref') IS NOT NULL`,
      [table],
    );
  }
  return rows.length;
}

/**
 * Copies `tables` of a SQLite carbon database into a migrated, empty PostgreSQL one with the
 * same keys (the category trees checked to match first), and the meta keys both keep. Answers
 * how many rows each table got.
 */
export async function copySqliteToPostgres(
  sqliteFile: string,
  postgresUrl: string,
  tables: readonly string[] = CONSUMPTION_TABLES,
): Promise<Record<string, number>> {
  const sqlite = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await checkCategories(sqlite, client);
    await client.query("BEGIN");
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = await copyTable(sqlite, client, table);
    const meta = sqlite.prepare("SELECT key, value FROM meta WHERE key = ?");
    for (const key of META_KEYS) {
      const row = meta.get(key) as { key: string; value: string } | undefined;
      if (row !== undefined) {
        // The SQLite file's value, whatever PostgreSQL's migrations wrote.
        await client.query(
          `INSERT INTO carbon_meta (key, value) VALUES ($1, $2)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          [row.key, row.value],
        );
      }
    }
    await client.query("COMMIT");
    return counts;
  } finally {
    await client.end();
    sqlite.close();
  }
}

/** The SQLite store's tables on a carbon file, as the local engine wires them. */
export function sqliteStore(file: string): { tables: StoreTransaction; close(): void } {
  const db = openDatabase(file, 5000);
  const catalog = new CategoryCatalog(db);
  const { queries, companies, buildings, reads } = queriesOn(db, catalog);
  const plain = plainTableMakers(db, companies);
  const tables = sqliteTables(
    db,
    companies,
    buildings,
    new AuditLog(db),
    catalog,
    queries,
    reads,
    plain,
  );
  // The SQLite tables are the port's (the engine hands them to the rules the same way).
  return { tables: tables as unknown as StoreTransaction, close: () => db.close() };
}
