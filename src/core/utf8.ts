/**
 * Finding bytes that are not UTF-8, for every reader of user text: CSV files (src/import), JSON
 * files and request bodies (json-bytes.ts). Decoding them would turn each into U+FFFD silently.
 */

/** Second-byte range of each lead byte that restricts it (RFC 3629: no overlongs, surrogates). */
function secondByteOk(lead: number, second: number): boolean {
  if (lead === 0xe0) return second >= 0xa0 && second <= 0xbf;
  if (lead === 0xed) return second >= 0x80 && second <= 0x9f;
  if (lead === 0xf0) return second >= 0x90 && second <= 0xbf;
  if (lead === 0xf4) return second >= 0x80 && second <= 0x8f;
  return (second & 0xc0) === 0x80;
}

/** Offset of the first byte of `bytes` that starts no valid UTF-8 sequence; -1 when all valid. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const size = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : 4;
    if (lead < 0xc2 || lead > 0xf4 || at + size > bytes.length) return at;
    if (!secondByteOk(lead, bytes[at + 1] ?? 0)) return at;
    for (let k = 2; k < size; k += 1) if (((bytes[at + k] ?? 0) & 0xc0) !== 0x80) return at;
    at += size;
  }
  return -1;
}

/** How many line feeds `bytes` holds before `end`. */
export function lineFeedsBefore(bytes: Uint8Array, end: number): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < end; at = bytes.indexOf(0x0a, at + 1)) {
    count += 1;
  }
  return count;
}
