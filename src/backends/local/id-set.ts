const MIN_CAPACITY = 1 << 12;

const HEX13 = /^[0-9a-f]{13}$/;

/** 52 random bits of a lowercase UUID (hex digits 20 and 21-32), or -1 if it is not one. */
function hashOf(id: string): number {
  const digits = `${id.charAt(22)}${id.slice(24)}`;
  return id.length === 36 && HEX13.test(digits) ? Number.parseInt(digits, 16) : -1;
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
