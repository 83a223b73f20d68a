/** `npm run new-resource NAME` writes a plain resource's new files, never over existing ones. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { byHand, namesOf, scaffold } from "../../scripts/new-resource.js";

const script = fileURLToPath(new URL("../../scripts/new-resource.ts", import.meta.url));

describe("new-resource scaffold", () => {
  it("derives every name from the plural kebab-case name", () => {
    expect(namesOf("waste-operators")).toEqual({
      kebab: "waste-operators",
      singularKebab: "waste-operator",
      plural: "wasteOperators",
      singular: "wasteOperator",
      type: "WasteOperator",
      words: "waste operator",
    });
    expect(namesOf("categories")?.singular).toBe("category");
    for (const bad of ["WasteOperators", "waste_operators", "vehicle", "", "-goals"]) {
      expect(namesOf(bad), bad).toBeUndefined();
    }
  });

  it("writes the model, descriptor and CLI files, wired to each other by name", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "carbon-scaffold-"));
    const names = namesOf("vehicles");
    if (names === undefined) throw new Error("vehicles is a name");
    expect(scaffold(root, names)).toEqual([
      "src/core/model/vehicle.ts",
      "src/core/resources/vehicles.ts",
      "src/cli/commands/vehicles/face.ts",
      "src/cli/commands/vehicles/columns.ts",
      "src/cli/commands/vehicles/index.ts",
    ]);
    const descriptor = readFileSync(path.join(root, "src/core/resources/vehicles.ts"), "utf8");
    expect(descriptor).toContain("export const vehiclesResource: ResourceDescriptor<Vehicle,");
    expect(descriptor).toContain('from "../model/vehicle.js"');
    const face = readFileSync(path.join(root, "src/cli/commands/vehicles/face.ts"), "utf8");
    expect(face).toContain('command: "vehicles"');
    expect(byHand(names).join("\n")).toContain("migration");
    // A second run refuses rather than overwrite the author's work.
    expect(() => scaffold(root, names)).toThrow(/already there: src\/core\/model\/vehicle\.ts/);
  });

  it("refuses a name that is not plural kebab-case with exit 2, writing nothing", () => {
    const run = spawnSync(process.execPath, [script, "Vehicle"], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("usage: npm run new-resource NAME");
    expect(run.stdout).toBe("");
  });
});
