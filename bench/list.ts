/**
 * Streaming-list bench (part of `npm run bench`; bench/run.ts calls `benchList(db)` on the
 * database its import part left, BENCH_ROWS emissions): `carbon emissions list --all --format
 * tsv` against `carbon emissions export --format tsv` on the same database, alternately
 * BENCH_LIST_RUNS times (default 3; 0 skips), stdout read through a pipe and its lines counted.
 * Reported: medians, the median of the per-pair ratios (target <= 1.5), the time to the first
 * data row (target < 1 s) and the peak RSS of each (flat: the same for any number of rows). The
 * first row of a one-page `emissions list` is timed too: what any list pays before its first row
 * (start-up, opening the database), so the share of the stream itself shows on a busy machine.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const carbonBin = path.join(root, "bin", "carbon.js");
const rssPreload = path.join(root, "bench", "max-rss.mjs");

interface Streamed {
  readonly seconds: number;
  /** From start to the first data row (the line after the header) on stdout. */
  readonly firstRowSeconds: number | null;
  readonly lines: number;
  readonly maxRssMb: number | null;
}

/** Runs carbon with `args`, reading its stdout as it comes, as a pipe to another tool would. */
async function streamed(db: string, args: readonly string[]): Promise<Streamed> {
  const rssFile = path.join(path.dirname(db), `rss-list-${process.pid}.txt`);
  rmSync(rssFile, { force: true });
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
  const child = spawn(
    process.execPath,
    ["--import", rssPreload, carbonBin, "--db", db, ...args, "--format", "tsv"],
    {
      env: { ...process.env, NO_COLOR: "1", CARBON_BENCH_RSS_FILE: rssFile },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let lines = 0;
  let firstRowSeconds: number | null = null;
  child.stdout.on("data", (chunk: Buffer) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    if (firstRowSeconds === null && lines >= 2) firstRowSeconds = elapsed();
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const [code] = (await once(child, "close")) as [number | null];
  const seconds = elapsed();
  if (code !== 0) {
    throw new Error(`carbon ${args.join(" ")} failed (exit ${code}):\n${stderr.slice(-2000)}`);
  }
  const maxRssMb = existsSync(rssFile) ? Number(readFileSync(rssFile, "utf8")) / 1024 : null;
  return { seconds, firstRowSeconds, lines, maxRssMb };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function describe(run: Streamed): string {
  const first =
    run.firstRowSeconds === null ? "n/a" : `${(run.firstRowSeconds * 1000).toFixed(0)} ms`;
  const rss = run.maxRssMb === null ? "n/a" : `${run.maxRssMb.toFixed(0)} MiB`;
  return `${run.seconds.toFixed(2)} s, first row ${first}, peak RSS ${rss}`;
}

export async function benchList(db: string): Promise<void> {
  const runs = Number(process.env.BENCH_LIST_RUNS ?? 3);
  if (runs <= 0) return;
  const list = ["emissions", "list", "--all"];
  const exported = ["emissions", "export"];
  const mine: Streamed[] = [];
  const theirs: Streamed[] = [];
  const onePage: number[] = [];
  const ratios: number[] = [];
  console.log(`\nstreaming list: ${runs} alternating run${runs === 1 ? "" : "s"} on ${db}`);
  for (let i = 0; i < runs; i += 1) {
    const a = await streamed(db, list);
    const b = await streamed(db, exported);
    const page = await streamed(db, ["emissions", "list", "--quiet"]);
    onePage.push(page.firstRowSeconds ?? Number.POSITIVE_INFINITY);
    if (a.lines !== b.lines) {
      throw new Error(`list printed ${a.lines} lines, export ${b.lines}: not the same rows`);
    }
    mine.push(a);
    theirs.push(b);
    ratios.push(a.seconds / b.seconds);
    console.log(
      `  run ${i + 1}: list ${describe(a)}; export ${describe(b)}; ratio ${(a.seconds / b.seconds).toFixed(2)}x`,
    );
  }
  const rows = (mine[0]?.lines ?? 1) - 1;
  const firstRows = mine.map((run) => run.firstRowSeconds ?? Number.POSITIVE_INFINITY);
  const peak = (runsOf: readonly Streamed[]) =>
    Math.max(...runsOf.map((run) => run.maxRssMb ?? 0)).toFixed(0);
  console.log(
    `  carbon emissions list --all --format tsv   ${median(mine.map((r) => r.seconds)).toFixed(2)} s (median, ${rows.toLocaleString("en")} rows)   peak RSS ${peak(mine)} MiB (max)`,
  );
  console.log(
    `  carbon emissions export --format tsv       ${median(theirs.map((r) => r.seconds)).toFixed(2)} s (median, baseline)   peak RSS ${peak(theirs)} MiB (max)`,
  );
  console.log(
    `  first row of the list                      ${(median(firstRows) * 1000).toFixed(0)} ms (median; target < 1 s)`,
  );
  console.log(
    `  first row of one page (emissions list)     ${(median(onePage) * 1000).toFixed(0)} ms (median: start-up and opening the database)`,
  );
  console.log(
    `  ratio list / export                        ${median(ratios).toFixed(2)}x (median of the per-run ratios; target <= 1.5)`,
  );
}
