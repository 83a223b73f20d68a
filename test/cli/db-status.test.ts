/** `carbon db status` on SQLite files: read only, for a file not made yet, one migrated, one not ours. */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "./helpers.js";
import { runCarbon as carbon } from "./run-carbon.js";

describe("carbon db status", () => {
  it("says a file is not made yet, and makes none", async () => {
    const home = tempDir();
    const file = path.join(home, "later.db");
    const run = await carbon({ HOME: home }, "db", "status", "--db", file, "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      engine: "sqlite",
      database: file,
      exists: false,
      schemaVersion: null,
      upToDate: false,
    });
    expect(existsSync(file)).toBe(false);
  });

  it("gives a migrated file's version, up to date, as a table too", async () => {
    const home = tempDir();
    const file = path.join(home, "carbon.db");
    expect((await carbon({ HOME: home }, "--db", file, "companies", "list")).code).toBe(0);
    const json = await carbon({ HOME: home }, "db", "status", "--db", file, "--json");
    const status = JSON.parse(json.stdout);
    expect(status).toMatchObject({ engine: "sqlite", exists: true, upToDate: true });
    expect(status.schemaVersion).toBe(status.latestVersion);
    expect(status.server).toMatch(/^SQLite 3\./);
    // CARBON_DB names the database as --db does.
    const table = await carbon(
      { HOME: home, CARBON_DB: file },
      "db",
      "status",
      "--format",
      "table",
    );
    expect(table.stdout).toContain(
      `version ${status.latestVersion} of ${status.latestVersion} (up to date)`,
    );
  });

  it("refuses a file that is not a carbon database (exit 2), and a server's profile", async () => {
    const home = tempDir();
    const file = path.join(home, "notes.db");
    writeFileSync(file, "not a database at all, but long enough to be read as one ".repeat(200));
    const foreign = await carbon({ HOME: home }, "db", "status", "--db", file);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain("is not a carbon database");
    const remote = await carbon(
      { HOME: home, CARBON_API_URL: "https://carbon.example.com", CARBON_TOKEN: "t" },
      "db",
      "status",
    );
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain("db status describes a local database");
  });
});
