/**
 * The built binary against `carbon serve`: an import killed (SIGKILL) or interrupted (SIGINT)
 * half-way, then resumed with --resume, ends with exactly the file's rows on the server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateDir } from "../../src/cli/paths.js";
import { createSandbox, interruptWhen, repoRoot, type Sandbox } from "./helpers/exec.js";

const company = "6d1e3f5a-2c4b-4d7e-9f80-1a2b3c4d5e6f";
const rows = 10_000;
const bin = path.join(repoRoot, "bin", "carbon.js");

function rowId(n: number): string {
  return `e5000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

function writeCsv(file: string): void {
  const lines = ["id,entityId,building,country,category,startDate,endDate,quantity,unit"];
  for (let n = 0; n < rows; n += 1) {
    const month = String((n % 12) + 1).padStart(2, "0");
    lines.push(
      `${rowId(n)},INV-${n},Plant ${n % 3},ES,electricity,2024-${month}-01,2024-${month}-28,${1000 + (n % 500)},kWh`,
    );
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

interface Serve {
  readonly url: string;
  readonly token: string;
  readonly child: ChildProcess;
}

async function startServe(sandbox: Sandbox, db: string): Promise<Serve> {
  const created = await sandbox.run([
    "--db",
    db,
    "companies",
    "create",
    "--id",
    company,
    "--name",
    "Resumed",
    "--country",
    "ES",
  ]);
  expect(created.code, created.stderr).toBe(0);
  const minted = await sandbox.run([
    "serve",
    "token",
    "--user",
    "a@b.co",
    "--role",
    "admin",
    "--db",
    db,
  ]);
  expect(minted.code, minted.stderr).toBe(0);
  const child = spawn(process.execPath, [bin, "--db", db, "serve", "--port", "0"], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, NO_COLOR: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let head = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      if (head.length < 4096) head += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(head);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${head}`)));
  });
  return { url, token: minted.stdout.trim(), child };
}

async function storedIds(serve: Serve): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetch(
      `${serve.url}/api/v1/consumptions?companyId=${company}&limit=500&page=${page}`,
      { headers: { authorization: `Bearer ${serve.token}` } },
    );
    const body = (await answer.json()) as { data: { id: string }[] };
    ids.push(...body.data.map((row) => row.id));
    if (body.data.length < 500) return ids;
  }
}

async function storedTotal(serve: Serve): Promise<number> {
  const answer = await fetch(`${serve.url}/api/v1/consumptions?companyId=${company}&limit=1`, {
    headers: { authorization: `Bearer ${serve.token}` },
  });
  const body = (await answer.json()) as { pagination: { total: number } };
  return body.pagination.total;
}

function importArgs(serve: Serve, csv: string, ...extra: string[]): string[] {
  return [
    "--api-url",
    serve.url,
    "--token",
    serve.token,
    "consumptions",
    "import",
    csv,
    "--company",
    company,
    "--create-buildings",
    ...extra,
  ];
}

/** The journals of imports against a server, in the sandbox's state folder. */
function journals(sandbox: Sandbox): string[] {
  // Where the import command keeps them (commands/consumptions/import.ts).
  const dir = path.join(stateDir({ HOME: sandbox.home }), "imports");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".journal"))
    .map((name) => path.join(dir, name));
}

/** Consumption ids a journal records as confirmed (its lines after the header). */
function journaled(file: string): number {
  const lines = readFileSync(file, "utf8").split("\n");
  return lines.slice(1).filter((line) => /^[0-9a-f-]{36}$/.test(line)).length;
}

/**
 * Starts the import and sends `signal` once the client's journal records 3,000 rows the server
 * confirmed: what --resume skips is what the journal holds, not what the server stored (the
 * server stores a batch before the client hears of it and writes it down).
 */
function interrupt(sandbox: Sandbox, serve: Serve, csv: string, signal: NodeJS.Signals) {
  const earlier = new Set(journals(sandbox));
  return interruptWhen(
    sandbox,
    importArgs(serve, csv),
    () => journals(sandbox).some((file) => !earlier.has(file) && journaled(file) >= 3000),
    signal,
  );
}

describe("an import against a server, interrupted and resumed", () => {
  let sandbox: Sandbox;
  let csv: string;
  const servers: Serve[] = [];
  beforeAll(() => {
    sandbox = createSandbox();
    csv = path.join(sandbox.home, "big.csv");
    writeCsv(csv);
  });
  afterAll(async () => {
    for (const serve of servers) {
      serve.child.kill("SIGTERM");
      if (serve.child.exitCode === null) await once(serve.child, "exit");
    }
    sandbox.remove();
  });

  it.each([
    { signal: "SIGKILL" as const, expected: { code: null, killedBy: "SIGKILL" } },
    { signal: "SIGINT" as const, expected: { code: 130, killedBy: null } },
  ])(
    "$signal mid-import, then --resume sends only the rest",
    async ({ signal, expected }) => {
      const serve = await startServe(sandbox, path.join(sandbox.home, `${signal}.db`));
      servers.push(serve);
      const stopped = await interrupt(sandbox, serve, csv, signal);
      expect({ code: stopped.code, killedBy: stopped.killedBy }, stopped.stderr).toEqual(expected);
      if (signal === "SIGINT") expect(stopped.stderr).toContain("--resume");
      const before = await storedTotal(serve);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(rows);

      const resumed = await sandbox.run([...importArgs(serve, csv, "--resume"), "--json"]);
      expect(resumed.code, resumed.stderr).toBe(0);
      const report: {
        resumedSkipped: number;
        inserted: number;
        updated: number;
        unchanged: number;
      } = JSON.parse(resumed.stdout);
      const sent = report.inserted + report.updated + report.unchanged;
      expect(report.resumedSkipped).toBeGreaterThan(0);
      expect(sent).toBeLessThan(rows);
      expect(sent + report.resumedSkipped).toBe(rows);

      const ids = await storedIds(serve);
      expect(ids).toHaveLength(rows);
      expect(new Set(ids)).toEqual(new Set(Array.from({ length: rows }, (_, n) => rowId(n))));
    },
    120_000,
  );
});
