import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Command } from "commander";
import { type Context, createContext, type GlobalOptions } from "../../src/cli/context.js";
import { createTestIo, type TestIo } from "../../src/cli/io.js";
import { CarbonError } from "../../src/core/errors.js";

export interface TestContext extends Context {
  readonly io: TestIo;
}

/** A context on a test I/O. With `db`, `service()` opens a real local database on that file. */
export function testContext(
  globals: GlobalOptions = {},
  io: TestIo = createTestIo(),
  env: Readonly<Record<string, string | undefined>> = {},
): TestContext {
  const signal = new AbortController().signal;
  const context = createContext({ io, env, globals: () => globals, signal });
  return { ...context, io };
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
}

/** Makes a command throw instead of exiting, and keeps its messages out of the test output. */
export function quiet(command: Command): Command {
  command.exitOverride();
  command.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  return command;
}

/** Parses user argv with a builder whose run is a stub, and returns the Options it received. */
export async function parsedOptions<O>(
  build: (ctx: Context, run: (ctx: Context, opts: O) => Promise<void>) => Command,
  argv: readonly string[],
): Promise<O> {
  let received: O | undefined;
  const command = quiet(
    build(testContext(), async (_ctx, opts) => {
      received = opts;
    }),
  );
  await command.parseAsync([...argv], { from: "user" });
  if (received === undefined) throw new Error("the action did not run");
  return received;
}

/**
 * Contexts on one fresh database file per test. Call `closeAll()` in afterEach.
 * `ctx({ format: "csv" })` gives a context whose output format is csv.
 */
export function databaseContexts(): {
  readonly ctx: (globals?: GlobalOptions, io?: TestIo) => TestContext;
  readonly closeAll: () => Promise<void>;
} {
  const db = path.join(tempDir(), "carbon.db");
  const open: TestContext[] = [];
  return {
    ctx(globals = {}, io = createTestIo()) {
      const context = testContext({ db, ...globals }, io);
      open.push(context);
      return context;
    },
    async closeAll() {
      for (const context of open.splice(0)) await context.close();
    },
  };
}

/** Runs `action` and returns the CarbonError code it threw. */
export async function errorCode(action: () => Promise<unknown>): Promise<string> {
  try {
    await action();
  } catch (error) {
    if (error instanceof CarbonError) return error.code;
    throw error;
  }
  throw new Error("expected a CarbonError");
}
