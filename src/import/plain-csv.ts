import type { CsvRecord } from "./csv-record.js";

/**
 * Most exports carry no quotes at all: `a;b;12,5` lines that a split reads exactly as the CSV
 * parser would, at a fraction of its cost (bench/NOTES.md). This module reads such a file;
 * file-scan.ts tells whether a file qualifies.
 *
 * A file qualifies when it holds no `"` and no carriage return other than the `\r` of `\r\n` line
 * endings (when the header line ends with `\r\n`). For such a file every record is one physical
 * line, its cells are the line split at the delimiter, and what the parser would do with a stray
 * character cannot differ. Anything else goes to csv-parse.
 */

/** A record of empty or white-space cells only (a blank line, or `;;;;`): skipped by both readers. */
export function isBlank(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.trim() !== "") return false;
  return true;
}

/**
 * The records of a file `scanFile` found plain, from its text in pieces, in batches of up to
 * `perBatch`, numbered by line (the header is line 1 and comes first); blank lines and lines of
 * delimiters only are skipped, as the parser path does. The BOM is dropped.
 */
export async function* plainBatches(
  pieces: AsyncIterable<string>,
  delimiter: string,
  perBatch: number,
): AsyncGenerator<readonly CsvRecord[], void, undefined> {
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
  // Pieces of a line longer than a piece wait here: appending them to `carry` and searching it
  // again for every piece would copy a very long line (a huge header) once per piece.
  let pending: string[] = [];
  for await (const piece of pieces) {
    if (!piece.includes("\n")) {
      pending.push(piece);
      continue;
    }
    let text = carry + pending.join("") + piece;
    pending = [];
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
  carry += pending.join("");
  if (first && carry.startsWith("\uFEFF")) carry = carry.slice(1);
  if (carry !== "") take(carry);
  if (batch.length > 0) yield batch;
}
