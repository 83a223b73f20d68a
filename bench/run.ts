/**
 * `npm run bench`: speed and memory targets, each measured against a baseline taken in the same
 * run on the same machine, printed as ratios.
 *
 * 1. Import: generates a consumption CSV (1,000,000 rows by default; BENCH_ROWS overrides), times
 *    `carbon consumptions import` of it into a fresh database, and in the same run the sqlite3
 *    CLI's `.import` of the same file (when sqlite3 is installed), alternately BENCH_RUNS times
 *    (default 3). Targets: median ratio <= 3, peak RSS <= 200 MB.
 * 2. Start-up: `carbon --version` against `node -e 0`. Target: ratio <= 2.
 * 3. Remote: a 100,000-row import into `carbon serve` on loopback against a sequential client
 *    (bench/remote.ts; BENCH_REMOTE_ROWS overrides, 0 skips; BENCH_REMOTE_RUNS alternating runs,
 *    default 3, medians). Targets: >= 10x, >= 5,000 rows/s.
 * 4. Streaming list: `emissions list --all` against `emissions export` (tsv) on the database the
 *    import left (bench/list.ts; BENCH_LIST_RUNS alternating runs, default 3, 0 skips). Targets:
 *    ratio <= 1.5, first row < 1 s, peak RSS flat. Results are kept in bench/NOTES.md.
 * 5. PostgreSQL: import and export against psql's \copy, and carbon serve under load on both
 *    stores (bench/postgres.ts; BENCH_PG=0 skips it).
 */
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, "bench", ".data");
const carbonBin = path.join(root, "bin", "carbon.js");
const rssPreload = path.join(root, "bench", "max-rss.mjs");
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const companyId = "0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9e";
const buildings = ["Madrid HQ", "Lisbon Office", "London Office", "Berlin Warehouse"];
const countries = ["ES", "PT", "GB", "DE"];
const categories: ReadonlyArray<readonly [string, string, number]> = [
  ["electricity", "kWh", 12_000],
  ["natural_gas", "kWh", 8_000],
  ["diesel", "l", 400],
  ["water_supply", "m3", 90],
  ["waste_landfill_mixed", "t", 2],
];

interface Run {
  readonly seconds: number;
  /** Peak resident set size in MiB (getrusage reports KiB). */
  readonly maxRssMb: number | null;
  readonly status: number | null;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], env: Record<string, string> = {}): Run {
  const rssFile = path.join(dataDir, `rss-${process.pid}.txt`);
  rmSync(rssFile, { force: true });
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    env: { ...process.env, NO_COLOR: "1", CARBON_BENCH_RSS_FILE: rssFile, ...env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const maxRssMb = existsSync(rssFile) ? Number(readFileSync(rssFile, "utf8")) / 1024 : null;
  return { seconds, maxRssMb, status: result.status, stderr: result.stderr ?? "" };
}

function carbon(args: readonly string[], db: string): Run {
  return run(process.execPath, ["--import", rssPreload, carbonBin, "--db", db, ...args]);
}

function must(result: Run, what: string): Run {
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${result.status}):\n${result.stderr.slice(-2000)}`);
  }
  return result;
}

async function generateCsv(file: string): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const out = createWriteStream(`${file}.tmp`);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write("entityId,building,country,category,startDate,endDate,quantity,unit\n");
  let chunk = "";
  for (let i = 0; i < rows; i += 1) {
    const building = i % buildings.length;
    const [category, unit, scale] = categories[i % categories.length] ?? ["electricity", "kWh", 1];
    const month = (Math.floor(i / 20) % 12) + 1;
    const year = 2021 + (Math.floor(i / 240) % 4);
    const mm = String(month).padStart(2, "0");
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const quantity = ((i * 7919) % 1000) / 1000 + scale * (0.5 + ((i * 104729) % 1000) / 1000);
    chunk += `INV-${String(i).padStart(8, "0")},${buildings[building]},${countries[building]},${category},${year}-${mm}-01,${year}-${mm}-${last},${quantity.toFixed(3)},${unit}\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = "";
    }
  }
  await write(chunk);
  out.end();
  await once(out, "close");
  spawnSync("mv", [`${file}.tmp`, file]);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function hasSqlite3(): boolean {
  return spawnSync("sqlite3", ["-version"]).status === 0;
}

function fmt(n: number, digits = 2): string {
  return n.toFixed(digits);
}

/** A peak RSS in MiB, with its size in MB (10^6 bytes, what the target is written in). */
function rss(mib: number): string {
  return `${fmt(mib, 0)} MiB = ${fmt((mib * 1024 * 1024) / 1e6, 0)} MB`;
}

