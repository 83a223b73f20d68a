/**
 * `carbon serve` before it listens: a database other users can read is refused, and its limits
 * are checked. The context's signal is already aborted, so a server that does start stops at once.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import { runServe, type ServeOptions } from "../../src/cli/commands/serve/serve.js";
import { createContext } from "../../src/cli/context.js";
import { createTestIo } from "../../src/cli/io.js";
import { CarbonError } from "../../src/core/errors.js";
import { tempDir } from "./helpers.js";

const defaults: ServeOptions = {
  host: "127.0.0.1",
  port: "0",
  headersTimeout: "10s",
  requestTimeout: "60s",
};

async function serve(db: string, options: Partial<ServeOptions> = {}) {
  const io = createTestIo();
  const ctx = createContext({
    io,
    env: { HOME: tempDir() },
    globals: () => ({ db }),
    signal: AbortSignal.abort(),
  });
  try {
    await runServe(ctx, { ...defaults, ...options });
    return { error: undefined, stderr: io.stderrText() };
  } catch (error) {
    return { error, stderr: io.stderrText() };
  } finally {
    await ctx.close();
  }
}

async function existingDatabase(mode: number): Promise<string> {
  const db = path.join(tempDir(), "carbon.db");
  await (await openLocalService({ path: db })).close();
  fs.chmodSync(db, mode);
  return db;
}

describe("carbon serve and the permissions of its database", () => {
  it.each(["644", "640", "604", "660"])(
    "refuses a database of mode %s, with the chmod that fixes it (exit 2)",
    async (mode) => {
      const db = await existingDatabase(Number.parseInt(mode, 8));
      const { error, stderr } = await serve(db);
      expect(error).toBeInstanceOf(CarbonError);
      expect(error).toMatchObject({
        code: "usage",
        exitCode: 2,
        message: expect.stringMatching(/open to other users .*token-signing secret/),
        hint: expect.stringContaining(`chmod 600 ${db}`),
      });
      expect(stderr).not.toContain("listening on");
    },
  );

  it("starts on a private database, and on a new one it creates private", async () => {
    const db = await existingDatabase(0o600);
    expect(await serve(db)).toMatchObject({
      error: undefined,
      stderr: expect.stringContaining("listening on"),
    });
    const created = path.join(tempDir(), "new", "carbon.db");
    expect((await serve(created)).error).toBeUndefined();
    expect(fs.statSync(created).mode & 0o777).toBe(0o600);
  });
});

describe("carbon serve limits", () => {
  it.each<[Partial<ServeOptions>, RegExp]>([
    [{ maxTokenTtl: "forever" }, /invalid --max-token-ttl "forever"/],
    [{ headersTimeout: "0s" }, /invalid --headers-timeout/],
    [{ requestTimeout: "1.5s" }, /invalid --request-timeout/],
    [{ headersTimeout: "2m", requestTimeout: "1m" }, /--headers-timeout 2m is longer/],
  ])("%j is a usage error", async (options, message) => {
    const { error } = await serve(await existingDatabase(0o600), options);
    expect(error).toMatchObject({ code: "usage", message: expect.stringMatching(message) });
  });
});
