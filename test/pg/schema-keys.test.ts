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
import { catalogOf, shardingProblems } from "../support/postgres-catalog.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";

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
