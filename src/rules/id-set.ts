const MIN_CAPACITY = 1 << 12;

/** The value of a lowercase hex digit's char code, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/**
 * 52 random bits of a lowercase UUID (hex digits 20 and 21-32), or -1 if it is not one. Read
 * from the char codes: no substring, no regular expression (a million calls per import).
 */
function hashOf(id: string): number {
  if (id.length !== 36) return -1;
  let hash = hexValue(id.charCodeAt(22));
  if (hash < 0) return -1;
  for (let i = 24; i < 36; i += 1) {
    const digit = hexValue(id.charCodeAt(i));
    if (digit < 0) return -1;
    hash = hash * 16 + digit;
  }
  return hash;
}

/**
 * Which consumption ids a bulk import has written, without holding the strings: 52 bits of each
 * UUID in an open-addressing table of doubles (8 bytes a slot, at most half full, so about 16 MB
 * for a million ids). `add` answers false when the id may have been added before: the same id
 * always does, a different one rarely (then the caller checks the database).
 */
export class IdHashSet {
  #slots = new Float64Array(MIN_CAPACITY);
  #size = 0;

  /** True if the id is certainly new (and is now recorded). */
  add(id: string): boolean {
    const hash = hashOf(id);
    if (hash < 0) return false;
    if ((this.#size + 1) * 2 > this.#slots.length) this.#grow();
    if (!insert(this.#slots, hash + 1)) return false;
    this.#size += 1;
    return true;
  }

  #grow(): void {
    const old = this.#slots;
    this.#slots = new Float64Array(old.length * 2);
    for (const value of old) if (value !== 0) insert(this.#slots, value);
  }
}

/** Inserts `value` (> 0); false if it is already there. */
function insert(slots: Float64Array, value: number): boolean {
  const mask = slots.length - 1;
  let index = (value >>> 0) & mask;
  for (;;) {
    const current = slots[index];
    if (current === 0 || current === undefined) {
      slots[index] = value;
      return true;
    }
    if (current === value) return false;
    index = (index + 1) & mask;
  }
}
