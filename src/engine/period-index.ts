/**
 * The stored periods of one company in typed arrays (src/engine/overlaps.ts says what overlaps):
 * no string and no object per record, so an index of a million stored records is a few tens of
 * megabytes that the garbage collector never walks. Each entry holds its two day numbers, a
 * 32-bit hash of its key (building, category, entityId), a 52-bit hash of its id, the caller's
 * numeric handle for it (a rowid, a place in an array) and a carried flag.
 *
 * Hashes are not keys, so `find` answers candidates: an entry whose key hash equals the row's
 * may belong to another key, and the caller verifies the key exactly before reporting one (that
 * is rare: only entries that also overlap the row's period get that far). The id hash decides
 * alone which entry is the row's own record: ids are UUIDs, and only the few records under one
 * key are ever compared, so a different id taken for the row's own needs two UUIDs under one key
 * to share 52 hash bits.
 */

const INITIAL_CAPACITY = 1024;
const NONE: readonly number[] = Object.freeze([]);

/** An entry's Int32 words: first day, last day, the id hash's low 32 bits, then `HIGH`. */
const FIRST = 0;
const LAST = 1;
const ID_LOW = 2;
/** The id hash's high 20 bits, the carried flag, the wide-handle flag and 10 key-hash bits. */
const HIGH = 3;
/** The handle as an unsigned 32-bit integer, or with `WIDE` set its place in `#wide`. */
const HANDLE = 4;
const WORDS = 5;
const ID_HIGH_BITS = 0xfffff;
const CARRIED = 1 << 20;
const WIDE = 1 << 21;
const CHECK_SHIFT = 22;
const CHECK_BITS = 0x3ff;
const TWO_32 = 0x1_0000_0000;
/** Buckets sorted by a first pass of the seal (by their high bits), each group then by itself. */
const GROUP_BITS = 8;

/** Rows for `PeriodIndex.findAll`: their key hashes, id hashes and periods, reused batch after batch. */
export class LookupBatch {
  #size = 0;
  #keys = new Int32Array(256);
  #ids = new Float64Array(256);
  #firstDays = new Int32Array(256);
  #lastDays = new Int32Array(256);

  get size(): number {
    return this.#size;
  }
  get keys(): Int32Array {
    return this.#keys;
  }
  get ids(): Float64Array {
    return this.#ids;
  }
  get firstDays(): Int32Array {
    return this.#firstDays;
  }
  get lastDays(): Int32Array {
    return this.#lastDays;
  }

  /** Adds a row; its number in the batch is the size before. */
  push(key: number, id: number, firstDay: number, lastDay: number): void {
    if (this.#size === this.#keys.length) {
      this.#keys = widened(this.#keys, new Int32Array(this.#size * 2));
      this.#ids = widened(this.#ids, new Float64Array(this.#size * 2));
      this.#firstDays = widened(this.#firstDays, new Int32Array(this.#size * 2));
      this.#lastDays = widened(this.#lastDays, new Int32Array(this.#size * 2));
    }
    this.#keys[this.#size] = key;
    this.#ids[this.#size] = id;
    this.#firstDays[this.#size] = firstDay;
    this.#lastDays[this.#size] = lastDay;
    this.#size += 1;
  }

  clear(): void {
    this.#size = 0;
  }
}

/**
 * Entries are appended as the stored records are read, 20 bytes each, and their key hashes
 * beside them. The first `find` seals the index: the entries are sorted in place by bucket (the
 * low bits of the key hash, a quarter to a half as many buckets as entries), 10 more key-hash bits
 * go into each entry, enough to tell the keys of a bucket apart, and the key hashes are dropped.
 * A lookup then reads one bucket offset (4 bytes a bucket) and the few adjacent entries of its
 * bucket. Records are all added before the first lookup; a later `add` is refused.
 */
export class PeriodIndex {
  #size = 0;
  #words: Int32Array<ArrayBuffer>;
  /** Each entry's key hash, until the index is sealed. */
  #keys: Int32Array<ArrayBuffer>;
  /** Handles past 32 bits (a rowid past four billion): kept aside, the entry holds their place. */
  readonly #wide: number[] = [];
  /** Where each bucket's entries start, and the end; undefined until the index is sealed. */
  #offsets: Int32Array | undefined;
  #shift = 0;
  /** `findAll`'s bucket starts, kept from one batch to the next. */
  #starts = new Int32Array(0);
  /** What `findAll`'s touching read, kept so that the reads are not optimized away. */
  #touched = 0;

