/**
 * Two `carbon serve` processes of the built binary on one PostgreSQL database serve the same
 * data: a token minted once works on both, a write through one is read through the other, two
 * imports into one company at once end exact, two moves of one building at once move it once,
 * and an import resumes through the other server after its first server was killed (SIGKILL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresDatabase } from "../support/postgres-databases.js";
import { createSandbox, interruptWhen, repoRoot, type Sandbox } from "./helpers/exec.js";

const company = "6d1e3f5a-2c4b-4d7e-9f80-1a2b3c4d5e6f";
const other = "7e2f4a6b-3d5c-4e8f-a091-2b3c4d5e6f70";
const third = "8f3a5b7c-4e6d-4f90-b1a2-3c4d5e6f7081";
const bin = path.join(repoRoot, "bin", "carbon.js");

function rowId(n: number): string {
  return `e5000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

/** Rows `from` to `to` (excluded), in three buildings, each quantity 1000 + n % 500 kWh. */
function writeCsv(file: string, from: number, to: number): void {
  const lines = ["id,entityId,building,country,category,startDate,endDate,quantity,unit"];
  for (let n = from; n < to; n += 1) {
    const month = String((n % 12) + 1).padStart(2, "0");
    lines.push(
      `${rowId(n)},INV-${n},Plant ${n % 3},ES,electricity,2024-${month}-01,2024-${month}-28,${1000 + (n % 500)},kWh`,
    );
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

function quantities(from: number, to: number): number {
  let sum = 0;
  for (let n = from; n < to; n += 1) sum += 1000 + (n % 500);
  return sum;
}

interface Serve {
  readonly url: string;
  readonly child: ChildProcess;
}

function startServe(sandbox: Sandbox, db: string): Promise<Serve> {
  const child = spawn(process.execPath, [bin, "--db", db, "serve", "--port", "0"], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, NO_COLOR: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let head = "";
  return new Promise<Serve>((resolve, reject) => {
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      if (head.length < 4096) head += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(head);
      if (match?.[1] !== undefined) resolve({ url: match[1], child });
    });
    child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${head}`)));
  });
}

async function stop(serve: Serve): Promise<void> {
  if (serve.child.exitCode !== null || serve.child.signalCode !== null) return;
  serve.child.kill("SIGTERM");
  await once(serve.child, "exit");
}

describe("two carbon serve processes on one PostgreSQL database", () => {
  let sandbox: Sandbox;
  let database: Awaited<ReturnType<typeof postgresDatabase>>;
  let token: string;
  let a: Serve;
  let b: Serve;
  const remote = (serve: Serve, ...args: string[]) =>
    sandbox.run(["--api-url", serve.url, "--token", token, ...args]);
  const json = async (serve: Serve, ...args: string[]) => {
    const result = await remote(serve, ...args, "--json");
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };

  beforeAll(async () => {
    sandbox = createSandbox();
    database = await postgresDatabase({ migrated: true });
    const db = database.url;
    for (const [id, name] of [
      [company, "Shared"],
      [other, "Other"],
      [third, "Third"],
    ] as const) {
      const created = await sandbox.run([
        "--db",
        db,
        "companies",
        "create",
        "--id",
        id,
        "--name",
        name,
        "--country",
        "ES",
      ]);
      expect(created.code, created.stderr).toBe(0);
    }
    const minted = await sandbox.run(["serve", "token", "--user", "a@b.co", "--role", "admin"], {
      env: { CARBON_DB: db },
    });
    expect(minted.code, minted.stderr).toBe(0);
    token = minted.stdout.trim();
    [a, b] = await Promise.all([startServe(sandbox, db), startServe(sandbox, db)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter((serve) => serve !== undefined).map(stop));
    await database?.drop();
    sandbox?.remove();
  });

  it("accept one token and answer one instance id, and what one writes the other reads", async () => {
    const building = "b1000000-0000-4000-8000-000000000001";
    await json(a, "buildings", "create", "--id", building, "--company", company, "--name", "HQ");
    const read = await json(b, "buildings", "get", building);
    expect(read).toMatchObject({ id: building, companyId: company, name: "HQ" });
    const [whoA, whoB] = (await Promise.all([
      fetch(`${a.url}/api/v1/auth/who-am-i`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      }).then((answer) => answer.json()),
      fetch(`${b.url}/api/v1/auth/who-am-i`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      }).then((answer) => answer.json()),
    ])) as [{ instanceId?: string }, { instanceId?: string }];
    expect(whoA.instanceId).toBeDefined();
    expect(whoA.instanceId).toBe(whoB.instanceId);
  }, 60_000);

  it("two imports into one company at once, one through each server, end exact", async () => {
    const first = path.join(sandbox.home, "first.csv");
    const second = path.join(sandbox.home, "second.csv");
    // Rows 500-999 are in both files, with the same figures.
    writeCsv(first, 0, 1000);
    writeCsv(second, 500, 1500);
    const args = (csv: string) => [
      "consumptions",
      "import",
      csv,
      "--company",
      company,
      "--create-buildings",
    ];
    const [one, two] = await Promise.all([remote(a, ...args(first)), remote(b, ...args(second))]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    const listed: { id: string; quantity: number }[] = await json(
      b,
      "consumptions",
      "list",
      "--company",
      company,
      "--all",
    );
    expect(new Set(listed.map((row) => row.id)).size).toBe(1500);
    expect(listed.reduce((sum, row) => sum + row.quantity, 0)).toBe(quantities(0, 1500));
  }, 120_000);

  it("two moves of one building at once, one through each server: one moves it whole, the other gets 409", async () => {
    const buildings: { id: string; name: string }[] = await json(
      a,
      "buildings",
      "list",
      "--company",
      company,
    );
    const plant = buildings.find((building) => building.name === "Plant 0");
    if (plant === undefined) throw new Error("the import made no Plant 0");
    // Both requests at once, each as carbon buildings move sends it after its plan: the
    // building is expected in "Shared". Whichever commits first moves it; the other, run
    // beside it or after it, finds it elsewhere and is refused with 409.
    const move = (serve: Serve) =>
      fetch(`${serve.url}/api/v1/buildings/move?expectedCompanyIds=${company}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ buildingIds: [plant.id], companyId: other }),
      });
    const answers = await Promise.all([move(a), move(b)]);
    const statuses = answers.map((answer) => answer.status).sort();
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(statuses, bodies.join("\n")).toEqual([200, 409]);
    expect(bodies.join("\n")).toContain("another move got there first");
    const moved = await json(b, "buildings", "get", plant.id);
    expect(moved.companyId).toBe(other);
    const rows = await json(a, "consumptions", "list", "--company", other, "--limit", "1");
    expect(rows.pagination?.total ?? rows.length).toBeGreaterThan(0);
    const left: { buildingId: string }[] = await json(
      a,
      "consumptions",
      "list",
      "--company",
      company,
      "--all",
    );
    expect(left.filter((row) => row.buildingId === plant.id)).toHaveLength(0);
    const audit: unknown[] = await json(a, "audit", "list", "--building", plant.id);
    expect(audit).toHaveLength(1);
  }, 60_000);

  it("an import whose server is killed (SIGKILL) resumes through the other, exact", async () => {
    const csv = path.join(sandbox.home, "resumed.csv");
    writeCsv(csv, 10_000, 15_000);
    const victim = await startServe(sandbox, database.url);
    const args = (serve: Serve, ...extra: string[]) => [
      "--api-url",
      serve.url,
      "--token",
      token,
      "consumptions",
      "import",
      csv,
      "--company",
      third,
      "--create-buildings",
      ...extra,
    ];
    let killed = false;
    const stopped = await interruptWhen(
      sandbox,
      args(victim),
      async () => {
        if (killed) return true;
        const answer = (await fetch(`${b.url}/api/v1/consumptions?companyId=${third}&limit=1`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((response) => response.json())) as { pagination?: { total: number } };
        if (answer.pagination === undefined) throw new Error(JSON.stringify(answer));
        if (answer.pagination.total < 1000) return false;
        victim.child.kill("SIGKILL");
        killed = true;
        return true;
      },
      "SIGINT",
    );
    expect(stopped.code).not.toBe(0);
    const resumed = await sandbox.run([...args(b, "--resume"), "--json"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const listed: unknown[] = await json(b, "consumptions", "list", "--company", third, "--all");
    expect(listed).toHaveLength(5000);
  }, 180_000);
});
