import { once } from "node:events";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, interruptWhen, type Sandbox } from "./helpers/exec.js";

// Ctrl-C in the middle of a streamed `list --all`: it stops, says so, and exits 130.
const company = "7e1d2c3b-4a5f-4e6d-8c7b-9a0b1c2d3e4f";
const rows = 20_000;

async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write("entityId,building,country,category,startDate,endDate,quantity,unit\n");
  for (let i = 0; i < rows; i += 1) {
    const month = String((i % 12) + 1).padStart(2, "0");
    const line = `BILL-${i},Plant ${i % 3},ES,electricity,2024-${month}-01,2024-${month}-28,${100 + (i % 900)},kWh\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "close");
}

describe("interrupting emissions list --all", () => {
  let sandbox: Sandbox;
  let db: string;
  beforeAll(async () => {
    sandbox = createSandbox();
    db = path.join(sandbox.home, "listed.db");
    const csv = path.join(sandbox.home, "bills.csv");
    await writeCsv(csv);
    const create = ["companies", "create", "--id", company, "--name", "Listed", "--country", "ES"];
    const setup = await sandbox.run(["--db", db, ...create]);
    expect(setup.code, setup.stderr).toBe(0);
    const imported = await sandbox.run([
      "--db",
      db,
      ...["consumptions", "import", csv, "--company", company, "--create-buildings", "--quiet"],
    ]);
    expect(imported.code, imported.stderr).toBe(0);
  });
  afterAll(() => sandbox.remove());

  it("SIGINT while a reader has stopped reading: exit 130, 'interrupted', part of the rows", async () => {
    const result = await interruptWhen(
      sandbox,
      ["--db", db, "emissions", "list", "--all", "--limit", "100", "--format", "tsv"],
      ({ stdout }) => stdout.split("\n").length > 2,
      "SIGINT",
      { stopReading: true },
    );
    expect({ code: result.code, killedBy: result.killedBy }, result.stderr).toEqual({
      code: 130,
      killedBy: null,
    });
    expect(result.stderr).toMatch(/interrupted after \d+ rows/);
    const printed = result.stdout.split("\n").length - 2;
    expect(printed).toBeGreaterThan(0);
    expect(printed).toBeLessThan(rows);
  });
});
