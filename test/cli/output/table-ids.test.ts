/** Tables never cut ids: the other columns shrink, then go, and a lone id too wide wraps. */
import { describe, expect, it } from "vitest";
import { buildingColumns } from "../../../src/cli/commands/buildings/columns.js";
import { createTestIo } from "../../../src/cli/io.js";
import { renderList } from "../../../src/cli/output/format.js";
import { fitListLayout } from "../../../src/cli/output/table.js";
import type { Building } from "../../../src/core/model/building.js";

const buildings: readonly Building[] = [
  {
    id: "3c728280-aab2-4dda-93d4-1143d8eb9e1c",
    companyId: "a5f0ee87-aab2-4dda-93d4-1143d8eb9e1c",
    name: "Madrid HQ and its very long annex by the river",
    country: "ES",
    createdAt: "2026-11-25T06:41:56.252Z",
  },
  {
    id: "2a28c048-38c2-49dd-9be5-31921e3f3fdb",
    companyId: "a5f0ee87-aab2-4dda-93d4-1143d8eb9e1c",
    name: "Bilbao plant",
    country: null,
    createdAt: "2026-11-25T06:41:57.000Z",
  },
];

function table(columns: number): { lines: string[]; stderr: string } {
  const io = createTestIo({ stdoutIsTty: true, stderrIsTty: true, columns });
  renderList(io, "table", buildings, buildingColumns);
  return { lines: io.stdoutText().trimEnd().split("\n"), stderr: io.stderrText() };
}

describe("ids in list tables", () => {
  it.each([120, 100, 80, 60])("in %i columns every id is whole and every line fits", (columns) => {
    const { lines } = table(columns);
    const text = lines.join("\n");
    for (const building of buildings) expect(text).toContain(building.id);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
  });

  it("shrinks the other columns first: at 120 columns both ids and a cut name", () => {
    const { lines, stderr } = table(120);
    expect(lines.join("\n")).toContain(buildings[0]?.companyId);
    expect(lines[3]).toContain("Madrid HQ");
    expect(lines[3]).toContain("…");
    expect(stderr).toBe("");
  });

  it("then drops columns from the right, keeping id and name, and says which", () => {
    const { lines, stderr } = table(60);
    expect(lines[1]).toMatch(/│ id\s+│ name\s+│$/);
    expect(stderr).toContain("(not shown, so that ids fit in 60 characters: companyId, country,");
  });

  it("wraps a lone id wider than the terminal instead of cutting it", () => {
    const { lines } = table(30);
    const text = lines.join("");
    expect(text.replace(/[│\s]/g, "")).toContain(buildings[0]?.id.slice(0, 20));
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(30);
    const cells = lines.filter((line) => line.startsWith("│")).map((l) => l.replace(/[│\s]/g, ""));
    expect(cells.join("")).toContain(buildings[0]?.id);
  });

  it("lays out tables without ids as before", () => {
    expect(fitListLayout(["name", "note"], [12, 300], 80)).toEqual({
      shown: [0, 1],
      widths: [12, 65],
      wrap: false,
    });
  });
});
