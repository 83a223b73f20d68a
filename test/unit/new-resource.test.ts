/** `npm run new-resource NAME` writes a plain resource's new files, never over existing ones. */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { z } from "zod";
import {
  byHand,
  houseStyle,
  type Names,
  namesOf,
  nextMigration,
  scaffold,
} from "../../scripts/new-resource.js";

const script = fileURLToPath(new URL("../../scripts/new-resource.ts", import.meta.url));
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A scratch project beside the repository: its node_modules, its Biome configuration (without
 * git, which the scratch folder is not in) and the model files a scaffolded model imports.
 */
function scratchProject(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "carbon-scaffold-"));
  // Removes the link to node_modules, not what it points at.
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"));
  const config: unknown = JSON.parse(readFileSync(path.join(repoRoot, "biome.json"), "utf8"));
  writeFileSync(
    path.join(root, "biome.json"),
    JSON.stringify({ ...z.looseObject({}).parse(config), vcs: { enabled: false } }),
  );
  mkdirSync(path.join(root, "src/core/model"), { recursive: true });
  for (const file of ["common.ts", "wire.ts", "text-values.ts"]) {
    copyFileSync(
      path.join(repoRoot, "src/core/model", file),
      path.join(root, "src/core/model", file),
    );
  }
  return root;
}

function names(kebab: string): Names {
  const found = namesOf(kebab);
  if (found === undefined) throw new Error(`${kebab} is a name`);
  return found;
}

describe("new-resource scaffold", () => {
  it("derives every name from the plural kebab-case name", () => {
    expect(namesOf("waste-operators")).toEqual({
      kebab: "waste-operators",
      singularKebab: "waste-operator",
      plural: "wasteOperators",
      singular: "wasteOperator",
      type: "WasteOperator",
      words: "waste operator",
      snake: "waste_operators",
    });
    expect(namesOf("categories")?.singular).toBe("category");
    for (const bad of ["WasteOperators", "waste_operators", "vehicle", "", "-goals"]) {
      expect(namesOf(bad), bad).toBeUndefined();
    }
  });

  it("writes every file of a working plain resource, wired to each other by name", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "carbon-scaffold-"));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const names = namesOf("vehicles");
    if (names === undefined) throw new Error("vehicles is a name");
    mkdirSync(path.join(root, "src/store/sqlite"), { recursive: true });
    writeFileSync(path.join(root, "src/store/sqlite/migrations.ts"), "{ version: 44, }");
    expect(nextMigration(root)).toBe(45);
    expect(scaffold(root, names)).toEqual([
      "src/core/model/vehicle.ts",
      "src/core/resources/vehicles.ts",
      "src/cli/commands/vehicles/face.ts",
      "src/cli/commands/vehicles/columns.ts",
      "src/cli/commands/vehicles/index.ts",
      "src/cli/commands/vehicles/group.ts",
      "src/rules/vehicles.ts",
      "src/rules/store-vehicles.ts",
      "src/store/sqlite/vehicles.ts",
      "src/store/postgres/vehicles.ts",
      "test/contract/fixtures/vehicles.ts",
      "test/conformance/resource-cases/vehicles.ts",
    ]);
    const read = (file: string) => readFileSync(path.join(root, file), "utf8");
    const descriptor = read("src/core/resources/vehicles.ts");
    expect(descriptor).toContain("export const vehiclesResource: ResourceDescriptor<Vehicle,");
    expect(descriptor).toContain('from "../model/vehicle.js"');
    // Each file says what the shared lists need to know of it: npm run registry lists them.
    expect(descriptor).toContain("interface ResourceTypes {\n    readonly vehicles: {");
    expect(read("src/rules/vehicles.ts")).toContain("export function vehiclesPart(");
    expect(read("src/rules/store-vehicles.ts")).toContain("readonly vehicles: VehicleTable;");
    expect(read("src/store/sqlite/vehicles.ts")).toContain("export const vehiclesTable:");
    expect(read("src/store/sqlite/vehicles.ts")).toContain("version: 45,");
    // The PostgreSQL table: listed by npm run registry, its migration version 1 of its own.
    const postgres = read("src/store/postgres/vehicles.ts");
    expect(postgres).toContain("export const vehiclesTable: PlainPostgresTable<PostgresVehicles>");
    expect(postgres).toContain("version: 1,");
    expect(postgres).toContain("PRIMARY KEY (company_ref, id)");
    expect(read("src/cli/commands/vehicles/face.ts")).toContain('command: "vehicles"');
    expect(read("src/cli/commands/vehicles/group.ts")).toContain('name: "vehicles"');
    expect(read("test/contract/fixtures/vehicles.ts")).toContain('name: "vehicles"');
    const steps = byHand(names, 45).join("\n");
    expect(steps).toContain("npm run registry");
    expect(steps).toContain("migration 45 in src/store/sqlite/vehicles.ts");
    expect(steps).toContain("src/store/postgres/vehicles.ts) is version 1 of the resource's own");
    expect(steps).toContain("npm run docs:routes");
    // A second run refuses rather than overwrite the author's work.
    expect(() => scaffold(root, names)).toThrow(/already there: src\/core\/model\/vehicle\.ts/);
  });

  it("writes files that pass biome ci as they are, imports sorted whatever the name", () => {
    const root = scratchProject();
    const written = [
      ...scaffold(root, names("waste-operators")),
      ...scaffold(root, names("assets")),
    ];
    houseStyle(root, written);
    const check = spawnSync(
      path.join(root, "node_modules/.bin/biome"),
      ["ci", "--colors=off", "--error-on-warnings", ...written],
      { cwd: root, encoding: "utf8" },
    );
    expect(check.stdout + check.stderr).not.toMatch(/organizeImports|format/);
    expect(check.status).toBe(0);
  });

  it("reads a server's answer tolerantly: a record of the spec without createdAt, unknown fields kept", async () => {
    const root = scratchProject();
    scaffold(root, names("vehicles"));
    const model: Record<string, unknown> = await import(
      pathToFileURL(path.join(root, "src/core/model/vehicle.ts")).href
    );
    const answer = model.vehicleAnswerSchema;
    if (!(answer instanceof z.ZodType)) throw new Error("no vehicleAnswerSchema exported");
    const given = {
      id: "8D2E4F6A-1111-4222-8333-444455556666",
      companyId: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
      name: "Van 1",
      plate: "1234 ABC",
    };
    expect(answer.parse(given)).toEqual(given);
    const descriptor = readFileSync(path.join(root, "src/core/resources/vehicles.ts"), "utf8");
    expect(descriptor).toContain("answer: vehicleAnswerSchema,");
  });

  it("refuses a name that is not plural kebab-case with exit 2, writing nothing", () => {
    const run = spawnSync(process.execPath, [script, "Vehicle"], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("usage: npm run new-resource NAME");
    expect(run.stdout).toBe("");
  });
});
