/**
 * Vitest global setup of every tier: the run's temporary files go under one directory of its
 * own (TMPDIR, which os.tmpdir() and the worker processes read), removed when the run ends, so
 * the databases tests make (a few MB each, hundreds a run) do not pile up in the system's /tmp.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(path.join(os.tmpdir(), "carbon-test-run-"));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
