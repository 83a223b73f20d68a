import { describe, expect, it } from "vitest";
import { IdHashSet } from "../../../src/rules/id-set.js";

describe("IdHashSet", () => {
  it("answers true for a new id and false for the same id again", () => {
    const set = new IdHashSet();
    expect(set.add("0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9e")).toBe(true);
    expect(set.add("0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9e")).toBe(false);
  });

  it("tells apart ids that differ only in the hashed digits (20 and 21-32)", () => {
    const set = new IdHashSet();
    expect(set.add("0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9e")).toBe(true);
    expect(set.add("0b6f6c1e-2a4d-4c1b-9a7f-5d3c2b1a0f9e")).toBe(true);
    expect(set.add("0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9f")).toBe(true);
    expect(set.add("0b6f6c1e-2a4d-4c1b-9a7e-fd3c2b1a0f9e")).toBe(true);
  });

  it.each([
    ["upper case", "0B6F6C1E-2A4D-4C1B-9A7E-5D3C2B1A0F9E"],
    ["not hex", "0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9g"],
    ["too short", "0b6f6c1e-2a4d-4c1b-9a7e-5d3c2b1a0f9"],
    ["not hex in digit 20", "0b6f6c1e-2a4d-4c1b-9a7x-5d3c2b1a0f9e"],
  ])("answers false (maybe seen) for an id that is not a lowercase UUID: %s", (_, id) => {
    expect(new IdHashSet().add(id)).toBe(false);
  });

  it("keeps every id across growth of its table", () => {
    const set = new IdHashSet();
    const id = (i: number) =>
      `00000000-0000-4000-8${(i >>> 12).toString(16).padStart(3, "0")}-${(i & 0xfff).toString(16).padStart(12, "0")}`;
    for (let i = 0; i < 20_000; i += 1) expect(set.add(id(i))).toBe(true);
    for (let i = 0; i < 20_000; i += 7) expect(set.add(id(i))).toBe(false);
  });
});
