import { describe, expect, it } from "vitest";
import { sampleIds } from "../../../src/import/resume-check.js";

const ids = (count: number): string[] =>
  Array.from({ length: count }, (_, n) => `d5000000-0000-4000-8000-${String(n).padStart(12, "0")}`);

describe("the journaled ids --resume looks up", () => {
  it("are all of a short journal", () => {
    expect(new Set(sampleIds(ids(10)))).toEqual(new Set(ids(10)));
  });

  it("in a long one: the last 16, every 100th of the last 4,000, and 24 over the rest", () => {
    const all = ids(100_000);
    const sample = sampleIds(all);
    expect(sample.length).toBeLessThanOrEqual(80);
    expect(sample.slice(0, 16)).toEqual(all.slice(-16).reverse());
    for (let at = all.length - 1; at >= all.length - 4000; at -= 100) {
      expect(sample).toContain(all[at]);
    }
    const older = sample.filter((id) => all.indexOf(id) < all.length - 4000);
    expect(older).toHaveLength(24);
    expect(older).toContain(all[0]);
  });
});
