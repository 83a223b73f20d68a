/**
 * Profiles must not slow down local commands: reading the profiles file is a plain JSON read;
 * `conf` (which loads ajv) and undici load only for writing profiles and for a server.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";

const support = fileURLToPath(new URL("../support/", import.meta.url));

function loadsFor(
  home: string,
  args: readonly string[],
): { status: number | null; loaded: string[] } {
  const record = path.join(home, "loaded.txt");
  const child = spawnSync(
    process.execPath,
    ["--import", path.join(support, "record-loads.ts"), path.join(support, "run-main.ts"), ...args],
    {
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: home, NO_COLOR: "1", CARBON_LOAD_RECORD: record },
    },
  );
  return { status: child.status, loaded: fs.readFileSync(record, "utf8").split("\n") };
}

const loads = (loaded: readonly string[], name: string): boolean =>
  loaded.some((url) => url.includes(`/node_modules/${name}/`));

describe("start-up with profiles", () => {
  it("a local command with a profiles file loads neither conf nor undici", () => {
    const home = tempDir();
    const dir = path.join(home, ".config", "carbon");
    fs.mkdirSync(dir, { recursive: true });
    const db = path.join(home, "work.db");
    fs.writeFileSync(
      path.join(dir, "config.json"),
      JSON.stringify({ currentProfile: "work", profiles: { work: { db } } }),
    );
    const { status, loaded } = loadsFor(home, ["companies", "list"]);
    expect(status).toBe(0);
    expect(fs.existsSync(db)).toBe(true);
    expect(loads(loaded, "better-sqlite3")).toBe(true);
    expect(loads(loaded, "conf")).toBe(false);
    expect(loads(loaded, "undici")).toBe(false);
  });

  it("profile use writes through conf", () => {
    const { status, loaded } = loadsFor(tempDir(), ["profile", "use", "default"]);
    expect(status).toBe(0);
    expect(loads(loaded, "conf")).toBe(true);
    expect(loads(loaded, "better-sqlite3")).toBe(false);
  });
});
