import { spawn } from "node:child_process";
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
 * A clean user for the real, built binary: a temporary HOME, no inherited CARBON_* variables,
 * NO_COLOR=1, and the Node that runs the tests (the pinned one).
 */
export function createSandbox(): Sandbox {
  const home = mkdtempSync(path.join(os.tmpdir(), "carbon-e2e-"));
  const baseEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    NO_COLOR: "1",
    LANG: "C.UTF-8",
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
