import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "./helpers/exec.js";

describe("exit codes of the real binary", () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = createSandbox();
  });
  afterAll(() => sandbox.remove());

  it.each([
    { args: ["frobnicate"], code: 2, why: "unknown command" },
    { args: ["companies", "list", "--limit", "many"], code: 2, why: "bad flag value" },
    { args: ["companies", "list", "--limit", "501"], code: 2, why: "limit above the maximum" },
    {
      args: ["emissions", "list", "--from", "2024-13-01"],
      code: 2,
      why: "impossible date in a flag",
    },
    {
      args: ["companies", "get", "0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9e"],
      code: 5,
      why: "unknown company",
    },
    {
      args: [
        "consumptions",
        "import",
        "no-such-file.csv",
        "--company",
        "0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9e",
      ],
      code: 2,
      why: "missing file",
    },
  ])("$why -> $code", async ({ args, code }) => {
    const result = await sandbox.run(args);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toMatch(/error/i);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("a database path that is not a carbon database is a clear error, not a crash", async () => {
    const notADatabase = path.join(sandbox.home, "notes.txt");
    writeFileSync(notADatabase, "these are my notes, not a database\n".repeat(200));
    const result = await sandbox.run(["--db", notADatabase, "companies", "list"]);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBe(1);
    expect(result.stderr).toMatch(/not a carbon database|not a database/i);
    expect(readFileSync(notADatabase, "utf8")).toBe(
      "these are my notes, not a database\n".repeat(200),
    );
  });
});