  /** Room for `capacity` entries; beyond it the entries double. */
  constructor(capacity = INITIAL_CAPACITY) {
    this.#words = new Int32Array(Math.max(1, capacity) * WORDS);
    this.#keys = new Int32Array(Math.max(1, capacity));
  }

  get size(): number {
    return this.#size;
  }

  /** Adds a stored record; `key` and `id` are `keyHashOf` and `idHashOf` values. */
  add(key: number, id: number, firstDay: number, lastDay: number, handle: number): void {
    if (this.#offsets !== undefined) {
      throw new Error("PeriodIndex: every add comes before the first find");
    }
    if (this.#size === this.#keys.length) {
      this.#words = grown(this.#words);
      this.#keys = grown(this.#keys);
    }
    const entry = this.#size;
    this.#size += 1;
    const at = entry * WORDS;
    const words = this.#words;
    words[at + FIRST] = firstDay;
    words[at + LAST] = lastDay;
    words[at + ID_LOW] = id % TWO_32;
    let high = Math.floor(id / TWO_32) & ID_HIGH_BITS;
    if (Number.isInteger(handle) && handle >= 0 && handle < TWO_32) {
      words[at + HANDLE] = handle;
    } else {
      high |= WIDE;
      words[at + HANDLE] = this.#wide.length;
      this.#wide.push(handle);
    }
    words[at + HIGH] = high;
    this.#keys[entry] = key;
  }

  #seal(): Int32Array {
    const size = this.#size;
    let buckets = 1;
    while (buckets * 4 <= size) {
      buckets *= 2;
      this.#shift += 1;
    }
    const mask = buckets - 1;
    const keys = this.#keys;
    const offsets = new Int32Array(buckets + 1);
    for (let entry = 0; entry < size; entry += 1) {
      const bucket = ((keys[entry] ?? 0) & mask) + 1;
      offsets[bucket] = (offsets[bucket] ?? 0) + 1;
    }
    for (let bucket = 1; bucket <= buckets; bucket += 1) {
      offsets[bucket] = (offsets[bucket] ?? 0) + (offsets[bucket - 1] ?? 0);
    }
    // Two passes, so that each writes to few places at a time: by group, then within each group.
    const groupShift = Math.max(0, this.#shift - GROUP_BITS);
    const groups = buckets >>> groupShift;
    const starts = new Int32Array(groups + 1);
    for (let group = 0; group <= groups; group += 1) {
      starts[group] = offsets[group << groupShift] ?? 0;
    }
    this.#sortRange(starts, mask, groupShift, 0);
    if (groupShift > 0) {
      for (let group = 0; group < groups; group += 1) {
        const first = group << groupShift;
        this.#sortRange(offsets.subarray(first, first + (1 << groupShift) + 1), mask, 0, first);
      }
    }
    const words = this.#words;
    for (let entry = 0; entry < size; entry += 1) {
      const check = ((keys[entry] ?? 0) >>> this.#shift) & CHECK_BITS;
      words[entry * WORDS + HIGH] = (words[entry * WORDS + HIGH] ?? 0) | (check << CHECK_SHIFT);
    }
    // The key hashes are freed at once rather than at some later collection.
    this.#keys.buffer.transfer(0);
    this.#keys = new Int32Array(0);
    this.#offsets = offsets;
    return offsets;
  }

  /**
   * Sorts the entries between `bounds[0]` and `bounds[n]` in place (an American flag sort) by
   * `((key & mask) >>> shift) - base`, the value whose entries go from `bounds[v]` to `bounds[v + 1]`.
   */
  #sortRange(bounds: Int32Array, mask: number, shift: number, base: number): void {
    const keys = this.#keys;
    const words = this.#words;
    const next = bounds.slice(0, bounds.length - 1);
    for (let value = 0; value < next.length; value += 1) {
      const end = bounds[value + 1] ?? 0;
      for (let place = next[value] ?? 0; place < end; place = next[value] ?? 0) {
        const target = (((keys[place] ?? 0) & mask) >>> shift) - base;
        if (target === value) {
          next[value] = place + 1;
        } else {
          const other = next[target] ?? 0;
          next[target] = other + 1;
          swap(words, keys, place, other);
        }
      }
    }
  }

  /**
   * The entries under `key` whose period overlaps the row's (another id, another period, a
   * shared day), in handle order; entries under the row's key with its id are marked carried.
   */
  find(key: number, id: number, firstDay: number, lastDay: number): readonly number[] {
    const offsets = this.#offsets ?? this.#seal();
    const bucket = key & (offsets.length - 2);
    const [start, end] = [offsets[bucket] ?? 0, offsets[bucket + 1] ?? 0];
    return this.#match(start, end, key, id, firstDay, lastDay);
  }

