/**
 * Rows written with COPY … FROM STDIN (pg-copy-streams) in its text format: one statement and
 * one stream for any number of rows, where INSERTs would cost a statement per batch of rows.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import type { Queryable } from "./transactions.js";

/** A value in COPY's text format: NULL is \N; backslash, tab, newline and return are escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "number") return Number.isNaN(value) ? "\\N" : String(value);
  return String(value).replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

/** About this many characters go to the stream at a time. */
const CHUNK = 1 << 16;

function* copyLines(rows: Iterable<readonly unknown[]>): Generator<string> {
  let text = "";
  for (const row of rows) {
    text += `${row.map(copyText).join("\t")}\n`;
    if (text.length >= CHUNK) {
      yield text;
      text = "";
    }
  }
  if (text !== "") yield text;
}

/** Writes the rows (values in `columns` order; null and NaN are NULL) into `table`. */
export async function copyRows(
  client: Queryable,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly unknown[]>,
): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
  await pipeline(Readable.from(copyLines(rows)), stream);
}
