/**
 * The PostgreSQL bench (part of `npm run bench`; BENCH_PG=0 skips it): a throwaway PostgreSQL
 * server of its own (test/support/postgres-cluster.ts, the test tier's), then, each against a
 * baseline measured in the same run:
 *
 * 1. Import: `carbon consumptions import` of the import bench's CSV (its first BENCH_PG_ROWS
 *    rows, default 200,000) into a fresh PostgreSQL database, against `psql \copy` of the same
 *    file into a plain table, alternately BENCH_PG_RUNS times (default 2). Target: <= 3x, peak
 *    RSS <= 200 MB. Beside it, the store's floor: the stored rows copied into an empty table with
 *    the consumptions table's indexes, against the same baseline.
 * 2. Export: `carbon emissions export --format csv` of those lines against `psql \copy (SELECT
 *    … the same join) TO STDOUT`. Target: <= 1.5x.
 * 3. `carbon serve` under 50 connections (wrk, one thread, 10 s each, loopback): a page of 100
 *    emissions and a consumption upsert, on SQLite, on PostgreSQL with one process, and with two
 *    processes (25 connections each, their requests/s added). Target on either store, one
 *    process: >= 300 requests/s, p99 <= 500 ms. Skipped without wrk.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, "bench", ".data");
const carbonBin = path.join(root, "bin", "carbon.js");
const rssPreload = path.join(root, "bench", "max-rss.mjs");
const companyId = "0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9e";

interface Timed {
  readonly seconds: number;
  readonly maxRssMb: number | null;
  readonly stdout: string;
}

function timed(command: string, args: readonly string[], env: Record<string, string> = {}): Timed {
  const rssFile = path.join(dataDir, `rss-pg-${process.pid}.txt`);
  rmSync(rssFile, { force: true });
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    env: { ...process.env, NO_COLOR: "1", CARBON_BENCH_RSS_FILE: rssFile, ...env },
    encoding: "utf8",
    maxBuffer: 1024 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${(result.stderr ?? "").slice(-2000)}`);
  }
  const maxRssMb = existsSync(rssFile) ? Number(readFileSync(rssFile, "utf8")) / 1024 : null;
  return { seconds, maxRssMb, stdout: result.stdout ?? "" };
}

function carbon(db: string, args: readonly string[]): Timed {
  return timed(process.execPath, ["--import", rssPreload, carbonBin, "--db", db, ...args]);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** The emission lines as the export writes them, by the same join, for psql's COPY. */
const EXPORT_JOIN = `SELECT c.id, c.entity_id, co.id, b.id, b.name, k.code, k.scope, c.start_date,
  c.end_date, c.quantity, c.unit, c.co2e, c.co2, c.ch4, c.n2o, c.co2e_market, p.factor_id,
  p.factor_source, p.factor_year, p.library_version
  FROM consumptions c JOIN companies co ON co.ref = c.company_ref
  JOIN buildings b ON b.company_ref = c.company_ref AND b.ref = c.building_ref
  JOIN categories k ON k.ref = c.category_ref
  LEFT JOIN emission_provenance p ON p.ref = c.provenance_ref
  ORDER BY c.company_ref, c.start_date, c.ref`;

