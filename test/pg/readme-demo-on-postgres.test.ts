/**
 * The README's demo on PostgreSQL answers what it answers on SQLite, byte for byte: the same
 * import through the CLI into a SQLite file and into a PostgreSQL database, then the same
 * export (every emission line: ids, figures, factors) and the same dashboard from both.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCarbon } from "../cli/run-carbon.js";
import { freshPostgres } from "../support/postgres-databases.js";
import { tempDir } from "../unit/local/helpers.js";

const company = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const fixture = path.resolve("fixtures/consumptions/acme-offices-2024.csv");

async function demo(db: string): Promise<{ csv: string; dashboard: string; json: string }> {
  const env = { CARBON_DB: db, HOME: "/nonexistent-home", NO_COLOR: "1" };
  const run = async (...argv: string[]) => {
    const result = await runCarbon(env, ...argv);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };
  await run("companies", "create", "--id", company, "--name", "Acme Offices", "--country", "ES");
  await run("consumptions", "import", fixture, "--company", company, "--create-buildings");
  return {
    csv: await run("emissions", "export", "--format", "csv"),
    dashboard: await run("emissions", "dashboard", "--year", "2024", "--format", "json"),
    // The records but the times they were written.
    json: (await run("consumptions", "list", "--all", "--json")).replace(
      /"(createdAt|updatedAt)": "[^"]+"/g,
      '"$1": ""',
    ),
  };
}

describe("the README demo on PostgreSQL", () => {
  it("exports the same bytes as on SQLite: same ids, same figures", async () => {
    const onSqlite = await demo(path.join(tempDir(), "carbon.db"));
    const onPostgres = await demo(await freshPostgres({ migrated: true }));
    expect(onSqlite.csv.split("\n").length).toBeGreaterThan(300);
    expect(onPostgres.csv).toBe(onSqlite.csv);
    expect(onPostgres.dashboard).toBe(onSqlite.dashboard);
    expect(onPostgres.json).toBe(onSqlite.json);
  });
});
