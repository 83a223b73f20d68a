/** The e2e tier's global setup builds only when dist/ is missing or older than a source. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsStale } from "../support/build-once.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A project with one source, its config, its bundle script and a built entry point, each written at `times`. */
function project(times: {
  source: number;
  config: number;
  bundler?: number;
  built?: number;
}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-build-"));
  made.push(dir);
  const write = (file: string, at: number): void => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), "");
    fs.utimesSync(path.join(dir, file), at, at);
  };
  write("src/core/ids.ts", times.source);
  write("tsconfig.json", times.config);
  write("scripts/bundle.ts", times.bundler ?? times.config);
  if (times.built !== undefined) write("dist/bundle/main.js", times.built);
  return dir;
}

describe("buildIsStale", () => {
  it("is stale without dist/bundle/main.js", () => {
    expect(buildIsStale(project({ source: 1000, config: 1000 }))).toBe(true);
  });

  it("is fresh when the build is newer than every source and the config", () => {
    expect(buildIsStale(project({ source: 1000, config: 1000, built: 2000 }))).toBe(false);
  });

  it("is stale when a source, the config or the bundle script changed after the build", () => {
    expect(buildIsStale(project({ source: 3000, config: 1000, built: 2000 }))).toBe(true);
    expect(buildIsStale(project({ source: 1000, config: 3000, built: 2000 }))).toBe(true);
    expect(buildIsStale(project({ source: 1000, config: 1000, bundler: 3000, built: 2000 }))).toBe(
      true,
    );
  });
});
