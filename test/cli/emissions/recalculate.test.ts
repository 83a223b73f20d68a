/**
 * `carbon emissions recalculate` on the local engine and through a real carbon serve: a library
 * release that revises a factor moves nothing until the recalculation, which reports the change
 * per company, scope and category, and stores it only when asked (and within --max-change).
 */
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createTestIo } from "../../../src/cli/io.js";
import { main } from "../../../src/cli/main.js";
import { startRealServer } from "../../unit/remote/real-server.js";
import { tempDir } from "../helpers.js";

const COMPANY = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
/** Every line before the revision: 177 + 182.96 direct, 98.61 category 3 (below). */
const BEFORE = 458.57;
/** After it: the electricity's direct line 177 -> 200 kg; its T&D lines have factors of their own. */
const AFTER = 481.57;

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

type Carbon = (...args: string[]) => Promise<Outcome>;

async function run(argv: readonly string[], env: Record<string, string>): Promise<Outcome> {
  const io = createTestIo();
  const code = await main(["node", "carbon", ...argv], { io, env });
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

/**
 * A GB office with one 2025 electricity bill and one natural gas bill, priced with DESNZ 2025:
 * 1000 kWh x 0.177 (UK electricity, 'UK electricity' sheet) = 177 kg and 1000 kWh x 0.18296
 * (natural gas per kWh gross CV, 'Fuels' row 42) = 182.96 kg, with their scope 3 category 3
 * lines: electricity WTT 1000 x 0.0459 ('WTT- UK electricity' row 19) = 45.9, T&D losses
 * 1000 x 0.01853 ('Transmission and distribution' row 22) = 18.53, WTT of T&D 1000 x 0.00397
 * (row 24) = 3.97, natural gas WTT 1000 x 0.03021 ('WTT- fuels' row 41) = 30.21: 98.61 kg, so
 * 458.57 kg in all. Then a "library release" revises the electricity factor to 0.2 (the
 * database's current row is edited, as a migration would load it).
 */
async function seeded(dbPath: string, home: string): Promise<void> {
  const carbon: Carbon = (...args) => run(["--db", dbPath, ...args], { HOME: home });
  expect((await carbon("companies", "create", "--id", COMPANY, "--name", "Acme")).code).toBe(0);
  const building = await carbon(
    "buildings",
    "create",
    "--company",
    COMPANY,
    "--name",
    "London Office",
    "--country",
    "GB",
    "--json",
  );
  expect(building.code).toBe(0);
  for (const [category, quantity] of [
    ["electricity", "1000"],
    ["natural_gas", "1000"],
  ] as const) {
    const outcome = await carbon(
      "consumptions",
      "upsert",
      "--company",
      COMPANY,
      "--building",
      "London Office",
      "--category",
      category,
      "--start",
      "2025-03-01",
      "--end",
      "2025-03-31",
      "--quantity",
      quantity,
      "--unit",
      "kWh",
    );
    expect(outcome.code, outcome.stderr).toBe(0);
  }
  const db = new Database(dbPath);
  const changed = db
    .prepare(
      "UPDATE emission_factors SET co2e = 0.2 WHERE key = 'electricity_grid' AND country = 'GB' AND year = 2025 AND last_release IS NULL",
    )
    .run().changes;
  db.close();
  expect(changed).toBe(1);
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function localCarbon(): Promise<Carbon> {
  const dir = tempDir();
  const dbPath = path.join(dir, "carbon.db");
  await seeded(dbPath, dir);
  return (...args) => run(["--db", dbPath, ...args], { HOME: dir });
}

async function servedCarbon(): Promise<Carbon> {
  const dir = tempDir();
  const dbPath = path.join(dir, "served.db");
  await seeded(dbPath, dir);
  const server = await startRealServer({ dbPath });
  closers.push(() => server.close());
  const env = {
    HOME: tempDir(),
    CARBON_API_URL: server.url,
    CARBON_TOKEN: await server.token({ email: "ana@example.com" }),
  };
  return (...args) => run(args, env);
}

async function totalKg(carbon: Carbon): Promise<number> {
  const listed = await carbon("emissions", "list", "--company", COMPANY, "--json");
  expect(listed.code, listed.stderr).toBe(0);
  const rows: { co2e: number }[] = JSON.parse(listed.stdout);
  return rows.reduce((sum, row) => sum + row.co2e, 0);
}

describe.each([
  ["local engine", localCarbon],
  ["carbon serve", servedCarbon],
] as const)("emissions recalculate on the %s", (_name, open) => {
  it("a dry run reports the change per scope and category and stores nothing", async () => {
    const carbon = await open();
    expect(await totalKg(carbon)).toBeCloseTo(BEFORE, 9);
    const outcome = await carbon("emissions", "recalculate", "--dry-run", "--json");
    expect(outcome.code, outcome.stderr).toBe(0);
    const report = JSON.parse(outcome.stdout);
    expect(report).toMatchObject({ dryRun: true, stored: false, exceeded: false });
    const electricity = report.changes.find(
      (row: { category: string }) => row.category === "purchased_electricity",
    );
    // 1000 kWh x (0.2 - 0.177) = 23 kg; 23 / 177 = 12.99 %.
    expect(electricity.before.co2e).toBeCloseTo(177, 9);
    expect(electricity.after.co2e).toBeCloseTo(200, 9);
    expect(electricity.changeKg).toBeCloseTo(23, 9);
    expect(electricity.changePercent).toBeCloseTo((23 / 177) * 100, 9);
    const gas = report.changes.find(
      (row: { category: string }) => row.category === "stationary_combustion",
    );
    expect(gas.changeKg).toBe(0);
    // The company: 458.57 -> 481.57 kg, +5.02 %.
    expect(report.companies[0].changePercent).toBeCloseTo((23 / BEFORE) * 100, 9);
    expect(outcome.stderr).toContain("dry run: nothing was stored");
    expect(await totalKg(carbon)).toBeCloseTo(BEFORE, 9);
  });

  it("beyond --max-change nothing is stored and it exits 3", async () => {
    const carbon = await open();
    const outcome = await carbon("emissions", "recalculate", "--max-change", "4", "--yes");
    expect(outcome.code).toBe(3);
    expect(outcome.stderr).toContain("by more than --max-change 4 %; nothing was stored");
    expect(outcome.stderr).toContain("BEYOND --max-change");
    expect(outcome.stdout).toContain("purchased_electricity");
    expect(await totalKg(carbon)).toBeCloseTo(BEFORE, 9);
  });

  it("within --max-change, --yes stores the new figures and the audit trail records it", async () => {
    const carbon = await open();
    const outcome = await carbon(
      "emissions",
      "recalculate",
      "--company",
      "Acme",
      "--max-change",
      "10",
      "--yes",
      "--json",
    );
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(JSON.parse(outcome.stdout)).toMatchObject({ stored: true, recalculated: 2 });
    expect(await totalKg(carbon)).toBeCloseTo(AFTER, 9);
    const audit = await carbon("audit", "list", "--json");
    expect(audit.code, audit.stderr).toBe(0);
    const [record] = JSON.parse(audit.stdout);
    expect(record).toMatchObject({
      action: "emissions.recalculate",
      companyId: COMPANY,
      consumptions: 2,
    });
  });

  it("--library prices with a kept release and records its version; an unknown one is exit 5", async () => {
    const carbon = await open();
    const releases = await carbon("factors", "releases", "--json");
    expect(releases.code, releases.stderr).toBe(0);
    const [base] = JSON.parse(releases.stdout);
    expect(base.name).toBe("2025 base library");
    // The base release still has DESNZ 2025's 0.177 for GB electricity: back to what was stored.
    const outcome = await carbon(
      "emissions",
      "recalculate",
      "--library",
      "2025 base library",
      "--yes",
      "--json",
    );
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(JSON.parse(outcome.stdout)).toMatchObject({
      stored: true,
      factorLibraryVersion: base.version,
    });
    expect(await totalKg(carbon)).toBeCloseTo(BEFORE, 9);
    const listed = await carbon("emissions", "list", "--company", COMPANY, "--json");
    const versions = new Set(
      JSON.parse(listed.stdout).map(
        (row: { factorLibraryVersion: string }) => row.factorLibraryVersion,
      ),
    );
    expect([...versions]).toEqual([base.version]);
    const unknown = await carbon(
      "emissions",
      "recalculate",
      "--library",
      "lib-000000000000",
      "--yes",
    );
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain("factor library release lib-000000000000 not found");
  });

  it("needs --yes when stdin is not a terminal; bad flags are usage errors; nothing stored", async () => {
    const carbon = await open();
    const unconfirmed = await carbon("emissions", "recalculate");
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain("needs a confirmation");
    for (const value of ["-1", "five"]) {
      const bad = await carbon("emissions", "recalculate", "--max-change", value, "--yes");
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--max-change");
    }
    const unknown = await carbon("emissions", "recalculate", "--company", "Nobody", "--yes");
    expect(unknown.code).toBe(5);
    expect(await totalKg(carbon)).toBeCloseTo(BEFORE, 9);
  });
});

describe("the engine's own --max-change guard (a request that is not a dry run)", () => {
  it("locally: beyond the limit the transaction rolls back and the report says so", async () => {
    const dir = tempDir();
    const dbPath = path.join(dir, "carbon.db");
    await seeded(dbPath, dir);
    const { openLocalService } = await import("../../../src/backends/local/open.js");
    const service = await openLocalService({ path: dbPath });
    closers.push(() => service.close());
    const report = await service.emissions.recalculate({ maxChangePercent: 4 });
    expect(report).toMatchObject({ dryRun: false, stored: false, exceeded: true });
    const summary = await service.emissions.summarize({ companyId: COMPANY, groupBy: [] });
    expect(summary.totals.co2e).toBeCloseTo(BEFORE, 9);
  });

  it("served: POST /emissions/recalculate beyond the limit answers the report and stores nothing", async () => {
    const dir = tempDir();
    const dbPath = path.join(dir, "served.db");
    await seeded(dbPath, dir);
    const server = await startRealServer({ dbPath });
    closers.push(() => server.close());
    const answer = await fetch(`${server.url}/api/v1/emissions/recalculate`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await server.token()}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ maxChangePercent: 4 }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ stored: false, exceeded: true });
    const summary = await server.local.emissions.summarize({ companyId: COMPANY, groupBy: [] });
    expect(summary.totals.co2e).toBeCloseTo(BEFORE, 9);
  });

  it("served: a member token may not recalculate (403)", async () => {
    const dir = tempDir();
    const dbPath = path.join(dir, "served.db");
    await seeded(dbPath, dir);
    const server = await startRealServer({ dbPath });
    closers.push(() => server.close());
    const answer = await fetch(`${server.url}/api/v1/emissions/recalculate?dryRun=true`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await server.token({ role: "member" })}`,
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(answer.status).toBe(403);
  });
});
