import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.resolve(import.meta.dirname, "../../../src");

/** Packages a module loads at run time, following relative imports (type-only ones excluded). */
function runtimePackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(
      /^(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?"([^"]+)"/gm,
    )) {
      const specifier = match[1] ?? "";
      if (specifier.startsWith(".")) {
        visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")));
      } else {
        packages.add(specifier);
      }
    }
  };
  visit(entry);
  return packages;
}

describe("parse worker start-up", () => {
  it("loads no schema library: zod would add about 60 ms before the first row is parsed", () => {
    const packages = runtimePackages(path.join(src, "import", "parse-worker.ts"));
    expect(packages.has("node:worker_threads")).toBe(true);
    expect([...packages].filter((name) => name === "zod" || name.startsWith("zod/"))).toEqual([]);
  });

  it("sees zod where it is loaded (the walker follows imports)", () => {
    expect(runtimePackages(path.join(src, "core", "model", "common.ts")).has("zod")).toBe(true);
  });
});