async function serveOn(db: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [carbonBin, "--db", db, "serve", "--port", "0"], {
    env: {
      ...process.env,
      NO_COLOR: "1",
      CARBON_JWT_SECRET: "a bench secret of at least thirty-two bytes",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let head = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      head += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(head);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${head}`)));
  });
  return { url, child };
}

interface Load {
  readonly rps: number;
  readonly p99Ms: number;
}

/** wrk's requests/s and p99 (ms) for `connections` connections on `url` for 10 s. */
function wrk(url: string, connections: number, script?: string): Promise<Load> {
  const args = [
    "-t1",
    `-c${connections}`,
    "-d10s",
    "--latency",
    ...(script === undefined ? [] : ["-s", script]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    child.once("exit", () => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
      const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
      if (rps === undefined || p99 === null) return reject(new Error(`wrk: ${out}`));
      const unit = p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1;
      resolve({ rps: Number(rps), p99Ms: Number(p99[1]) * unit });
    });
  });
}

function upsertScript(token: string, buildingId: string, categoryId: string): string {
  const file = path.join(dataDir, "upsert.lua");
  writeFileSync(
    file,
    `local counter = 0
request = function()
  counter = counter + 1
  local n = (counter * 7919 + math.random(0, 9999)) % 10000
  local id = string.format("5a1d0000-0000-4000-8000-%012d", n)
  local body = string.format('{"id":"%s","entityId":"WRK-%d","categoryId":"${categoryId}","startDate":"2024-03-01T00:00:00.000Z","endDate":"2024-03-31T00:00:00.000Z","companyId":"${companyId}","buildingId":"${buildingId}","quantity":%d,"unitType":"kWh"}', id, n, 1000 + counter % 500)
  return wrk.format("POST", "/api/v1/consumptions", {["Content-Type"]="application/json", ["Authorization"]="Bearer ${token}"}, body)
end
`,
  );
  return file;
}

function pageScript(token: string): string {
  const file = path.join(dataDir, "page.lua");
  writeFileSync(
    file,
    `wrk.headers["Authorization"] = "Bearer ${token}"
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/api/v1/emissions?companyId=${companyId}&limit=100&page=" .. (counter % 50 + 1))
end
`,
  );
  return file;
}

async function loadOf(dbs: readonly string[], label: string): Promise<void> {
  const servers = await Promise.all(dbs.map((db) => serveOn(db)));
  try {
    const first = servers[0];
    if (first === undefined) return;
    const env = { CARBON_JWT_SECRET: "a bench secret of at least thirty-two bytes" };
    const token = timed(
      process.execPath,
      [carbonBin, "--db", dbs[0] ?? "", "serve", "token", "--user", "b@e.co", "--role", "admin"],
      env,
    ).stdout.trim();
    const buildings = (await (
      await fetch(`${first.url}/api/v1/buildings?companyId=${companyId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { id: string }[] };
    const categories = (await (
      await fetch(`${first.url}/api/v1/categories?code=electricity`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { id: string }[] };
    const scripts = {
      page: pageScript(token),
      upsert: upsertScript(token, buildings.data[0]?.id ?? "", categories.data[0]?.id ?? ""),
    };
    for (const [name, script] of Object.entries(scripts)) {
      const each = Math.floor(50 / servers.length);
      const loads = await Promise.all(servers.map((server) => wrk(server.url, each, script)));
      const rps = loads.reduce((sum, load) => sum + load.rps, 0);
      const p99 = Math.max(...loads.map((load) => load.p99Ms));
      console.log(
        `  ${label.padEnd(28)} ${name.padEnd(7)} ${fmt(rps, 0).padStart(6)} req/s, p99 ${fmt(p99, 0)} ms`,
      );
    }
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
  }
}

/** The test tier's throwaway server (loaded as .ts at run time, as run.ts loads the benches). */
interface Clusters {
  postgresBinaries(): string | undefined;
  startPostgres(binaries: string): Promise<{ readonly url: string; stop(): void }>;
}

export async function benchPostgres(sqliteDb: string, csv: string): Promise<void> {
  const { postgresBinaries, startPostgres }: Clusters = await import(
    path.join(root, "test", "support", "postgres-cluster.ts")
  );
  const binaries = postgresBinaries();
  if (binaries === undefined) {
    console.log("\npostgres: server binaries not found; skipped");
    return;
  }
  const rows = Number(process.env.BENCH_PG_ROWS ?? 200_000);
  const runs = Number(process.env.BENCH_PG_RUNS ?? 2);
  const part = path.join(dataDir, `consumptions-pg-${rows}.csv`);
  if (!existsSync(part)) {
    spawnSync("sh", ["-c", `head -n ${rows + 1} '${csv}' > '${part}'`]);
  }
  const cluster = await startPostgres(binaries);
  // psql beside the server's binaries, else on PATH (a folder of links may hold only the server's).
  const beside = path.join(binaries, "psql");
  const psql = existsSync(beside) ? beside : "psql";
  const sql = (db: string, command: string) =>
    timed(psql, [new URL(db).href, "-v", "ON_ERROR_STOP=1", "-qAt", "-c", command]);
  const server = cluster.url;
  const dbUrl = (name: string) => {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.href;
  };
  try {
    console.log(
      `\npostgres: PostgreSQL ${sql(server, "SHOW server_version").stdout.trim()}, ${rows.toLocaleString("en")} rows, ${runs} alternating runs`,
    );
    const ours: number[] = [];
    const base: number[] = [];
    let maxRss = 0;
    for (let i = 0; i < runs; i += 1) {
      sql(server, "DROP DATABASE IF EXISTS bench");
      sql(server, "CREATE DATABASE bench");
      const db = dbUrl("bench");
      carbon(db, [
        "companies",
        "create",
        "--id",
        companyId,
        "--name",
        "Bench Co",
        "--country",
        "ES",
      ]);
      const mine = carbon(db, [
        "consumptions",
        "import",
        part,
        "--company",
        companyId,
        "--create-buildings",
        "--quiet",
      ]);
      ours.push(mine.seconds);
      maxRss = Math.max(maxRss, mine.maxRssMb ?? 0);
      sql(server, "DROP DATABASE IF EXISTS baseline");
      sql(server, "CREATE DATABASE baseline");
      const baseline = dbUrl("baseline");
      sql(
        baseline,
        "CREATE TABLE consumptions (entity_id text, building text, country text, category text, start_date text, end_date text, quantity numeric, unit text)",
      );
      const theirs = timed(psql, [
        baseline,
        "-qc",
        `\\copy consumptions FROM '${part}' WITH (FORMAT csv, HEADER true)`,
      ]);
      base.push(theirs.seconds);
      console.log(
        `  run ${i + 1}: carbon ${fmt(mine.seconds)} s (peak RSS ${fmt(mine.maxRssMb ?? 0, 0)} MiB); psql \\copy ${fmt(theirs.seconds)} s; ratio ${fmt(mine.seconds / theirs.seconds)}x`,
      );
    }
    console.log(
      `  import: carbon ${fmt(median(ours))} s (${Math.round(rows / median(ours)).toLocaleString("en")} rows/s, peak RSS ${fmt(maxRss, 0)} MiB) vs psql \\copy ${fmt(median(base))} s: ${fmt(median(ours) / median(base))}x (target <= 3)`,
    );
    const db = dbUrl("bench");
    // The store's floor: the imported rows as they are stored, written with COPY into an empty
    // table with the consumptions table's indexes (no triggers, no keys), against the same
    // baseline. What an import pays beyond it is its own.
    const stored = path.join(dataDir, `stored-pg-${process.pid}.tsv`);
    try {
      sql(db, `\\copy consumptions TO '${stored}'`);
      sql(db, "CREATE TABLE floor_copy (LIKE consumptions INCLUDING ALL)");
      const floor = timed(psql, [db, "-qc", `\\copy floor_copy FROM '${stored}'`]);
      sql(db, "DROP TABLE floor_copy");
      console.log(
        `  the store's floor: COPY of the stored rows into a table with consumptions' indexes ${fmt(floor.seconds)} s = ${fmt(floor.seconds / median(base))}x psql \\copy`,
      );
    } finally {
      rmSync(stored, { force: true });
    }
    // No ANALYZE here: the import gathers the table's statistics after a large load itself.
    const exports: number[] = [];
    const copies: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      exports.push(
        timed("sh", [
          "-c",
          `'${process.execPath}' '${carbonBin}' --db '${db}' emissions export --format csv > /dev/null`,
        ]).seconds,
      );
      copies.push(
        timed("sh", [
          "-c",
          `'${psql}' '${db}' -qc "\\copy (${EXPORT_JOIN.replace(/\s+/g, " ")}) TO STDOUT WITH (FORMAT csv)" > /dev/null`,
        ]).seconds,
      );
    }
    console.log(
      `  export: carbon ${fmt(median(exports))} s vs psql \\copy (the join) ${fmt(median(copies))} s: ${fmt(median(exports) / median(copies))}x (target <= 1.5)`,
    );
    if (spawnSync("wrk", ["--version"]).error !== undefined) {
      console.log("  serve: wrk not found; skipped");
      return;
    }
    console.log(
      "  serve under 50 connections (wrk -t1, 10 s; two processes: 25 each, req/s added):",
    );
    await loadOf([sqliteDb], "SQLite, one process");
    await loadOf([db], "PostgreSQL, one process");
    await loadOf([db, db], "PostgreSQL, two processes");
  } finally {
    cluster.stop();
  }
}
