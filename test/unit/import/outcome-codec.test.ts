import { describe, expect, it } from "vitest";
import { decodeChunk, encodeChunk } from "../../../src/import/outcome-codec.js";
import type { RowOutcome } from "../../../src/import/row-outcomes.js";

const company = "11111111-1111-4111-8111-111111111111";
const building = "22222222-2222-4222-8222-222222222222";
const category = "33333333-3333-4333-8333-333333333333";

function valid(line: number, id: string, entityId: string, cells: readonly string[]): RowOutcome {
  return {
    line,
    cells,
    input: {
      id,
      entityId,
      categoryId: category,
      startDate: "2024-01-01T00:00:00.000Z",
      endDate: "2024-01-31T00:00:00.000Z",
      companyId: company,
      buildingId: building,
      quantity: 1234.5 + line,
      unitType: "kWh",
    },
    plan: undefined,
  };
}

const outcomes: RowOutcome[] = [
  valid(2, "aaaaaaaa-0000-4000-8000-000000000001", "INV-1", ["INV-1", "x"]),
  { line: 3, cells: ["bad", "row"], errors: [{ line: 3, column: "quantity", message: "nope" }] },
  valid(4, "aaaaaaaa-0000-4000-8000-000000000002", "", ["", "y"]),
  {
    ...valid(5, "aaaaaaaa-0000-4000-8000-000000000003", "Factura nº 7 – Año", [
      "Factura nº 7 – Año",
    ]),
    plan: { id: building, companyId: company, name: "Madrid HQ", country: "ES" },
  },
  valid(6, "aaaaaaaa-0000-4000-8000-000000000004", "INV-4", ["INV-4", "z"]),
  (() => {
    // A natural-gas bill in m3 with its own kWh per m3
    const row = valid(7, "aaaaaaaa-0000-4000-8000-000000000005", "GAS-1", ["GAS-1", "m3"]);
    return "input" in row
      ? { ...row, input: { ...row.input, unitType: "m3", kwhPerM3: 11.63 } }
      : row;
  })(),
];

/** What postMessage does to a chunk: a structured clone, the typed arrays transferred. */
function post(keepCells: boolean): RowOutcome[] {
  const { chunk, transfer } = encodeChunk(outcomes, keepCells, 100);
  return decodeChunk(structuredClone(chunk, { transfer }));
}

describe("outcome codec", () => {
  it("gives back every outcome, ids and entity ids included, across a structured clone", () => {
    expect(post(true)).toEqual(outcomes);
  });

  it("drops the cells of valid rows when nothing needs them, never those of rejected rows", () => {
    const decoded = post(false);
    expect(decoded.map((o) => o.cells)).toEqual([[], ["bad", "row"], [], [], [], []]);
    expect(decoded.map((o) => ("input" in o ? o.input : o.errors))).toEqual(
      outcomes.map((o) => ("input" in o ? o.input : o.errors)),
    );
  });
});
