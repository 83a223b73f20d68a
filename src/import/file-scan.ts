import { isUtf8 } from "node:buffer";
import { open } from "node:fs/promises";
import { firstInvalidUtf8, lineFeedsBefore } from "../core/utf8.js";
import type { LineEnding } from "./csv-record.js";
import { completeUtf8Length } from "./text-encoding.js";

/**
 * One pass over a CSV file's bytes, before any record is read, through a single reused buffer (no
 * decoding, and no garbage for the collector to find later):
 *
 * - plain: the file holds no `"` and no carriage return other than the `\r` of `\r\n` line
 *   endings (when the header line ends with `\r\n`), so plain-csv.ts may split it by lines;
 * - UTF-8: every byte belongs to a valid UTF-8 sequence (when asked), else the line of the
 *   first one that does not (text-encoding.ts says why this matters).
 *
 * Only ASCII-compatible encodings are scanned: in them `"`, CR and LF are single bytes. Files
 * of a million rows take tens of milliseconds (memchr and simdutf do the looking).
 */

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SCAN_CHUNK = 1 << 20;

export interface FileScan {
  readonly plain: boolean;
  /** 1-based line holding the first byte that is not UTF-8; undefined when valid or not asked. */
  readonly notUtf8Line: number | undefined;
}

export interface ScanOptions {
  /** The header line's ending: `\r` alone never qualifies as plain. */
  readonly lineEnding: LineEnding;
  /** Check that the whole file is UTF-8. */
  readonly utf8: boolean;
}

/** Whether a chunk keeps the file plain, given the last byte of the chunk before it. */
function plainChunk(chunk: Buffer, previous: number, lineEnding: LineEnding): boolean {
  if (chunk.indexOf(QUOTE) !== -1) return false;
  let cr = chunk.indexOf(CR);
  if (cr !== -1 && lineEnding === "\n") return false;
  if (previous === CR && chunk[0] !== LF) return false;
  while (cr !== -1) {
    // A chunk may end between the \r and the \n of one line ending.
    const next = chunk[cr + 1];
    if (next !== undefined && next !== LF) return false;
    cr = chunk.indexOf(CR, cr + 1);
  }
  return true;
}

/** 1-based line of the byte at `offset`: line feeds before it, plus one. */
async function lineAt(file: string, offset: number): Promise<number> {
  const handle = await open(file, "r");
  const buffer = Buffer.allocUnsafe(SCAN_CHUNK);
  let line = 1;
  let position = 0;
  try {
    while (position < offset) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(SCAN_CHUNK, offset - position));
      if (bytesRead === 0) break;
      line += lineFeedsBefore(buffer, bytesRead);
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return line;
}

export async function scanFile(file: string, options: ScanOptions): Promise<FileScan> {
  let plain = options.lineEnding !== "\r";
  const handle = await open(file, "r");
  // Up to 3 bytes of a UTF-8 sequence cut by the chunk's end wait at the start for the next one.
  const buffer = Buffer.allocUnsafe(SCAN_CHUNK + 3);
  let carried = 0;
  /** File offset of buffer[0]. */
  let offset = 0;
  let previous = 0;
  let invalidAt = -1;
  try {
    for (;;) {
      if (!plain && !options.utf8) break;
      const { bytesRead } = await handle.read(buffer, carried, SCAN_CHUNK, null);
      if (bytesRead === 0) {
        if (previous === CR) plain = false;
        // A sequence cut short by the end of the file.
        if (carried > 0) invalidAt = offset;
        break;
      }
      const length = carried + bytesRead;
      if (plain) plain = plainChunk(buffer.subarray(carried, length), previous, options.lineEnding);
      previous = buffer[length - 1] ?? 0;
      if (!options.utf8) continue;
      const complete = completeUtf8Length(buffer, length);
      const whole = buffer.subarray(0, complete);
      if (!isUtf8(whole)) {
        invalidAt = offset + Math.max(0, firstInvalidUtf8(whole));
        break;
      }
      buffer.copy(buffer, 0, complete, length);
      carried = length - complete;
      offset += complete;
    }
  } finally {
    await handle.close();
  }
  const notUtf8Line = invalidAt === -1 ? undefined : await lineAt(file, invalidAt);
  return { plain, notUtf8Line };
}
