import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { packageFile } from "../../src/package-files.js";

describe("packageFile", () => {
  it("finds the package's own files from the sources (the bundle's case is an e2e test)", () => {
    const manifest = JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as {
      name: string;
    };
    expect(manifest.name).toBe("carbon-ops");
    expect(fileURLToPath(packageFile("fixtures/factors/"))).toBe(
      fileURLToPath(new URL("../../fixtures/factors/", import.meta.url)),
    );
  });
});
