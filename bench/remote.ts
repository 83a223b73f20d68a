/**
 * Remote import bench (part of `npm run bench`; bench/run.ts calls `benchRemoteImport()`):
 * a 100,000-row CSV (BENCH_REMOTE_ROWS overrides) imported with
 * `carbon --api-url … consumptions import` (default --concurrency 8) into `carbon serve` on
 * loopback, against a plain sequential client (bench/sequential-client.ts: one POST at a time,
 * awaiting each) sending the same rows with the same ids into a second fresh server, in the same
 * run, alternately BENCH_REMOTE_RUNS times (default 3; medians). Targets: >= 10x the sequential
 * client and >= 5,000 rows/s.
 *
 * Needs the build (`npm run bench` builds first): ids come from dist/ the way the CLI makes them.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SequentialRow } from "./sequential-client.js";

type SequentialModule = typeof import("./sequential-client.js");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, "bench", ".data");
const carbonBin = path.join(root, "bin", "carbon.js");
const companyId = "2d7c3b1a-6e5f-4a9b-8c7d-1e2f3a4b5c6d";
const buildings = [
  ["Madrid HQ", "ES"],
  ["Lisbon Office", "PT"],
  ["London Office", "GB"],
  ["Berlin Warehouse", "DE"],
] as const;
const categories = [
  ["electricity", "kWh", 12_000],
  ["natural_gas", "kWh", 8_000],
  ["diesel", "l", 400],
] as const;

interface IdsModule {
  categoryId(code: string): string;
  consumptionId(key: {
    companyId: string;
    buildingId: string;
    categoryId: string;
    entityId: string;
    startDate: string;
    endDate: string;
  }): string;
}
interface ReferencesModule {
  plannedBuildingId(companyId: string, name: string): string;
}

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
}

function carbon(args: readonly string[], home: string): string {
  const result = spawnSync(process.execPath, [carbonBin, ...args], {
    env: { ...process.env, HOME: home, NO_COLOR: "1" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`carbon ${args.join(" ")} failed (exit ${result.status}):\n${result.stderr}`);
  }
  return result.stdout.trim();
}

async function startServe(db: string, home: string): Promise<Server> {
  const child = spawn(process.execPath, [carbonBin, "--db", db, "serve", "--port", "0"], {
    env: { ...process.env, HOME: home, NO_COLOR: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let seen = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      if (seen.length < 4096) seen += chunk; // then drain the request log unread
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`carbon serve exited (${code}): ${seen}`)));
  });
  return { url, child };
}

async function stopServe(server: Server): Promise<void> {
  const exited = once(server.child, "exit");
  server.child.kill("SIGTERM");
  await exited;
}

/** The CSV and, for the sequential client, the same rows as the CLI sends them. */
async function generate(file: string, rows: number): Promise<SequentialRow[]> {
  const ids = (await import(path.join(root, "dist/core/ids.js"))) as IdsModule;
  const refs = (await import(path.join(root, "dist/import/references.js"))) as ReferencesModule;
  const lines = ["entityId,building,country,category,startDate,endDate,quantity,unit"];
  const inputs: SequentialRow[] = [];
  for (let i = 0; i < rows; i += 1) {
    const [name, country] = buildings[i % buildings.length] ?? buildings[0];
    const [code, unit, scale] = categories[i % categories.length] ?? categories[0];
    const month = (Math.floor(i / 20) % 12) + 1;
    const year = 2021 + (Math.floor(i / 240) % 4);
    const mm = String(month).padStart(2, "0");
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const quantity = Number((scale * (0.5 + ((i * 104729) % 1000) / 1000)).toFixed(3));
    const entityId = `INV-${String(i).padStart(8, "0")}`;
    const start = `${year}-${mm}-01`;
    const end = `${year}-${mm}-${last}`;
    lines.push(`${entityId},${name},${country},${code},${start},${end},${quantity},${unit}`);
    const buildingId = refs.plannedBuildingId(companyId, name);
    const categoryId = ids.categoryId(code);
    const startDate = `${start}T00:00:00.000Z`;
    const endDate = `${end}T00:00:00.000Z`;
    const id = ids.consumptionId({
      companyId,
      buildingId,
      categoryId,
      entityId,
      startDate,
      endDate,
    });
    inputs.push({
      id,
      entityId,
      categoryId,
      startDate,
      endDate,
      companyId,
      buildingId,
      quantity,
      unitType: unit,
    });
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
  return inputs;
}

/** A fresh database with the company, served on port 0, and an admin token for it. */
async function freshServer(dir: string, name: string): Promise<Server & { token: string }> {
  const db = path.join(dir, `${name}.db`);
  carbon(
    ["--db", db, "companies", "create", "--id", companyId, "--name", "Bench", "--country", "ES"],
    dir,
  );
  const token = carbon(
    ["--db", db, "serve", "token", "--user", "bench@example.com", "--role", "admin"],
    dir,
  );
  return { ...(await startServe(db, dir)), token };
}

function fmt(n: number, digits = 2): string {
  return n.toFixed(digits);
}

/** One `carbon consumptions import` into a fresh server: seconds, CLI start and pass 1 included. */
async function cliOnce(dir: string, csv: string, run: number): Promise<number> {
  const ours = await freshServer(dir, `cli-${run}`);
  try {
    const started = process.hrtime.bigint();
    const args = ["--api-url", ours.url, "--token", ours.token, "consumptions", "import", csv];
    carbon([...args, "--company", companyId, "--create-buildings", "--quiet"], dir);
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    await stopServe(ours);
  }
}

/** The sequential client sending the same rows into a fresh server (buildings first, untimed). */
async function sequentialOnce(dir: string, inputs: SequentialRow[], run: number): Promise<number> {
  const base = await freshServer(dir, `sequential-${run}`);
  try {
    const refs = (await import(path.join(root, "dist/import/references.js"))) as ReferencesModule;
    for (const [name, country] of buildings) {
      const id = refs.plannedBuildingId(companyId, name);
      const body = JSON.stringify({ id, companyId, name, country });
      const answer = await fetch(`${base.url}/api/v1/buildings`, {
        method: "POST",
        headers: { authorization: `Bearer ${base.token}`, "content-type": "application/json" },
        body,
      });
      if (!answer.ok) throw new Error(`POST /buildings answered ${answer.status}`);
    }
    // Node runs the .ts file itself (type stripping); the types come from the same file.
    const sequential = new URL("./sequential-client.ts", import.meta.url).href;
    const { sendSequentially } = (await import(sequential)) as SequentialModule;
    const started = process.hrtime.bigint();
    await sendSequentially(base.url, base.token, inputs);
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    await stopServe(base);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function rate(rows: number, seconds: number): string {
  return `${Math.round(rows / seconds).toLocaleString("en")} rows/s`;
}

/**
 * The import and the sequential client run alternately BENCH_REMOTE_RUNS times (default 3), each
 * into a fresh server, so a noisy moment on a shared machine weighs on both sides of a pair;
 * medians and the median of the per-pair ratios are reported.
 */
export async function benchRemoteImport(): Promise<void> {
  const rows = Number(process.env.BENCH_REMOTE_ROWS ?? 100_000);
  const runs = Math.max(1, Number(process.env.BENCH_REMOTE_RUNS ?? 3));
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  const dir = mkdtempSync(path.join(dataDir, "remote-"));
  try {
    const csv = path.join(dir, "remote.csv");
    const inputs = await generate(csv, rows);
    console.log(
      `\nremote import: ${rows.toLocaleString("en")} rows into carbon serve on loopback, ${runs} alternating run${runs === 1 ? "" : "s"}`,
    );
    const ours: number[] = [];
    const base: number[] = [];
    const ratios: number[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const cli = await cliOnce(dir, csv, run);
      const seq = await sequentialOnce(dir, inputs, run);
      ours.push(cli);
      base.push(seq);
      ratios.push(seq / cli);
      console.log(
        `  run ${run}: carbon ${fmt(cli)} s (${rate(rows, cli)}); sequential ${fmt(seq)} s (${rate(rows, seq)}); ratio ${fmt(seq / cli)}x`,
      );
    }
    const cliSeconds = median(ours);
    const seqSeconds = median(base);
    console.log(
      `  carbon consumptions import   ${fmt(cliSeconds)} s (median)  ${rate(rows, cliSeconds)} (target >= 5,000)`,
    );
    console.log(
      `  sequential client (baseline) ${fmt(seqSeconds)} s (median)  ${rate(rows, seqSeconds)}`,
    );
    console.log(
      `  ratio carbon / sequential    ${fmt(median(ratios))}x (median of the per-run ratios; target >= 10)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main === true) await benchRemoteImport();
