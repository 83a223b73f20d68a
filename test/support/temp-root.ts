/**
 * Vitest global setup of every tier: the run's temporary files go under one directory of its
 * own (TMPDIR, which os.tmpdir() and the worker processes read), removed when the run ends, so
 * the databases tests make (10 MB each, hundreds a run) do not pile up in the system's /tmp.
 *
 * The directory is on /dev/shm when the machine has one with room: a test database is a copy of
 * a 10 MB template, and on a disk each copy is then synced again by SQLite's first checkpoint
 * (the suite spent more time in those syncs than in any code of ours). A file's own test
 * (fresh-databases.ts) removes what it made when it ends, so memory holds a few at a time.
 */
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Free space /dev/shm must have to be used: the files of the tests running at once, and more. */
const MEMORY_NEEDED = 4 * 1024 ** 3;

function baseDir(): string {
  try {
    const stats = statfsSync("/dev/shm");
    if (stats.bavail * stats.bsize >= MEMORY_NEEDED) return "/dev/shm";
  } catch {
    // No /dev/shm (not Linux): the system's temporary folder.
  }
  return os.tmpdir();
}

/**
 * Node's compile cache for the run's processes (the workers, the parse workers they start from
 * the sources, the CLI processes the tests spawn): kept between runs beside the dependencies, and
 * checked by Node against each module's source, so a changed module is compiled again.
 */
const COMPILE_CACHE = fileURLToPath(
  new URL("../../node_modules/.cache/node-compile-cache", import.meta.url),
);

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(path.join(baseDir(), "carbon-test-run-"));
  process.env.TMPDIR = root;
  const cacheWasSet = process.env.NODE_COMPILE_CACHE !== undefined;
  if (!cacheWasSet) process.env.NODE_COMPILE_CACHE = COMPILE_CACHE;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (!cacheWasSet) delete process.env.NODE_COMPILE_CACHE;
    rmSync(root, { recursive: true, force: true });
  };
}
