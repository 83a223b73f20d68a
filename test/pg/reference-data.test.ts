/**
 * The data every company shares is the same on both stores: the category tree of a new
 * PostgreSQL database is a new SQLite database's, category for category, ref for ref, and a
 * category is found by code (any case) or id alike.
 */
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { PostgresCategories } from "../../src/store/postgres/categories.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";
import { openTemp, tempDir } from "../unit/local/helpers.js";

const COLUMNS = `c.ref, c.id, c.code, c.level, p.id AS parent_id, c.scope, c.name, c.default_unit,
  c.factor_key, c.market_factor_key
  FROM categories c LEFT JOIN categories p ON p.ref = c.parent_ref ORDER BY c.ref`;

describe.skipIf(postgresServer() === undefined)("reference data on PostgreSQL", () => {
  it("has a new SQLite database's category tree, ref for ref", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openTemp(file);
    await service.close();
    const sqlite = new Database(file, { readonly: true });
    const expected = sqlite.prepare(`SELECT ${COLUMNS}`).all();
    sqlite.close();

    const url = await freshPostgres({ migrated: true });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const found = await client.query(`SELECT ${COLUMNS}`);
      const rows = found.rows.map((row) => ({ ...row, ref: Number(row.ref) }));
      expect(rows.length).toBeGreaterThan(100);
      expect(rows).toEqual(expected);
      const categories = new PostgresCategories(client);
      expect((await categories.find("ELECTRICITY"))?.code).toBe("electricity");
      const electricity = await categories.find("electricity");
      expect(await categories.find(electricity?.id.toUpperCase() ?? "")).toEqual(electricity);
      expect(await categories.find("no_such_category")).toBeUndefined();
    } finally {
      await client.end();
    }
  });
});
