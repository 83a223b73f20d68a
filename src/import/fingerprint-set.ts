/**
 * Duplicate detection for millions of ids without holding them as strings.
 *
 * Each key is reduced to a 64-bit fingerprint (two 32-bit multiplicative hashes over the UTF-16
 * code units, cross-mixed at the end, as in the cyrb53 family but keeping all 64 bits) and stored
 * in an open-addressing hash table of three words a slot: the two fingerprint halves and the
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

/** Words per slot: the fingerprint's high half, its low half, then the line (0: empty). */
const SLOT = 3;

export class FingerprintSet {
  /**
   * The slots, interleaved: a probe reads one slot's three words together, one cache miss
   * where three separate arrays cost up to three (the table is far larger than the cache).
   */
  #slots: Uint32Array;
  #capacity: number;
  #mask: number;
  #size = 0;

  constructor(initialCapacity = MIN_CAPACITY) {
    let capacity = MIN_CAPACITY;
    while (capacity < initialCapacity) capacity *= 2;
    this.#slots = new Uint32Array(capacity * SLOT);
    this.#capacity = capacity;
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
    return this.#capacity;
  }

  /**
   * Adds `key`, first seen on `line` (1-based). Returns 0 when the key is new, else the line
   * recorded for its first occurrence (the table keeps that line).
   */
  add(key: string, line: number): number {
    checkLine(line);
    hashInto(key, scratch);
    return this.#add(scratch[0] ?? 0, scratch[1] ?? 0, line);
  }

  /**
   * `add` for a key made by `uuidV5` (a derived id): its hex digits are already a SHA-1 digest,
   * so 64 of its bits are the fingerprint, read from the characters instead of hashed from all
   * 36 (the duplicate check of a million derived ids, on the thread that writes). Any other key
   * is hashed as `add` does: explicit ids can share all but a few digits.
   */
  addDerived(key: string, line: number): number {
    checkLine(line);
    const high = key.length === 36 ? hex32(key, 0) : -1;
    const low = key.length === 36 ? hex32(key, 28) : -1;
    if (high < 0 || low < 0) return this.add(key, line);
    return this.#add(high, low, line);
  }

  #add(high: number, low: number, line: number): number {
    const slots = this.#slots;
    const mask = this.#mask;
    let slot = (low ^ Math.imul(high, 0x9e3779b1)) & mask;
    for (;;) {
      const at = slot * SLOT;
      const found = slots[at + 2] ?? 0;
      if (found === 0) break;
      if (slots[at] === high && slots[at + 1] === low) return found;
      slot = (slot + 1) & mask;
    }
    if ((this.#size + 1) * 2 > this.#capacity) this.#grow();
    place(this.#slots, this.#mask, high, low, line);
    this.#size += 1;
    return 0;
  }

  #grow(): void {
    const old = this.#slots;
    const capacity = this.#capacity * 2;
    const slots = new Uint32Array(capacity * SLOT);
    const mask = capacity - 1;
    for (let at = 0; at < old.length; at += SLOT) {
      const line = old[at + 2] ?? 0;
      if (line !== 0) place(slots, mask, old[at] ?? 0, old[at + 1] ?? 0, line);
    }
    this.#slots = slots;
    this.#capacity = capacity;
    this.#mask = mask;
  }
}

function checkLine(line: number): void {
  if (!Number.isInteger(line) || line < 1 || line > 0xffffffff) {
    throw new RangeError(`line must be an integer from 1 to 2^32-1, got ${line}`);
  }
}

/** The 8 lowercase hex digits of `key` from `at` as an unsigned 32-bit number, or -1. */
function hex32(key: string, at: number): number {
  let value = 0;
  for (let i = at; i < at + 8; i += 1) {
    const code = key.charCodeAt(i);
    let digit: number;
    if (code >= 48 && code <= 57) digit = code - 48;
    else if (code >= 97 && code <= 102) digit = code - 87;
    else return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** Writes a fingerprint known to be absent into the first free slot of its probe sequence. */
function place(slots: Uint32Array, mask: number, high: number, low: number, line: number): void {
  let slot = (low ^ Math.imul(high, 0x9e3779b1)) & mask;
  while ((slots[slot * SLOT + 2] ?? 0) !== 0) slot = (slot + 1) & mask;
  const at = slot * SLOT;
  slots[at] = high;
  slots[at + 1] = low;
  slots[at + 2] = line;
}
