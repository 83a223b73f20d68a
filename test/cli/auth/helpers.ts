import fs from "node:fs";
import path from "node:path";
import { createTestIo, type TestIo } from "../../../src/cli/io.js";
import { main } from "../../../src/cli/main.js";
import { createTestInput } from "../../../src/cli/user-input.js";
import { tempDir } from "../helpers.js";

export interface Outcome {
  readonly code: number;
  readonly io: TestIo;
  readonly stdout: string;
  readonly stderr: string;
  /** Prompts shown for a hidden token. */
  readonly prompts: readonly string[];
}

export interface RunOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** What a pipe on stdin holds. */
  readonly stdin?: string;
  /** What the user types at a hidden prompt (stdin is then a terminal). */
  readonly typed?: string;
}

/** A user with a fresh HOME: runs `carbon ARGS` through main() and reads the profiles file. */
export function user(): {
  readonly home: string;
  readonly configFile: string;
  readonly env: Readonly<Record<string, string>>;
  run(args: readonly string[], options?: RunOptions): Promise<Outcome>;
  profiles(): unknown;
} {
  const home = tempDir();
  const env = { HOME: home, NO_COLOR: "1" };
  const configFile = path.join(home, ".config", "carbon", "config.json");
  return {
    home,
    configFile,
    env,
    async run(args, options = {}) {
      const io = createTestIo({ stdinIsTty: options.typed !== undefined });
      const input = createTestInput({
        ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
        ...(options.typed === undefined ? {} : { typed: options.typed }),
      });
      const code = await main(["node", "carbon", ...args], {
        io,
        env: { ...env, ...options.env },
        input,
        // The driver's retries as they are, with waits of milliseconds instead of seconds.
        retry: { baseDelayMs: 1, maxDelayMs: 5 },
      });
      return {
        code,
        io,
        stdout: io.stdoutText(),
        stderr: io.stderrText(),
        prompts: input.prompts,
      };
    },
    profiles() {
      return JSON.parse(fs.readFileSync(configFile, "utf8"));
    },
  };
}
