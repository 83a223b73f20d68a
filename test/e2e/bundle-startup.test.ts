/**
 * The built binary runs the bundle (dist/bundle/): `--help` and `--version` must load no heavy
 * code from it either. Each chunk names the modules it holds (`// dist/...` and
 * `// node_modules/...` lines), so the modules behind the loaded chunks can be checked against
 * the same list as the sources' laziness test (test/support/heavy-modules.ts).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { isHeavy } from "../support/heavy-modules.js";
import { createSandbox, repoRoot, type Sandbox } from "./helpers/exec.js";

const recorder = path.join(repoRoot, "test", "cli", "support", "record-loads.ts");
const bin = path.join(repoRoot, "bin", "carbon.js");

let sandbox: Sandbox | undefined;
afterEach(() => {
  sandbox?.remove();
  sandbox = undefined;
});

/** The files `args` loads and the modules inside the bundle's chunks among them. */
function loadsFor(args: readonly string[]): {
  status: number | null;
  files: string[];
  modules: string[];
} {
  sandbox = createSandbox();
  const record = path.join(sandbox.home, "loaded.txt");
  const child = spawnSync(process.execPath, ["--import", recorder, bin, ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: sandbox.home, NO_COLOR: "1", CARBON_LOAD_RECORD: record },
  });
  const files = fs
    .readFileSync(record, "utf8")
    .split("\n")
    .filter((url) => url.startsWith("file:"))
    .map((url) => path.relative(repoRoot, fileURLToPath(url)));
  const modules = files
    .filter((file) => file.startsWith("dist/bundle/"))
    .flatMap((file) =>
      fs
        .readFileSync(path.join(repoRoot, file), "utf8")
        .split("\n")
        .filter((line) => /^\/\/ (dist|node_modules)\//.test(line))
        .map((line) => line.slice(3)),
    );
  return { status: child.status, files, modules };
}

describe("the built binary's start-up", () => {
  it.each([[["--help"]], [["--version"]], [["consumptions", "import", "--help"]]])(
    "%j loads only bundle chunks, with no heavy module in them",
    (args) => {
      const { status, files, modules } = loadsFor(args);
      expect(status).toBe(0);
      expect(files.filter((file) => !file.startsWith("dist/bundle/"))).toEqual(["bin/carbon.js"]);
      // The chunks name their modules: commander's are among them.
      expect(modules.some((module) => module.startsWith("node_modules/commander/"))).toBe(true);
      expect(modules.filter(isHeavy)).toEqual([]);
    },
  );

  it("reads the package's version from the bundle", async () => {
    sandbox = createSandbox();
    const version = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"))
      .version as string;
    const run = await sandbox.run(["--version"]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(version);
  });
});
