/**
 * Duplicate detection for millions of ids without holding them as strings.
 *
 * Each key is reduced to a 64-bit fingerprint (two 32-bit multiplicative hashes over the UTF-16
 * code units, cross-mixed at the end, as in the cyrb53 family but keeping all 64 bits) and stored
 * in an open-addressing hash table made of three typed arrays: the two fingerprint halves and the
 * 1-based line of the first occurrence (0 marks an empty slot). The table doubles when it is half
 * full, so a million ids take 24 bytes a slot, a fraction of what a `Set<string>` holds.
 *
 * There are no false negatives: the same key always has the same fingerprint. A false positive
 * needs two different ids with the same 64-bit fingerprint; for n ids the chance is about
 * n^2 / 2^65 (3e-8 for a million rows), so the import reports it as a duplicate without a second
 * check (which would need the strings this structure exists to avoid).
 */

const scratch = new Uint32Array(2);

function hashInto(key: string, out: Uint32Array): void {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i += 1) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  out[0] = h2;
  out[1] = h1;
}

/** The 64-bit fingerprint of a key as two unsigned 32-bit halves `[high, low]`. */
export function fingerprint64(key: string): readonly [number, number] {
  const out = new Uint32Array(2);
  hashInto(key, out);
  return [out[0] ?? 0, out[1] ?? 0];
}

const MIN_CAPACITY = 1024;
/** The largest table sized up front (more rows than this still fit: the table doubles). */
const MAX_INITIAL_CAPACITY = 1 << 22;

export class FingerprintSet {
  #high: Uint32Array;
  #low: Uint32Array;
  #lines: Uint32Array;
  #mask: number;
  #size = 0;

  constructor(initialCapacity = MIN_CAPACITY) {
    let capacity = MIN_CAPACITY;
    while (capacity < initialCapacity) capacity *= 2;
    this.#high = new Uint32Array(capacity);
    this.#low = new Uint32Array(capacity);
    this.#lines = new Uint32Array(capacity);
    this.#mask = capacity - 1;
  }

  /**
   * A set sized for about `expectedRows` ids: twice as many slots (it doubles when half full),
   * capped. Sized up front it never doubles mid-import, when the old and the new tables would be
   * held at once (12 + 24 MB at a million rows, the import's peak memory).
   */
  static forRows(expectedRows: number): FingerprintSet {
    return new FingerprintSet(Math.min(MAX_INITIAL_CAPACITY, Math.max(0, expectedRows * 2)));
  }

  get size(): number {
    return this.#size;
  }

  get capacity(): number {
    return this.#lines.length;
  }

  /**
   * Adds `key`, first seen on `line` (1-based). Returns 0 when the key is new, else the line
   * recorded for its first occurrence (the table keeps that line).
   */
  add(key: string, line: number): number {
    if (!Number.isInteger(line) || line < 1 || line > 0xffffffff) {
      throw new RangeError(`line must be an integer from 1 to 2^32-1, got ${line}`);
    }
    hashInto(key, scratch);
    const high = scratch[0] ?? 0;
    const low = scratch[1] ?? 0;
    const found = this.#probe(high, low);
    if (found >= 0) return this.#lines[found] ?? 0;
    if ((this.#size + 1) * 2 > this.#lines.length) this.#grow();
    this.#insert(high, low, line);
    this.#size += 1;
    return 0;
  }

  /** The slot holding the fingerprint, or -1. */
  #probe(high: number, low: number): number {
    let slot = (low ^ Math.imul(high, 0x9e3779b1)) & this.#mask;
    for (;;) {
      if (this.#lines[slot] === 0) return -1;
      if (this.#high[slot] === high && this.#low[slot] === low) return slot;
      slot = (slot + 1) & this.#mask;
    }
  }

  #insert(high: number, low: number, line: number): void {
    let slot = (low ^ Math.imul(high, 0x9e3779b1)) & this.#mask;
    while (this.#lines[slot] !== 0) slot = (slot + 1) & this.#mask;
    this.#high[slot] = high;
    this.#low[slot] = low;
    this.#lines[slot] = line;
  }

  #grow(): void {
    const high = this.#high;
    const low = this.#low;
    const lines = this.#lines;
    const capacity = lines.length * 2;
    this.#high = new Uint32Array(capacity);
    this.#low = new Uint32Array(capacity);
    this.#lines = new Uint32Array(capacity);
    this.#mask = capacity - 1;
    for (let slot = 0; slot < lines.length; slot += 1) {
      const line = lines[slot] ?? 0;
      if (line !== 0) this.#insert(high[slot] ?? 0, low[slot] ?? 0, line);
    }
  }
}
