/** `carbon --help` and `--version` must stay instant: no heavy library, no backend. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isHeavy } from "../support/heavy-modules.js";
import { tempDir } from "./helpers.js";

const support = fileURLToPath(new URL("./support/", import.meta.url));

function loadsFor(args: readonly string[]): {
  status: number | null;
  stdout: string;
  loaded: string[];
} {
  const dir = tempDir();
  const record = path.join(dir, "loaded.txt");
  const child = spawnSync(
    process.execPath,
    ["--import", path.join(support, "record-loads.ts"), path.join(support, "run-main.ts"), ...args],
    {
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: dir, NO_COLOR: "1", CARBON_LOAD_RECORD: record },
    },
  );
  const loaded = fs.readFileSync(record, "utf8").split("\n");
  return { status: child.status, stdout: child.stdout, loaded };
}

describe("startup laziness", () => {
  it.each([
    [["--help"]],
    [["--version"]],
    [["companies", "--help"]],
    [["factors", "custom", "create", "--help"]],
    [["factors", "custom", "get", "--help"]],
    [["suppliers", "get", "--help"]],
    [["consumptions", "--help"]],
    [["consumptions", "delete", "--help"]],
    [["buildings", "delete", "--help"]],
    [["emissions", "--help"]],
    [["auth", "--help"]],
    [["auth", "login", "--help"]],
    [["profile", "--help"]],
    [["glec", "--help"]],
    [["glec", "submit", "--help"]],
    [["api", "--help"]],
    [["db", "status", "--help"]],
  ])("%j loads no heavy module", (args) => {
    const { status, stdout, loaded } = loadsFor(args);
    expect(status).toBe(0);
    expect(stdout).not.toBe("");
    // The recorder works: commander itself was loaded.
    expect(loaded.some((url) => url.includes("/node_modules/commander/"))).toBe(true);
    expect(loaded.filter(isHeavy)).toEqual([]);
  });
});
