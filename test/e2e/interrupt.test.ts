import { once } from "node:events";
import { createWriteStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, interruptWhen, type Sandbox } from "./helpers/exec.js";

// Ctrl-C or a crash in the middle of an import leaves the old state: never half a file.
const company = "5c9d2e4f-1b3a-4c6d-8e7f-9a0b1c2d3e4f";
const rows = 300_000;

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
  const page = await sandbox.run([
    "--db",
    db,
    "emissions",
    "export",
    "--company",
    company,
    "--group-by",
    "scope",
    "--format",
    "json",
  ]);
  const doc: { totals: { count: number } } = JSON.parse(page.stdout);
  return doc.totals.count;
}

/** Starts an import and sends `signal` once the database's write-ahead log shows writes under way. */
function interruptImport(sandbox: Sandbox, db: string, csv: string, signal: NodeJS.Signals) {
  const wal = `${db}-wal`;
  return interruptWhen(
    sandbox,
    ["--db", db, "consumptions", "import", csv, "--company", company, "--create-buildings"],
    () => existsSync(wal) && statSync(wal).size > 4 * 1024 * 1024,
    signal,
  );
}

describe("interrupting an import", () => {
  let sandbox: Sandbox;
  let csv: string;
  beforeAll(async () => {
    sandbox = createSandbox();
    csv = path.join(sandbox.home, "big.csv");
    await writeBigCsv(csv);
  });
  afterAll(() => sandbox.remove());

  it.each([
    { signal: "SIGINT" as const, expected: { code: 130, killedBy: null } },
    { signal: "SIGKILL" as const, expected: { code: null, killedBy: "SIGKILL" } },
  ])("$signal mid-import keeps the previous state", async ({ signal, expected }) => {
    const db = path.join(sandbox.home, `${signal}.db`);
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

    const result = await interruptImport(sandbox, db, csv, signal);
    expect({ code: result.code, killedBy: result.killedBy }, result.stderr).toEqual(expected);
    if (signal === "SIGINT") expect(result.stderr).toMatch(/interrupted/i);

    expect(await storedCount(sandbox, db)).toBe(0);
    const buildings = await sandbox.run([
      "--db",
      db,
      "buildings",
      "list",
      "--company",
      company,
      "--json",
    ]);
    expect(JSON.parse(buildings.stdout)).toEqual([]);
  });

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