  /**
   * `find` for each row of a batch, `found` told the entries of those that overlap some. The
   * batch's bucket offsets are read first and the first entry of each bucket touched next: reads
   * that do not wait on one another overlap, where one row after another would wait for each.
   */
  findAll(batch: LookupBatch, found: (lookup: number, entries: readonly number[]) => void): void {
    const offsets = this.#offsets ?? this.#seal();
    const mask = offsets.length - 2;
    const { keys, ids, firstDays, lastDays, size } = batch;
    if (this.#starts.length < size) this.#starts = new Int32Array(size * 2);
    const starts = this.#starts;
    for (let lookup = 0; lookup < size; lookup += 1) {
      starts[lookup] = offsets[(keys[lookup] ?? 0) & mask] ?? 0;
    }
    let touched = 0;
    for (let lookup = 0; lookup < size; lookup += 1) {
      touched ^= this.#words[(starts[lookup] ?? 0) * WORDS + HIGH] ?? 0;
    }
    this.#touched ^= touched;
    for (let lookup = 0; lookup < size; lookup += 1) {
      const key = keys[lookup] ?? 0;
      const end = offsets[(key & mask) + 1] ?? 0;
      const first = firstDays[lookup] ?? 0;
      const last = lastDays[lookup] ?? 0;
      const entries = this.#match(starts[lookup] ?? 0, end, key, ids[lookup] ?? 0, first, last);
      if (entries.length > 0) found(lookup, entries);
    }
  }

  /** The overlapping entries among a bucket's, from `start` to `end`. */
  #match(
    start: number,
    end: number,
    key: number,
    id: number,
    firstDay: number,
    lastDay: number,
  ): readonly number[] {
    const words = this.#words;
    const check = (key >>> this.#shift) & CHECK_BITS;
    const low = (id % TWO_32) | 0;
    const high = Math.floor(id / TWO_32) & ID_HIGH_BITS;
    let found: number[] | undefined;
    for (let entry = start; entry < end; entry += 1) {
      const at = entry * WORDS;
      const flags = words[at + HIGH] ?? 0;
      if (flags >>> CHECK_SHIFT !== check) continue;
      if (words[at + ID_LOW] === low && (flags & ID_HIGH_BITS) === high) {
        words[at + HIGH] = flags | CARRIED;
        continue;
      }
      const first = words[at + FIRST] ?? 0;
      const last = words[at + LAST] ?? 0;
      if (first <= lastDay && last >= firstDay && (first !== firstDay || last !== lastDay)) {
        found ??= [];
        found.push(entry);
      }
    }
    if (found === undefined) return NONE;
    return found.length === 1 ? found : found.sort((a, b) => this.handle(a) - this.handle(b));
  }

  /** The handle `add` was given for an entry `find` answered. */
  handle(entry: number): number {
    const at = entry * WORDS;
    const handle = (this.#words[at + HANDLE] ?? 0) >>> 0;
    return ((this.#words[at + HIGH] ?? 0) & WIDE) === 0 ? handle : (this.#wide[handle] ?? -1);
  }

  /** The id hash of an entry: a caller checks that a record read again is the one indexed. */
  idHash(entry: number): number {
    const at = entry * WORDS;
    const high = (this.#words[at + HIGH] ?? 0) & ID_HIGH_BITS;
    return high * TWO_32 + ((this.#words[at + ID_LOW] ?? 0) >>> 0);
  }

  /** Whether a row with this entry's id was looked up under its key. */
  carried(entry: number): boolean {
    return ((this.#words[entry * WORDS + HIGH] ?? 0) & CARRIED) !== 0;
  }
}

function widened<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** A copy of `from` with twice the room; `from`'s memory is freed at once. */
function grown(from: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const to = new Int32Array(from.length * 2);
  to.set(from);
  from.buffer.transfer(0);
  return to;
}

function swap(words: Int32Array, keys: Int32Array, a: number, b: number): void {
  const key = keys[a] ?? 0;
  keys[a] = keys[b] ?? 0;
  keys[b] = key;
  for (let word = 0; word < WORDS; word += 1) {
    const value = words[a * WORDS + word] ?? 0;
    words[a * WORDS + word] = words[b * WORDS + word] ?? 0;
    words[b * WORDS + word] = value;
  }
}
