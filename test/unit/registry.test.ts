/** The generated lists (`npm run registry`) say what the files say. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { registries, updateRegistries } from "../../scripts/registry.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("the generated registries", () => {
  it("are up to date (run `npm run registry` when this fails)", () => {
    expect(updateRegistries(root, true)).toEqual([]);
  });

  it("list a resource, a command group and a plain local resource that appear", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "carbon-registry-"));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      write("src/core/resources/fuel-cards.ts", "export const fuelCardsResource = {};\n");
      write("src/core/resources/fields.ts", "export const oneUuid = 1;\n");
      write("src/cli/commands/fuel-cards/group.ts", "export const group = {};\n");
      write("src/cli/commands/fuel-cards/index.ts", "export function fuelCardsCommand() {}\n");
      write("src/cli/commands/helpers/columns.ts", "export const x = 1;\n");
      write("src/rules/fuel-cards.ts", "export function fuelCardsPart() {}\n");
      write("src/rules/tools.ts", "export function toolsPart() {}\n");
      write("src/store/sqlite/fuel-cards.ts", "export const fuelCardsTable = {};\n");
      write("src/store/postgres/fuel-cards.ts", "export const fuelCardsTable = {};\n");
      write("src/store/postgres/copy.ts", "export function copyRows() {}\n");
      const files = registries(dir);
      expect(files["src/core/resources/registry.generated.ts"]).toContain(
        "fuelCards: fuelCardsResource",
      );
      expect(files["src/core/resources/registry.generated.ts"]).not.toContain("fields");
      expect(files["src/cli/commands/registry.generated.ts"]).toContain(
        '(await import("./fuel-cards/index.js")).fuelCardsCommand',
      );
      expect(files["src/cli/commands/registry.generated.ts"]).not.toContain("helpers");
      const local = files["src/backends/local/registry.generated.ts"];
      expect(local).toContain("fuelCards: fuelCardsPart");
      expect(local).toContain("fuelCards: fuelCardsTable");
      // A rules file without its table is not a plain resource of the local engine.
      expect(local).not.toContain("tools");
      // The PostgreSQL store lists the tables of its folder (and not its other modules).
      const postgres = files["src/store/postgres/registry.generated.ts"];
      expect(postgres).toContain('import { fuelCardsTable } from "./fuel-cards.js";');
      expect(postgres).toContain("fuelCards: fuelCardsTable");
      expect(postgres).not.toContain("copy");
      expect(updateRegistries(dir, true)).toHaveLength(4);
      expect(updateRegistries(dir, false)).toHaveLength(4);
      expect(updateRegistries(dir, true)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
