import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = path.join(repoRoot, "bin", "carbon.js");

export interface CarbonRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Sandbox {
  readonly home: string;
  run(
    args: readonly string[],
    options?: { readonly input?: string; readonly env?: Record<string, string> },
  ): Promise<CarbonRun>;
  remove(): void;
}

/**
 * What every run of the binary in a sandbox gets, besides its HOME: new databases start from
 * the tier's migrated template (binary-db-template.ts) unless `fromScratch`.
 */
function templateEnv(fromScratch: boolean): Record<string, string> {
  const template = process.env.CARBON_TEST_DB_TEMPLATE;
  return fromScratch || template === undefined ? {} : { CARBON_TEST_DB_TEMPLATE: template };
}

/**
 * A clean user for the real, built binary: a temporary HOME, no inherited CARBON_* variables
 * (but the suite's template of a new database, unless `fromScratch`: a new user's first
 * command migrates an empty file), NO_COLOR=1, and the Node that runs the tests (the pinned one).
 */
export function createSandbox(options: { readonly fromScratch?: boolean } = {}): Sandbox {
  const home = mkdtempSync(path.join(os.tmpdir(), "carbon-e2e-"));
  const baseEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    NO_COLOR: "1",
    LANG: "C.UTF-8",
    ...templateEnv(options.fromScratch === true),
  };
  return {
    home,
    run(args, options = {}) {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [bin, ...args], {
          cwd: repoRoot,
          env: { ...baseEnv, ...options.env },
          stdio: ["pipe", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          stdout += chunk;
        });
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
          stderr += chunk;
        });
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(options.input ?? "");
      });
    },
    remove() {
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface Interrupted {
  readonly code: number | null;
  readonly killedBy: NodeJS.Signals | null;
  readonly stderr: string;
  readonly stdout: string;
}

/**
 * Runs the built binary with `args` in the sandbox and sends `signal` once `ready()` says the
 * work is under way (polled every 20 ms, for at most a minute); `ready` sees the stdout and
 * stderr so far. With `stopReading`, stdout is left unread from the moment `ready` is true until
 * the signal is sent, as a pager the user stopped scrolling: a command writing more is held by
 * back-pressure. `env` adds variables to the sandbox's.
 */
export async function interruptWhen(
  sandbox: Sandbox,
  args: readonly string[],
  ready: (output: {
    readonly stdout: string;
    readonly stderr: string;
  }) => Promise<boolean> | boolean,
  signal: NodeJS.Signals,
  options: { readonly stopReading?: boolean; readonly env?: Record<string, string> } = {},
): Promise<Interrupted> {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: sandbox.home,
      NO_COLOR: "1",
      ...templateEnv(false),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  let stdout = "";
  // Paused once, when ready: after the signal the output is read to the end again, and a data
  // event then must not pause it anew (the child would block writing, and never exit).
  let stopped = false;
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    if (options.stopReading === true && !stopped && ready({ stdout, stderr }) === true) {
      stopped = true;
      child.stdout.pause();
    }
  });
  const closed = once(child, "close");
  const deadline = Date.now() + 60_000;
  while (!(await ready({ stdout, stderr })) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill(signal);
  child.stdout.resume();
  const [code, killedBy] = (await closed) as [number | null, NodeJS.Signals | null];
  return { code, killedBy, stderr, stdout };
}
