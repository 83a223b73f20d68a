/**
 * The PostgreSQL store's opening on a real server (the run's own, postgres-setup.ts): the schema
 * migrated once under an advisory lock even when two processes start together, databases that are
 * not carbon's or are newer refused, `carbon db status`, and connection errors that name the
 * server and never the password.
 */
import { existsSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { connect } from "../../src/store/postgres/database.js";
import type { PostgresMigration } from "../../src/store/postgres/migration.js";
import {
  migratePostgres,
  POSTGRES_LATEST,
  POSTGRES_MIGRATIONS,
  RESOURCE_MIGRATIONS,
  type ResourceMigrations,
  resourceMigrationProblems,
} from "../../src/store/postgres/migrations.js";
import { parsePostgresUrl } from "../../src/store/postgres/url.js";
import { runCarbon } from "../cli/run-carbon.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";

function carbon(...argv: string[]) {
  return runCarbon({ HOME: "/nonexistent-home", NO_COLOR: "1" }, ...argv);
}

async function migrate(
  url: string,
  resources: readonly ResourceMigrations[] = RESOURCE_MIGRATIONS,
  onUpgrade?: (message: string) => void,
): Promise<void> {
  const target = parsePostgresUrl(url);
  const pool = await connect(target);
  try {
    await migratePostgres(pool, target, onUpgrade, POSTGRES_MIGRATIONS, resources);
  } finally {
    await pool.end();
  }
}

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(postgresServer() === undefined)("the PostgreSQL store's schema", () => {
  it("db status: an empty database has no schema yet; once migrated, the latest version", async () => {
    const url = await freshPostgres();
    const before = await carbon("db", "status", "--db", url, "--json");
    expect(before.code, before.stderr).toBe(0);
    expect(JSON.parse(before.stdout)).toMatchObject({
      engine: "postgresql",
      exists: true,
      schemaVersion: null,
      latestVersion: POSTGRES_LATEST,
      upToDate: false,
    });
    expect(JSON.parse(before.stdout).server).toMatch(/^PostgreSQL \d+/);
    await migrate(url);
    const after = await carbon("db", "status", "--db", url);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain(`version ${POSTGRES_LATEST} of ${POSTGRES_LATEST} (up to date)`);
  });

  it("migrates once when two processes open the database together", async () => {
    const url = await freshPostgres();
    await Promise.all([migrate(url), migrate(url), migrate(url)]);
    const applied = await query(url, "SELECT version FROM carbon_schema ORDER BY version");
    expect(applied.rows.map((row) => row.version)).toEqual(
      POSTGRES_MIGRATIONS.map((migration) => migration.version),
    );
    // The owner role alone reads the instance's secret.
    const grants = await query(
      url,
      "SELECT count(*)::int AS n FROM information_schema.role_table_grants WHERE table_name = 'carbon_meta' AND grantee = 'PUBLIC'",
    );
    expect(grants.rows[0]?.n).toBe(0);
  });

  it("refuses a database that is not carbon's, and one migrated by a newer carbon", async () => {
    const foreign = await freshPostgres();
    await query(foreign, "CREATE TABLE invoices_of_someone_else (id integer)");
    await expect(migrate(foreign)).rejects.toThrow(/not a carbon database/);
    const newer = await freshPostgres();
    await migrate(newer);
    await query(newer, "INSERT INTO carbon_schema (version, name) VALUES (999, 'from the future')");
    await expect(migrate(newer)).rejects.toThrow(/schema version 999, this one knows up to/);
  });

  it("migrates a resource's table by its own versions, after the store's, and refuses one it does not know", async () => {
    const url = await freshPostgres({ migrated: true });
    const step = (version: number, sql: string): PostgresMigration => ({
      version,
      name: `notes ${version}`,
      up: async (client) => {
        await client.query(sql);
      },
    });
    const first = step(
      1,
      `CREATE TABLE notes (company_ref bigint NOT NULL REFERENCES companies (ref), id uuid NOT NULL,
         PRIMARY KEY (company_ref, id))`,
    );
    const second = step(2, "ALTER TABLE notes ADD COLUMN body text");
    const told: string[] = [];
    await migrate(url, [...RESOURCE_MIGRATIONS, { resource: "notes", migrations: [first] }]);
    await migrate(
      url,
      [...RESOURCE_MIGRATIONS, { resource: "notes", migrations: [first, second] }],
      (message) => told.push(message),
    );
    // Version 2 alone ran the second time, and said so; the store's versions are untouched.
    expect(told).toEqual([
      expect.stringContaining("the notes table to version 2 (notes 2); this happens once"),
    ]);
    const applied = await query(
      url,
      "SELECT version FROM carbon_resource_schema WHERE resource = 'notes' ORDER BY version",
    );
    expect(applied.rows.map((row) => row.version)).toEqual([1, 2]);
    const store = await query(url, "SELECT max(version) AS version FROM carbon_schema");
    expect(store.rows[0]?.version).toBe(POSTGRES_LATEST);
    // A carbon without the table, or with fewer of its migrations, is older than the database.
    await expect(migrate(url)).rejects.toThrow(
      /the notes table at version 2, this one has no such table/,
    );
    await expect(
      migrate(url, [...RESOURCE_MIGRATIONS, { resource: "notes", migrations: [first] }]),
    ).rejects.toThrow(/the notes table at version 2, this one knows up to 1/);
  });

  it("takes a resource's migrations only numbered 1, 2, … in order", () => {
    expect(resourceMigrationProblems(RESOURCE_MIGRATIONS)).toEqual([]);
    const up = async () => {};
    const at = (...versions: number[]) => versions.map((version) => ({ version, name: "", up }));
    expect(
      resourceMigrationProblems([
        { resource: "notes", migrations: at(1, 3) },
        { resource: "tags", migrations: at(2) },
        { resource: "notes", migrations: at(1) },
      ]),
    ).toEqual([
      "notes: versions 1, 3, not 1, 2, … in order",
      "tags: versions 2, not 1, 2, … in order",
      "notes: listed twice",
    ]);
  });
});

describe.skipIf(postgresServer() === undefined)("connecting to PostgreSQL", () => {
  it("a refused connection: exit 7, host and port named, the password nowhere", async () => {
    const url = "postgres://carbon:Tr0ub4dor@127.0.0.1:1/carbon";
    for (const extra of [[], ["--verbose"]]) {
      const run = await carbon(...extra, "db", "status", "--db", url);
      expect(run.code).toBe(7);
      expect(run.stderr).toContain("cannot connect to PostgreSQL at 127.0.0.1:1");
      expect(run.stderr + run.stdout).not.toContain("Tr0ub4dor");
    }
  });

  it("a database that does not exist: exit 5, named, the password nowhere", async () => {
    const server = new URL(postgresServer() ?? "");
    server.password = "Tr0ub4dor";
    server.pathname = "/no_such_database";
    const run = await carbon("db", "status", "--db", server.href);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('database "no_such_database" does not exist');
    expect(run.stderr).not.toContain("Tr0ub4dor");
  });

  it("honours sslmode: require against a server without TLS is refused, disable connects", async () => {
    const url = await freshPostgres({ password: "Tr0ub4dor" });
    const required = await carbon("db", "status", "--db", `${url}?sslmode=require`);
    expect(required.code).toBe(7);
    expect(required.stderr).toContain("does not accept TLS connections (sslmode=require");
    expect(required.stderr).not.toContain("Tr0ub4dor");
    const plain = await carbon("db", "status", "--db", `${url}?sslmode=disable`, "--json");
    expect(plain.code, plain.stderr).toBe(0);
    expect(JSON.parse(plain.stdout).database).toContain(":***@");
  });

  it("a malformed URL or an unknown parameter is a usage error (exit 2) without the password", async () => {
    const bad = await carbon(
      "db",
      "status",
      "--db",
      "postgres://u:Tr0ub4dor@h/d?sslmode=sometimes",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("sslmode sometimes is not one of disable");
    const unknown = await carbon("db", "status", "--db", "postgres://u:Tr0ub4dor@h/d?pool=3");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown parameter pool");
    expect(bad.stderr + unknown.stderr).not.toContain("Tr0ub4dor");
  });

  it("every command runs on it: the schema migrated on first use, and no file named after the URL", async () => {
    const url = await freshPostgres({ password: "Tr0ub4dor" });
    const company = "0a000000-0000-4000-8000-00000000000a";
    const env = { CARBON_DB: url, HOME: "/nonexistent-home", NO_COLOR: "1" };
    const created = await runCarbon(
      env,
      "companies",
      "create",
      "--id",
      company,
      "--name",
      "On PostgreSQL",
      "--country",
      "ES",
      "--verbose",
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).not.toContain("Tr0ub4dor");
    const listed = await runCarbon(env, "companies", "list", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: company, name: "On PostgreSQL" }]);
    const status = await carbon("db", "status", "--db", url, "--json");
    expect(JSON.parse(status.stdout)).toMatchObject({ engine: "postgresql", upToDate: true });
    expect(existsSync("postgres:")).toBe(false);
  });
});