function importOnce(csv: string): Run {
  const db = path.join(dataDir, "bench.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${db}${suffix}`, { force: true });
  must(
    carbon(["companies", "create", "--id", companyId, "--name", "Bench Co", "--country", "ES"], db),
    "companies create",
  );
  return must(
    carbon(
      ["consumptions", "import", csv, "--company", companyId, "--create-buildings", "--quiet"],
      db,
    ),
    "carbon consumptions import",
  );
}

function baselineOnce(csv: string): Run {
  const baseDb = path.join(dataDir, "baseline.db");
  rmSync(baseDb, { force: true });
  return must(
    run("sqlite3", [baseDb, "-cmd", ".mode csv", `.import ${csv} consumptions`]),
    "sqlite3 .import",
  );
}

/**
 * The import and the sqlite3 baseline run alternately BENCH_RUNS times (default 3), so a noisy
 * moment on a shared machine weighs on both sides of a pair; medians and the median of the
 * per-pair ratios are reported, with the highest peak RSS of all the imports.
 */
async function benchImport(): Promise<void> {
  const csv = path.join(dataDir, `consumptions-${rows}.csv`);
  await generateCsv(csv);
  const sizeMb = statSync(csv).size / 1024 / 1024;
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const baseline = hasSqlite3();
  console.log(
    `\nimport: ${rows.toLocaleString("en")} rows, ${fmt(sizeMb, 1)} MB CSV, ${runs} alternating run${runs === 1 ? "" : "s"}`,
  );
  const ours: number[] = [];
  const base: number[] = [];
  const ratios: number[] = [];
  let maxRss: number | null = null;
  for (let i = 0; i < runs; i += 1) {
    const mine = importOnce(csv);
    ours.push(mine.seconds);
    if (mine.maxRssMb !== null) maxRss = Math.max(maxRss ?? 0, mine.maxRssMb);
    let line = `  run ${i + 1}: carbon ${fmt(mine.seconds)} s, peak RSS ${mine.maxRssMb === null ? "n/a" : rss(mine.maxRssMb)}`;
    if (baseline) {
      const theirs = baselineOnce(csv);
      base.push(theirs.seconds);
      ratios.push(mine.seconds / theirs.seconds);
      line += `; sqlite3 ${fmt(theirs.seconds)} s; ratio ${fmt(mine.seconds / theirs.seconds)}x`;
    }
    console.log(line);
  }
  const seconds = median(ours);
  console.log(
    `  carbon consumptions import   ${fmt(seconds)} s (median)   ${Math.round(rows / seconds).toLocaleString("en")} rows/s   peak RSS ${maxRss === null ? "n/a" : rss(maxRss)} (max; target <= 200 MB)`,
  );
  if (!baseline) {
    console.log("  sqlite3 CLI not found: no baseline, no ratio (install sqlite3 to compare)");
    return;
  }
  console.log(`  sqlite3 .import (baseline)   ${fmt(median(base))} s (median)`);
  console.log(
    `  ratio carbon / sqlite3        ${fmt(median(ratios))}x (median of the per-run ratios; target <= 3)`,
  );
}

function benchStartup(): void {
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 15);
  const node: number[] = [];
  const ours: number[] = [];
  run(process.execPath, ["-e", "0"]);
  run(process.execPath, [carbonBin, "--version"]);
  for (let i = 0; i < runs; i += 1) {
    node.push(run(process.execPath, ["-e", "0"]).seconds);
    ours.push(must(run(process.execPath, [carbonBin, "--version"]), "carbon --version").seconds);
  }
  const a = median(ours);
  const b = median(node);
  console.log(`\nstart-up: median of ${runs} alternating runs`);
  console.log(`  carbon --version   ${fmt(a * 1000, 1)} ms`);
  console.log(`  node -e 0          ${fmt(b * 1000, 1)} ms (baseline)`);
  console.log(`  ratio              ${fmt(a / b)}x (target <= 2)`);
}

console.log(`carbon bench (Node ${process.version}, ${process.platform}/${process.arch})`);
benchStartup();
await benchImport();

// 4. The streaming list, on the database the import left (bench/list.ts), loaded as .ts too.
const listBench: { benchList(db: string): Promise<void> } = await import(
  path.join(root, "bench", "list.ts")
);
await listBench.benchList(path.join(dataDir, "bench.db"));

// 3. Remote import into `carbon serve` on loopback against a sequential client (bench/remote.ts).
// Loaded at run time as .ts (Node strips the types); BENCH_REMOTE_ROWS=0 skips it.
if (Number(process.env.BENCH_REMOTE_ROWS ?? 100_000) > 0) {
  const remote: { benchRemoteImport(): Promise<void> } = await import(
    path.join(root, "bench", "remote.ts")
  );
  await remote.benchRemoteImport();
}

// 5. PostgreSQL: import, export and carbon serve on a throwaway server (bench/postgres.ts);
// BENCH_PG=0 skips it.
if (process.env.BENCH_PG !== "0") {
  const postgres: { benchPostgres(sqliteDb: string, csv: string): Promise<void> } = await import(
    path.join(root, "bench", "postgres.ts")
  );
  await postgres.benchPostgres(
    path.join(dataDir, "bench.db"),
    path.join(dataDir, `consumptions-${rows}.csv`),
  );
}
