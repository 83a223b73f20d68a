import { describe, expect, it } from "vitest";
import { idHashOf, keyHashOf } from "../../../src/engine/overlap-hashes.js";
import { OverlapIndex } from "../../../src/engine/overlaps.js";
import { LookupBatch, PeriodIndex } from "../../../src/engine/period-index.js";

/** A small deterministic generator, so that a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x1_0000_0000;
  };
}

interface Stored {
  readonly key: number;
  readonly id: string;
  readonly first: number;
  readonly last: number;
}

/** What `find` must answer, worked out one stored record after another. */
function expected(stored: readonly Stored[], key: number, id: string, first: number, last: number) {
  return stored
    .map((record, handle) => ({ record, handle }))
    .filter(
      ({ record }) =>
        record.key === key &&
        record.id !== id &&
        record.first <= last &&
        record.last >= first &&
        (record.first !== first || record.last !== last),
    )
    .map(({ handle }) => handle);
}

describe("PeriodIndex", () => {
  const random = generator(7);
  // 40 keys, so that each bucket holds many records of several keys.
  const stored: Stored[] = Array.from({ length: 5000 }, (_, n) => {
    const first = Math.floor(random() * 400);
    return {
      key: keyHashOf(n % 40, 1, "INV"),
      id: `id-${n}`,
      first,
      last: first + Math.floor(random() * 40),
    };
  });
  const rows = Array.from({ length: 500 }, (_, n) => {
    const first = Math.floor(random() * 400);
    return {
      key: keyHashOf(n % 45, 1, "INV"),
      // Every fifth row is a stored record looked up again.
      id: n % 5 === 0 ? `id-${n * 7}` : `row-${n}`,
      first,
      last: first + Math.floor(random() * 40),
    };
  });

  function filled(capacity?: number): PeriodIndex {
    const index = new PeriodIndex(capacity);
    stored.forEach((record, handle) => {
      index.add(record.key, idHashOf(record.id), record.first, record.last, handle);
    });
    return index;
  }

  it("finds what a record-by-record comparison finds, after growing from a small capacity", () => {
    const index = filled(3);
    for (const row of rows) {
      const entries = index.find(row.key, idHashOf(row.id), row.first, row.last);
      expect(entries.map((entry) => index.handle(entry))).toEqual(
        expected(stored, row.key, row.id, row.first, row.last),
      );
    }
  });

  it("answers a batch as it answers each of its rows", () => {
    const one = filled();
    const batched = filled();
    const batch = new LookupBatch();
    for (const row of rows) batch.push(row.key, idHashOf(row.id), row.first, row.last);
    const answers = new Map<number, number[]>();
    batched.findAll(batch, (lookup, entries) => {
      answers.set(
        lookup,
        entries.map((entry) => batched.handle(entry)),
      );
    });
    rows.forEach((row, lookup) => {
      const entries = one.find(row.key, idHashOf(row.id), row.first, row.last);
      expect(answers.get(lookup) ?? []).toEqual(entries.map((entry) => one.handle(entry)));
    });
  });

  it("marks carried the stored records whose id a row under their key had", () => {
    const index = filled();
    const entryOf = new Map<number, number>();
    for (const row of rows) {
      index.find(row.key, idHashOf(row.id), row.first, row.last);
    }
    // Every entry's handle, found by asking for each stored record's own period from another id.
    for (const [handle, record] of stored.entries()) {
      for (const entry of index.find(record.key, idHashOf("probe"), record.first, record.last + 1))
        if (index.handle(entry) === handle) entryOf.set(handle, entry);
    }
    for (const [handle, record] of stored.entries()) {
      const entry = entryOf.get(handle);
      if (entry === undefined) throw new Error(`entry ${handle} not found`);
      const lookedUp = rows.some((row) => row.id === record.id && row.key === record.key);
      expect(index.carried(entry)).toBe(lookedUp);
      expect(index.idHash(entry)).toBe(idHashOf(record.id));
    }
  });

  it("keeps handles past 32 bits and rowids below zero", () => {
    const index = new PeriodIndex();
    const key = keyHashOf(1, 2, "");
    index.add(key, idHashOf("a"), 10, 20, 2 ** 40 + 3);
    index.add(key, idHashOf("b"), 15, 25, -5);
    index.add(key, idHashOf("c"), 18, 30, 0xffff_ffff);
    const entries = index.find(key, idHashOf("row"), 12, 19);
    expect(entries.map((entry) => index.handle(entry))).toEqual([-5, 0xffff_ffff, 2 ** 40 + 3]);
  });

  it("refuses a record added after the first lookup", () => {
    const index = new PeriodIndex();
    index.add(1, 1, 0, 1, 0);
    index.find(1, 2, 0, 0);
    expect(() => index.add(1, 3, 0, 1, 1)).toThrow(/before the first find/);
  });
});

describe("hashes", () => {
  it("tell keys apart field by field, and ids by every character", () => {
    expect(keyHashOf("ab", "c", "")).not.toBe(keyHashOf("a", "bc", ""));
    expect(keyHashOf(1, 2, "x")).not.toBe(keyHashOf(2, 1, "x"));
    expect(keyHashOf(2 ** 33, 0, "")).not.toBe(keyHashOf(0, 0, ""));
    const ids = new Set<number>();
    for (let n = 0; n < 100_000; n += 1) ids.add(idHashOf(`0a000000-0000-4000-8000-${n}`));
    expect(ids.size).toBe(100_000);
    for (const id of ids) expect(Number.isSafeInteger(id) && id >= 0 && id < 2 ** 52).toBe(true);
  });
});

describe("OverlapIndex with colliding keys", () => {
  it("reports only the records of the row's own key", () => {
    // Every key hashes alike: each candidate must be checked against its key.
    const index = new OverlapIndex(() => 42);
    index.add(1, 2, "INV-1", "mine", 10, 20);
    index.add(1, 2, "INV-2", "other entity", 10, 20);
    index.add(1, 3, "INV-1", "other category", 10, 20);
    index.add(9, 2, "INV-1", "other building", 10, 20);
    const found = index.find({ building: 1, category: 2, entityId: "INV-1" }, "row", 10, 21);
    expect(found.map((record) => record.id)).toEqual(["mine"]);
  });
});
