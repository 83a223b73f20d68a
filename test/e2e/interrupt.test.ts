import { once } from "node:events";
import { createWriteStream, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARSE_WORKER_MIN_BYTES } from "../../src/import/worker-outcomes.js";
import { createSandbox, interruptWhen, type Sandbox } from "./helpers/exec.js";

// Ctrl-C or a crash in the middle of an import leaves the old state: never half a file.
const company = "5c9d2e4f-1b3a-4c6d-8e7f-9a0b1c2d3e4f";
// Just over 4 MiB (the size from which the built CLI parses in a worker), as the import of a
// large file runs.
const rows = 72_000;
/** Rows written, in the import's open transaction, when the import pauses for the signal. */
const pauseAfter = 1000;

async function writeBigCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write("entityId,building,country,category,startDate,endDate,quantity,unit\n");
  for (let i = 0; i < rows; i += 1) {
    const month = String((i % 12) + 1).padStart(2, "0");
    if (
      !out.write(
        `INV-${i},Plant ${i % 3},ES,electricity,2024-${month}-01,2024-${month}-28,${1000 + (i % 500)},kWh\n`,
      )
    ) {
      await once(out, "drain");
    }
  }
  out.end();
  await once(out, "close");
}

async function storedCount(sandbox: Sandbox, db: string): Promise<number> {
  // The built CLI opens the file (rolling back whatever a killed import left in it) and lists.
  const list = await sandbox.run([
    "--db",
    db,
    "consumptions",
    "list",
    "--company",
    company,
    "--limit",
    "1",
    "--json",
  ]);
  expect(list.code, list.stderr).toBe(0);
  // Then the rows are counted in the file itself: an export of every line would take seconds.
  const file = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return (file.prepare("SELECT count(*) AS n FROM consumptions").get() as { n: number }).n;
  } finally {
    file.close();
  }
}

/**
 * Starts an import and sends `signal` once writes are under way: the import has written rows in
 * its open transaction and paused there (CARBON_TEST_PAUSE_IMPORT_ROWS).
 */
function interruptImport(sandbox: Sandbox, db: string, csv: string, signal: NodeJS.Signals) {
  return interruptWhen(
    sandbox,
    ["--db", db, "consumptions", "import", csv, "--company", company, "--create-buildings"],
    ({ stderr }) => /paused after \d+ rows written/.test(stderr),
    signal,
    { env: { CARBON_TEST_PAUSE_IMPORT_ROWS: String(pauseAfter) } },
  );
}

describe("interrupting an import", () => {
  let sandbox: Sandbox;
  let csv: string;
  beforeAll(async () => {
    sandbox = createSandbox();
    csv = path.join(sandbox.home, "big.csv");
    await writeBigCsv(csv);
    expect(statSync(csv).size).toBeGreaterThan(PARSE_WORKER_MIN_BYTES);
  });
  afterAll(() => sandbox.remove());

  const interrupted = { code: 130, killedBy: null };
  const killed = { code: null, killedBy: "SIGKILL" };
  it.each([
    { signal: "SIGINT" as const, expected: interrupted, before: 0, journal: "rollback journal" },
    { signal: "SIGKILL" as const, expected: killed, before: 0, journal: "rollback journal" },
    { signal: "SIGINT" as const, expected: interrupted, before: 1, journal: "WAL" },
    { signal: "SIGKILL" as const, expected: killed, before: 1, journal: "WAL" },
  ])(
    "$signal mid-import keeps the previous state ($before rows before: $journal)",
    async ({ signal, expected, before, journal }) => {
      const db = path.join(sandbox.home, `${signal}-${journal}.db`);
      const setup = await sandbox.run([
        "--db",
        db,
        "companies",
        "create",
        "--id",
        company,
        "--name",
        "Interrupted",
        "--country",
        "ES",
      ]);
      expect(setup.code, setup.stderr).toBe(0);
      if (before > 0) {
        const first = path.join(sandbox.home, "one-row.csv");
        writeFileSync(
          first,
          "entityId,building,country,category,startDate,endDate,quantity,unit\nEARLIER,Plant 0,ES,electricity,2023-01-01,2023-01-31,10,kWh\n",
        );
        const earlier = await sandbox.run([
          "--db",
          db,
          "consumptions",
          "import",
          first,
          "--company",
          company,
          "--create-buildings",
        ]);
        expect(earlier.code, earlier.stderr).toBe(0);
      }

      const result = await interruptImport(sandbox, db, csv, signal);
      expect({ code: result.code, killedBy: result.killedBy }, result.stderr).toEqual(expected);
      if (signal === "SIGINT") expect(result.stderr).toMatch(/interrupted/i);

      expect(await storedCount(sandbox, db)).toBe(before);
      const buildings = await sandbox.run([
        "--db",
        db,
        "buildings",
        "list",
        "--company",
        company,
        "--json",
      ]);
      const names: { name: string }[] = JSON.parse(buildings.stdout);
      expect(names.map((b) => b.name)).toEqual(before > 0 ? ["Plant 0"] : []);
    },
  );

  it("imports the whole file when left alone (the built CLI's parse worker)", async () => {
    const db = path.join(sandbox.home, "complete.db");
    const create = ["companies", "create", "--id", company, "--name", "Whole", "--country", "ES"];
    const setup = await sandbox.run(["--db", db, ...create]);
    expect(setup.code, setup.stderr).toBe(0);
    const result = await sandbox.run([
      "--db",
      db,
      "consumptions",
      "import",
      csv,
      "--company",
      company,
      "--create-buildings",
      "--quiet",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(await storedCount(sandbox, db)).toBe(rows);
  });
});
