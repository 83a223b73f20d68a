import type { ReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { CsvRecord, LineEnding } from "./csv-source.js";

/**
 * Most exports carry no quotes at all: `a;b;12,5` lines that a split reads exactly as the CSV
 * parser would, at a fraction of its cost (1,000,000 rows: csv-parse's share of an import was
 * about 3 s of CPU; the split about 0.4 s). This module checks a file qualifies and reads it.
 *
 * A file qualifies when it holds no `"` and no carriage return other than the `\r` of `\r\n` line
 * endings (when the header line ends with `\r\n`). For such a file every record is one physical
 * line, its cells are the line split at the delimiter, and what the parser would do with a stray
 * character cannot differ. Anything else goes to csv-parse.
 */

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SCAN_CHUNK = 1 << 20;

/**
 * True if `file` can be read with `plainBatches`: one pass over its bytes through a single
 * reused buffer (no decoding, and no garbage for the collector to find later).
 */
export async function isPlainCsv(file: string, lineEnding: LineEnding): Promise<boolean> {
  if (lineEnding === "\r") return false;
  const handle = await open(file, "r");
  const buffer = Buffer.allocUnsafe(SCAN_CHUNK);
  let previous = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, SCAN_CHUNK, null);
      if (bytesRead === 0) return previous !== CR;
      const chunk = buffer.subarray(0, bytesRead);
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
      previous = chunk[bytesRead - 1] ?? 0;
    }
  } finally {
    await handle.close();
  }
}

function isBlank(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.trim() !== "") return false;
  return true;
}

/**
 * The records of a file `isPlainCsv` accepted, in batches of up to `perBatch`, numbered by line
 * (the header is line 1 and comes first); blank lines and lines of delimiters only are skipped,
 * as the parser path does. The BOM is dropped.
 */
export async function* plainBatches(
  stream: ReadStream,
  delimiter: string,
  perBatch: number,
): AsyncGenerator<readonly CsvRecord[], void, undefined> {
  stream.setEncoding("utf8");
  let carry = "";
  let line = 1;
  let first = true;
  let batch: CsvRecord[] = [];
  const take = (text: string): void => {
    const end = text.endsWith("\r") ? text.length - 1 : text.length;
    const cells = (end === text.length ? text : text.slice(0, end)).split(delimiter);
    if (!isBlank(cells)) batch.push({ line, cells });
    line += 1;
  };
  for await (const piece of stream) {
    let text = typeof piece === "string" ? carry + piece : carry;
    if (first) {
      first = false;
      if (text.startsWith("\uFEFF")) text = text.slice(1);
    }
    let start = 0;
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
      take(text.slice(start, newline));
      start = newline + 1;
      if (batch.length >= perBatch) {
        carry = text.slice(start);
        yield batch;
        batch = [];
        text = carry;
        start = 0;
      }
    }
    carry = text.slice(start);
  }
  if (carry !== "") take(carry);
  if (batch.length > 0) yield batch;
}
