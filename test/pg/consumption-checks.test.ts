/**
 * Consumption rows are checked a statement at a time (src/store/postgres/consumption-checks.ts):
 * a row naming a category or a calculation record that does not exist is refused as a foreign
 * key would refuse it, a row naming its company without that company's building too, and the
 * two shared tables those checks trust cannot lose rows.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";

async function client(): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: await freshPostgres({ migrated: true }) });
  await db.connect();
  return db;
}

/** A company with one building, and the values of a consumption of it (category, record). */
async function fixture(db: pg.Client) {
  const company = await db.query<{ ref: string }>(
    `INSERT INTO companies (id, name, created_at)
     VALUES (gen_random_uuid(), 'Checks Co', '2026-01-01T00:00:00.000Z') RETURNING ref`,
  );
  const companyRef = company.rows[0]?.ref;
  const building = await db.query<{ ref: string }>(
    `INSERT INTO buildings (company_ref, id, name, name_key, created_at)
     VALUES ($1, gen_random_uuid(), 'HQ', 'hq', '2026-01-01T00:00:00.000Z') RETURNING ref`,
    [companyRef],
  );
  const category = await db.query<{ ref: string }>(
    "SELECT ref FROM categories WHERE code = 'electricity'",
  );
  return { companyRef, buildingRef: building.rows[0]?.ref, categoryRef: category.rows[0]?.ref };
}

async function insert(
  db: pg.Client,
  values: {
    companyRef: unknown;
    buildingRef: unknown;
    categoryRef: unknown;
    provenanceRef?: unknown;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO consumptions (company_ref, id, entity_id, building_ref, category_ref, start_date,
       end_date, quantity, unit, created_at, updated_at, provenance_ref)
     SELECT $1, gen_random_uuid(), 'E-' || n, $2, $3, 0, 1, 10, 'kWh', 0, 0, $4
     FROM generate_series(1, 3) AS n`,
    [values.companyRef, values.buildingRef, values.categoryRef, values.provenanceRef ?? null],
  );
}

async function refusal(work: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await work;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error("the statement was not refused");
}

describe.skipIf(postgresServer() === undefined)("consumption keys on PostgreSQL", () => {
  it("stores rows whose keys all exist", async () => {
    const db = await client();
    try {
      const keys = await fixture(db);
      await insert(db, keys);
      const count = await db.query<{ n: string }>("SELECT count(*) AS n FROM consumptions");
      expect(count.rows[0]?.n).toBe("3");
    } finally {
      await db.end();
    }
  });

  it("refuses a missing category, calculation record or building, and stores none of the rows", async () => {
    const db = await client();
    try {
      const keys = await fixture(db);
      const category = await refusal(insert(db, { ...keys, categoryRef: 987654 }));
      expect(category.code).toBe("23503");
      expect(category.message).toContain("category 987654");
      const record = await refusal(insert(db, { ...keys, provenanceRef: 987654 }));
      expect(record.code).toBe("23503");
      expect(record.message).toContain("calculation record 987654");
      const building = await refusal(insert(db, { ...keys, buildingRef: 987654 }));
      expect(building.code).toBe("23503");
      const count = await db.query<{ n: string }>("SELECT count(*) AS n FROM consumptions");
      expect(count.rows[0]?.n).toBe("0");
      // An update to a missing category is refused too.
      await insert(db, keys);
      const update = await refusal(db.query("UPDATE consumptions SET category_ref = 987654"));
      expect(update.code).toBe("23503");
    } finally {
      await db.end();
    }
  });

  it("keeps every category and calculation record", async () => {
    const db = await client();
    try {
      for (const statement of [
        "DELETE FROM categories WHERE code = 'electricity'",
        "DELETE FROM emission_provenance",
        "TRUNCATE emission_provenance CASCADE",
      ]) {
        const refused = await refusal(db.query(statement));
        expect(refused.code).toBe("23001");
      }
    } finally {
      await db.end();
    }
  });
});
