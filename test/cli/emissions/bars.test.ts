import { describe, expect, it } from "vitest";
import { bar, paddedBar } from "../../../src/cli/render/bars.js";
import { renderBoxTable, wrapText } from "../../../src/cli/render/box-table.js";
import { progressLine } from "../../../src/cli/render/progress.js";

describe("bar", () => {
  it.each([
    [10, 10, 4, "████"],
    [5, 10, 4, "██"],
    [1, 8, 1, "▏"],
    [3, 8, 1, "▍"],
    [7, 8, 1, "▉"],
    [9, 16, 2, "█▏"],
    [11, 16, 2, "█▍"],
    [20, 10, 3, "███"],
    [0.0001, 10, 5, "▏"],
    [0, 10, 5, ""],
    [-3, 10, 5, ""],
    [5, 0, 5, ""],
    [Number.NaN, 10, 5, ""],
  ])("bar(%d, %d, %d) = %j", (value, max, width, expected) => {
    expect(bar(value, max, width)).toBe(expected);
  });

  it("pads to the width so bars line up", () => {
    expect(paddedBar(5, 10, 4)).toBe("██  ");
    expect(paddedBar(0, 10, 3)).toBe("   ");
  });
});

describe("box table", () => {
  it("sets the totals off with a rule and aligns columns", () => {
    const text = renderBoxTable({
      headers: ["Month", "kg"],
      rows: [
        ["2024-01", "1.5"],
        ["2024-02", "10.25"],
        ["Total", "11.75"],
      ],
      footerRows: 1,
      aligns: ["left", "right"],
    });
    expect(text.split("\n")).toEqual([
      "┌─────────┬───────┐",
      "│ Month   │    kg │",
      "├─────────┼───────┤",
      "│ 2024-01 │   1.5 │",
      "│ 2024-02 │ 10.25 │",
      "├─────────┼───────┤",
      "│ Total   │ 11.75 │",
      "└─────────┴───────┘",
    ]);
  });
});

describe("header wrapping", () => {
  it.each([
    ["Natural gas (kWh)", 20, "Natural gas (kWh)"],
    ["Natural gas (kWh)", 11, "Natural gas\n(kWh)"],
    ["Diesel (vehicles and machinery) (l)", 16, "Diesel (vehicles\nand machinery)\n(l)"],
    ["Cat 5 Waste generated in operations", 5, "Cat 5\nWaste\ngenerated\nin\noperations"],
  ])("wrapText(%j, %d)", (text, width, expected) => {
    expect(wrapText(text, width)).toBe(expected);
  });

  it("draws a wrapped header on several lines", () => {
    const text = renderBoxTable({
      headers: ["Month", "Natural gas\n(kWh)"],
      rows: [["2024-01", "12,400"]],
      footerRows: 0,
      aligns: ["left", "right"],
    });
    expect(text.split("\n").slice(0, 4)).toEqual([
      "┌─────────┬─────────────┐",
      "│ Month   │ Natural gas │",
      "│         │       (kWh) │",
      "├─────────┼─────────────┤",
    ]);
  });
});

describe("progress line", () => {
  it("shows the bar, percent of bytes, rows, rate and ETA", () => {
    const line = progressLine(
      "bills.csv",
      { rowsRead: 12_000, bytesRead: 250, totalBytes: 1000 },
      2000,
    );
    expect(line).toBe("bills.csv [█████               ]  25%  12,000 rows  6,000 rows/s  ETA 0:06");
  });

  it("leaves out what it cannot know yet", () => {
    expect(progressLine("x.csv", { rowsRead: 0, bytesRead: 0, totalBytes: 0 }, 0)).toBe(
      "x.csv  0 rows",
    );
    expect(progressLine("x.csv", { rowsRead: 10, bytesRead: 100, totalBytes: 100 }, 1000)).toBe(
      "x.csv [████████████████████] 100%  10 rows  10 rows/s",
    );
  });
});
