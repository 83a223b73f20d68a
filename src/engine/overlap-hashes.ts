/**
 * The hashes an overlap index keeps instead of strings (src/engine/period-index.ts): 32 bits of
 * a key (building, category, entityId) to find its bucket, 52 bits of an id to know the row's own
 * record. Both read the UTF-16 code units of their strings, so no string is built to hash one.
 */

/** A building, category or entityId as the engine has it: a ref or an id. */
export type Ref = string | number;

/** Mixes one 32-bit word into a running hash (a murmur3 block step). */
function mix(hash: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
  const h = hash ^ k;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
}

function mixRef(hash: number, ref: Ref): number {
  let h = hash;
  if (typeof ref === "number") {
    h = mix(h, ref | 0);
    return mix(h, Math.floor(ref / 0x1_0000_0000) | 0);
  }
  for (let i = 0; i < ref.length; i += 1) h = mix(h, ref.charCodeAt(i));
  // The length ends the field: ("ab", "c") and ("a", "bc") hash apart.
  return mix(h, ref.length ^ 0x5bd1e995);
}

/** The final avalanche of murmur3: every input bit reaches the low bits the buckets use. */
function finish(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** The 32-bit hash of a key (a signed integer, as an Int32Array holds it). */
export function keyHashOf(building: Ref, category: Ref, entityId: string): number {
  return finish(mixRef(mixRef(mixRef(0x2545f491, building), category), entityId));
}

/** A 52-bit hash of an id, exact as a double: two 32-bit lanes over its UTF-16 code units. */
export function idHashOf(id: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i += 1) {
    const code = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 & 0xfffff) * 0x1_0000_0000 + (h1 >>> 0);
}
