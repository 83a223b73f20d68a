/** PostgreSQL's transactions for the rules: all or nothing, reads read only, conflicts said. */
import { describe, expect, it, onTestFinished } from "vitest";
import { connect } from "../../src/store/postgres/database.js";
import { PostgresTransactions, type Queryable } from "../../src/store/postgres/transactions.js";
import { parsePostgresUrl } from "../../src/store/postgres/url.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";

async function transactions(): Promise<PostgresTransactions<Queryable>> {
  const target = parsePostgresUrl(await freshPostgres({ migrated: true }));
  const pool = await connect(target);
  onTestFinished(() => pool.end());
  return new PostgresTransactions(pool, (client) => client);
}

const company = (n: number) => `0a000000-0000-4000-8000-00000000000${n}`;
const insert = (db: Queryable, n: number) =>
  db.query("INSERT INTO companies (id, name, created_at) VALUES ($1, $2, 'now')", [
    company(n),
    `Company ${n}`,
  ]);
const count = async (db: Queryable) =>
  Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM companies")).rows[0]?.n);

describe.skipIf(postgresServer() === undefined)("PostgreSQL transactions", () => {
  it("commits a write whole, or none of it when the rule throws", async () => {
    const tx = await transactions();
    await tx.write(async (db) => {
      await insert(db, 1);
      await insert(db, 2);
    });
    await expect(
      tx.write(async (db) => {
        await insert(db, 3);
        throw new Error("the rule refused");
      }),
    ).rejects.toThrow("the rule refused");
    expect(await tx.read(count)).toBe(2);
  });

  it("refuses a write in a read", async () => {
    const tx = await transactions();
    await expect(tx.read((db) => insert(db, 1))).rejects.toThrow(/read-only transaction/);
  });

  it("says a unique key the rules do not check is taken (a conflict), after trying again", async () => {
    const tx = await transactions();
    await tx.write((db) => insert(db, 1));
    let runs = 0;
    await expect(
      tx.write(async (db) => {
        runs += 1;
        await insert(db, 1);
      }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("companies_id_key"),
    });
    expect(runs).toBeGreaterThan(1);
  });
});
