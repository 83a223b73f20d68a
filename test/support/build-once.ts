/**
 * Vitest global setup of the tiers that run the built binary: runs the build (tsc, then the
 * bundle bin/carbon.js runs) once when dist/ is missing or older than a source, so
 * `npx vitest run test/e2e` works from a fresh clone and a run after `npm run build` does not
 * build again.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every file under `dir` with its modification time in ms (none when `dir` does not exist). */
function modifiedTimes(dir: string): number[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
}

/** True when some source (or the build's config) changed after the last build wrote the bundle's entry point. */
export function buildIsStale(project = root): boolean {
  const entry = path.join(project, "dist", "bundle", "main.js");
  if (!fs.existsSync(entry)) return true;
  const sources = [
    ...modifiedTimes(path.join(project, "src")),
    fs.statSync(path.join(project, "tsconfig.json")).mtimeMs,
    fs.statSync(path.join(project, "scripts", "bundle.ts")).mtimeMs,
  ];
  return Math.max(...sources) > fs.statSync(entry).mtimeMs;
}

export default function setup(): void {
  if (!buildIsStale()) return;
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const steps = [[tsc, "-p", "tsconfig.json"], [path.join(root, "scripts", "bundle.ts")]];
  for (const step of steps) {
    const result = spawnSync(process.execPath, step, { cwd: root, encoding: "utf8" });
    if (result.status !== 0) {
      const command = ["node", ...step.map((arg) => path.relative(root, arg))].join(" ");
      throw new Error(`the build failed (${command}):\n${result.stdout}${result.stderr}`);
    }
  }
}
