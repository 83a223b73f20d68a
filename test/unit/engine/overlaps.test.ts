import { describe, expect, it } from "vitest";
import { dayOf, OverlapIndex } from "../../../src/engine/overlaps.js";

const key = { building: 1, category: 2, entityId: "INV-1" };

function indexOf(firstDay: string, lastDay: string): OverlapIndex {
  const index = new OverlapIndex();
  index.add(1, 2, "INV-1", "stored", dayOf(firstDay), dayOf(lastDay));
  return index;
}

function found(index: OverlapIndex, id: string, first: string, last: string, at = key): string[] {
  return index.find(at, id, dayOf(first), dayOf(last)).map((period) => period.id);
}

describe("overlapping periods", () => {
  const january = indexOf("2024-01-01T00:00:00.000Z", "2024-01-30T00:00:00.000Z");

  it.each([
    ["a corrected end date", "2024-01-01T00:00:00.000Z", "2024-01-31T00:00:00.000Z", ["stored"]],
    ["a period inside it", "2024-01-10T00:00:00.000Z", "2024-01-12T00:00:00.000Z", ["stored"]],
    [
      "a period sharing its last day",
      "2024-01-30T00:00:00.000Z",
      "2024-02-28T00:00:00.000Z",
      ["stored"],
    ],
    ["the next period", "2024-01-31T00:00:00.000Z", "2024-02-28T00:00:00.000Z", []],
    [
      "the same period (under another id: not a correction)",
      "2024-01-01T00:00:00.000Z",
      "2024-01-30T23:00:00.000Z",
      [],
    ],
  ])("%s", (_label, first, last, expected) => {
    expect(found(january, "row", first, last)).toEqual(expected);
  });

  it("never the record itself, nor another building, category or entity", () => {
    expect(found(january, "stored", "2024-01-01", "2024-01-31")).toEqual([]);
    for (const other of [
      { ...key, entityId: "INV-2" },
      { ...key, category: 3 },
      { ...key, building: 9 },
    ]) {
      expect(found(january, "row", "2024-01-01", "2024-01-31", other)).toEqual([]);
    }
  });

  it("counts days in UTC, from ISO text or stored milliseconds alike", () => {
    expect(dayOf("2024-01-31T23:59:59.999Z")).toBe(dayOf(Date.parse("2024-01-31T00:00:00.000Z")));
    expect(dayOf("2024-02-01T00:00:00.000Z")).toBe(dayOf("2024-01-31T00:00:00.000Z") + 1);
  });
});
