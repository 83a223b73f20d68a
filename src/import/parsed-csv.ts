import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { type CsvRecord, CsvSyntaxError } from "./csv-record.js";
import { isBlank } from "./plain-csv.js";
import { type CsvEncoding, decodeText } from "./text-encoding.js";

/**
 * The records of any CSV file, through csv-parse: quoted cells, delimiters, quotes and line
 * breaks inside them (plain-csv.ts reads the files that have none of these, faster). Records are
 * numbered by the line where they start, blank and delimiter-only lines are skipped, and
 * malformed quoting ends the reading with a CsvSyntaxError at the line of the broken record.
 */

export interface ParsedOptions {
  readonly delimiter: string;
  readonly encoding: CsvEncoding;
  /** Records per batch at most. */
  readonly perBatch: number;
}

function syntaxMessage(error: CsvError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return 'malformed CSV: a quoted field is never closed (a missing ")';
    case "CSV_INVALID_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
      return 'malformed CSV: a quoted field must be followed by the delimiter or the end of the line (write "" for a quote inside quotes)';
    case "CSV_MAX_RECORD_SIZE":
      return "malformed CSV: a row is longer than 128,000 characters (wrong delimiter or an unclosed quote?)";
    default:
      return `malformed CSV: ${error.message}`;
  }
}

/** Line breaks inside quoted fields, counting CRLF once. */
function breaksIn(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.includes("\n") || cell.includes("\r")) {
      breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
    }
  }
  return breaks;
}

/**
 * The records of `input` (the file's bytes) in batches. Errors other than malformed CSV (reading
 * the file) come out as they are. Destroying `input` ends the parsing.
 */
export async function* parsedBatches(
  input: Readable,
  options: ParsedOptions,
): AsyncGenerator<readonly CsvRecord[], void, undefined> {
  const output = parse({
    bom: true,
    delimiter: options.delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
  });
  let settled = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const signal = (): void => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const done = (error: Error | null): void => {
    settled = true;
    failure = error ?? undefined;
    signal();
  };
  // csv-parse reads UTF-8 itself; other encodings are decoded on the way in.
  if (options.encoding === "utf-8") pipeline(input, output, done);
  else {
    const decode = (pieces: AsyncIterable<Buffer>) => decodeText(pieces, options.encoding);
    pipeline(input, decode, output, done);
  }
  output.on("readable", signal);
  let line = 1;
  try {
    for (;;) {
      // Records are taken from the parser's buffer synchronously, many at a time: one await
      // per record would cost more than parsing it.
      const batch: CsvRecord[] = [];
      while (batch.length < options.perBatch) {
        const cells: string[] | null = output.read();
        if (cells === null) break;
        const start = line;
        line += 1 + breaksIn(cells);
        if (!isBlank(cells)) batch.push({ line: start, cells });
      }
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (settled) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } catch (error) {
    if (error instanceof CsvError) throw new CsvSyntaxError(line, syntaxMessage(error));
    throw error;
  } finally {
    output.destroy();
  }
}
