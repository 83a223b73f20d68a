import { describe, expect, it } from "vitest";
import { uuidV5 } from "../../../src/core/ids.js";
import { FingerprintSet, fingerprint64 } from "../../../src/import/fingerprint-set.js";

function syntheticId(i: number): string {
  // UUID-shaped, sequential: the worst case for a weak hash (ids differ in a few characters).
  const hex = i.toString(16).padStart(12, "0");
  return `00000000-0000-5000-8000-${hex}`;
}

describe("fingerprint64", () => {
  it("is deterministic and gives two 32-bit halves", () => {
    const [high, low] = fingerprint64("3f2b7c1e-5d4f-4e8a-9b6c-0d1e2f3a4b5c");
    expect(fingerprint64("3f2b7c1e-5d4f-4e8a-9b6c-0d1e2f3a4b5c")).toEqual([high, low]);
    for (const half of [high, low]) {
      expect(Number.isInteger(half)).toBe(true);
      expect(half).toBeGreaterThanOrEqual(0);
      expect(half).toBeLessThan(2 ** 32);
    }
  });

  it("differs for keys that differ in one character", () => {
    expect(fingerprint64("a-0001")).not.toEqual(fingerprint64("a-0002"));
    expect(fingerprint64("ab")).not.toEqual(fingerprint64("ba"));
  });
});

describe("FingerprintSet", () => {
  it("returns 0 for a new key and the first line for a repeated one", () => {
    const set = new FingerprintSet();
    expect(set.add("x", 2)).toBe(0);
    expect(set.add("y", 3)).toBe(0);
    expect(set.add("x", 9)).toBe(2);
    expect(set.add("x", 12)).toBe(2);
    expect(set.size).toBe(2);
  });

  it("has no false negatives and no false positives over a million ids, growing as needed", () => {
    const set = new FingerprintSet();
    const initialCapacity = set.capacity;
    const count = 1_000_000;
    let falsePositives = 0;
    for (let i = 0; i < count; i += 1) {
      if (set.add(syntheticId(i), i + 2) !== 0) falsePositives += 1;
    }
    expect(falsePositives).toBe(0);
    expect(set.size).toBe(count);
    expect(set.capacity).toBeGreaterThan(initialCapacity);
    expect(set.capacity).toBeGreaterThanOrEqual(count * 2);
    let misses = 0;
    for (let i = 0; i < count; i += 1) {
      if (set.add(syntheticId(i), 1) !== i + 2) misses += 1;
    }
    expect(misses).toBe(0);
    expect(set.size).toBe(count);
  });

  it("is sized for the expected rows up front (twice the slots, capped), so it need not grow", () => {
    expect(FingerprintSet.forRows(0).capacity).toBe(1024);
    expect(FingerprintSet.forRows(1_000_000).capacity).toBe(2 ** 21);
    expect(FingerprintSet.forRows(50_000_000).capacity).toBe(2 ** 22);
    const set = FingerprintSet.forRows(5000);
    const capacity = set.capacity;
    for (let i = 0; i < 5000; i += 1) set.add(syntheticId(i), i + 2);
    expect(set.capacity).toBe(capacity);
  });

  it.each([0, -1, 1.5, 2 ** 32])("refuses line %d", (line) => {
    expect(() => new FingerprintSet().add("x", line)).toThrow(RangeError);
  });
});

const V5_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * `count` ids shaped as derived ids are (version 5 UUIDs: SHA-1 digests, so their bits look
 * uniformly random), from a seeded xorshift generator: a million uuidV5 calls take seconds, and
 * the set reads only the digits, whatever made them. They are distinct: four successive outputs
 * of a 32-bit xorshift determine its state, which does not repeat within 2^32 - 1 outputs.
 */
function digestLikeIds(count: number): string[] {
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, "0");
  let x = 0x9e3779b9;
  const next = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x;
  };
  const ids: string[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const a = hex(next());
    const b = hex(next());
    const c = next();
    const d = hex(next());
    const variant = "89ab"[c & 3];
    const rest = hex(c);
    ids[i] =
      `${a}-${b.slice(0, 4)}-5${b.slice(5)}-${variant}${rest.slice(1, 4)}-${rest.slice(4)}${d}`;
  }
  return ids;
}

describe("FingerprintSet.addDerived", () => {
  it("finds every repeat among a million derived ids, with no false positive", () => {
    const set = FingerprintSet.forRows(1_000_000);
    const ids = digestLikeIds(1_000_000);
    // The generator makes ids of the derived ids' shape (checked against uuidV5's here).
    expect(ids[0]).toMatch(V5_SHAPE);
    expect(uuidV5("consumption:row-0")).toMatch(V5_SHAPE);
    let repeats = 0;
    ids.forEach((id, index) => {
      if (set.addDerived(id, index + 1) !== 0) repeats += 1;
    });
    expect(repeats).toBe(0);
    expect(set.size).toBe(1_000_000);
    expect(set.addDerived(ids[123_456] ?? "", 2_000_000)).toBe(123_457);
    expect(set.addDerived(ids[0] ?? "", 2_000_001)).toBe(1);
  });

  it("hashes a key that is not a lowercase UUID as add does", () => {
    const set = new FingerprintSet();
    expect(set.addDerived("INV-1", 2)).toBe(0);
    expect(set.addDerived("INV-1", 5)).toBe(2);
    expect(set.add("INV-1", 6)).toBe(2);
    const upper = "3F2B7C1E-5D4F-4E8A-9B6C-0D1E2F3A4B5C";
    expect(set.addDerived(upper, 7)).toBe(0);
    expect(set.add(upper, 8)).toBe(7);
  });
});
