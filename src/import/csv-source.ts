import { createReadStream, type ReadStream, type Stats } from "node:fs";
import { open, stat } from "node:fs/promises";
import { CarbonError, usageError } from "../core/errors.js";
import { type CsvRecord, CsvSyntaxError, type LineEnding } from "./csv-record.js";
import { scanFile } from "./file-scan.js";
import { parsedBatches } from "./parsed-csv.js";
import { plainBatches } from "./plain-csv.js";
import {
  bomEncoding,
  type CsvEncoding,
  checkIsText,
  decodeText,
  isAsciiCompatible,
  notUtf8Error,
  parseEncodingOption,
} from "./text-encoding.js";

/**
 * Reads a CSV file as a stream of records, each with the 1-based line where it starts (the
 * header is line 1), never holding the file in memory.
 *
 * - The delimiter is taken from the header line (`,`, `;` or tab, whichever occurs most outside
 *   quotes; `,` on a tie) unless one is forced.
 * - The text is UTF-8 (checked: see text-encoding.ts) unless another encoding is given or a byte
 *   order mark names one; the mark is skipped. Files that are not text are refused.
 * - Blank lines and lines made only of delimiters (`;;;;`, as spreadsheets export) are skipped.
 * - A record's field count is not checked here: the importer reports a wrong count as a row error.
 * - Malformed quoting cannot be recovered from reliably, so it ends the stream with a
 *   `CsvSyntaxError` carrying the line where the broken record starts.
 *
 * Every CSV the tool reads goes through here: consumptions and suppliers imports stream it, GLEC
 * files and move lists take it whole with `readCsvRecords`.
 */

export { type CsvRecord, CsvSyntaxError, type LineEnding } from "./csv-record.js";

export interface CsvSource {
  readonly delimiter: string;
  /** The encoding in use: given, else named by a byte order mark, else UTF-8. */
  readonly encoding: CsvEncoding;
  /** Line ending of the header line, reused when writing a rejects file. */
  readonly lineEnding: LineEnding;
  readonly totalBytes: number;
  /** Read by splitting lines (no quotes in the file, see plain-csv.ts) rather than by csv-parse. */
  readonly plain: boolean;
  bytesRead(): number;
  /**
   * Every non-blank record in file order, the header first, in batches of up to RECORDS_PER_BATCH (what the
   * parser has ready). Ending the iteration early closes the file.
   */
  batches(): AsyncGenerator<readonly CsvRecord[], void, undefined>;
  /** The same records one at a time: simpler, slower. */
  records(): AsyncGenerator<CsvRecord, void, undefined>;
  close(): void;
}

const SAMPLE_BYTES = 64 * 1024;
/**
 * Records per batch, and so rows per chunk a parse worker posts and per write on the main
 * thread. What a batch holds is alive until it is written, so smaller batches mean less memory
 * in flight; much smaller ones cost time in hand-offs between the threads (bench/NOTES.md).
 */
const RECORDS_PER_BATCH = 512;
/** Bytes read at a time by the line splitter (see splitBatches). */
const PIECE_BYTES = 64 * 1024;
const candidates = [",", ";", "\t"] as const;

/** `--delimiter` value: one character; `\t` and `tab` mean a tab. */
export function parseDelimiterOption(text: string): string {
  if (text === "\\t" || text.toLowerCase() === "tab") return "\t";
  if (text.length !== 1 || text === '"' || text === "\n" || text === "\r") {
    throw usageError(
      `--delimiter expects one character such as , ; or tab, got "${text}"`,
      'use --delimiter ";" or --delimiter tab',
    );
  }
  return text;
}

/** `--delimiter` and `--encoding` as typed, checked, as `openCsvSource` takes them. */
export function csvOptions(typed: {
  readonly delimiter?: string | undefined;
  readonly encoding?: string | undefined;
}): OpenCsvOptions {
  return {
    ...(typed.delimiter === undefined ? {} : { delimiter: parseDelimiterOption(typed.delimiter) }),
    ...(typed.encoding === undefined ? {} : { encoding: parseEncodingOption(typed.encoding) }),
  };
}

/** The delimiter occurring most often outside quotes in a header line; `,` on a tie or none. */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map<string, number>(candidates.map((c) => [c, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: string = ",";
  let bestCount = 0;
  for (const c of candidates) {
    const count = counts.get(c) ?? 0;
    if (count > bestCount) {
      best = c;
      bestCount = count;
    }
  }
  return best;
}

export interface HeaderSample {
  /** The first non-blank line, without its line ending and without a BOM. */
  readonly headerLine: string;
  readonly lineEnding: LineEnding;
  /** Nothing but whitespace (and maybe a BOM) in the whole file. */
  readonly empty: boolean;
}

/** Looks at the start of a file's text: header line, line ending, emptiness. */
export function sampleHeader(text: string, complete: boolean): HeaderSample {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const match = /^(?:[ \t]*(?:\r\n|\r|\n))*([^\r\n]*)(\r\n|\r|\n)?/.exec(body);
  const headerLine = match?.[1] ?? "";
  const ending = match?.[2];
  const lineEnding: LineEnding = ending === "\r\n" || ending === "\r" ? ending : "\n";
  return { headerLine, lineEnding, empty: complete && body.trim() === "" };
}

async function readSample(file: string, size: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(Math.min(size, SAMPLE_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The encoding of a file: its byte order mark's, which a given one must agree with. */
function resolveEncoding(
  file: string,
  sample: Uint8Array,
  given: CsvEncoding | undefined,
): CsvEncoding {
  const marked = bomEncoding(sample);
  if (given !== undefined && marked !== undefined && given !== marked) {
    throw usageError(
      `${file} starts with a ${marked.toUpperCase()} byte order mark, but --encoding ${given} was given`,
      "leave --encoding out: the byte order mark says how the file is encoded",
    );
  }
  return marked ?? given ?? "utf-8";
}

function fileError(file: string, error: unknown): CarbonError {
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  const reason =
    code === "ENOENT"
      ? "no such file"
      : code === "EACCES" || code === "EPERM"
        ? "permission denied"
        : code === "EISDIR"
          ? "it is a directory"
          : error instanceof Error
            ? error.message
            : String(error);
  return new CarbonError("usage", `cannot read ${file}: ${reason}`, { cause: error });
}

export interface OpenCsvOptions {
  /** Forced delimiter (already validated with parseDelimiterOption); else detected. */
  readonly delimiter?: string;
  /**
   * What an earlier look at the same file found (`CsvSource.plain`), so a second reader does not
   * scan it again (that look also checked the text is UTF-8); `false` also forces the parser.
   * Else the file is scanned.
   */
  readonly plain?: boolean;
  /** Forced encoding (`--encoding`, already parsed); else a byte order mark's, else UTF-8. */
  readonly encoding?: CsvEncoding;
  /** A header line this kind of file starts with, for the hint of an empty file. */
  readonly header?: string;
}

/**
 * Opens `file` for streaming. Throws CarbonError usage when the file cannot be read and
 * validation when it is empty.
 */
export async function openCsvSource(
  file: string,
  options: OpenCsvOptions = {},
): Promise<CsvSource> {
  let info: Stats;
  try {
    info = await stat(file);
  } catch (error) {
    throw fileError(file, error);
  }
  if (info.isDirectory()) throw new CarbonError("usage", `cannot read ${file}: it is a directory`);
  const size = info.size;
  let bytes: Buffer;
  try {
    bytes = await readSample(file, size);
  } catch (error) {
    throw fileError(file, error);
  }
  const encoding = resolveEncoding(file, bytes, options.encoding);
  checkIsText(file, bytes, encoding);
  const sample = sampleHeader(
    new TextDecoder(encoding).decode(bytes, { stream: true }),
    size <= SAMPLE_BYTES,
  );
  if (sample.empty) {
    throw new CarbonError("validation", `${file} is empty: expected a header line and rows`, {
      hint: `the first line must be the header, e.g. ${options.header ?? "category,building,startDate,endDate,quantity,unit"}`,
    });
  }
  const delimiter = options.delimiter ?? detectDelimiter(sample.headerLine);
  const ascii = isAsciiCompatible(encoding);
  let plain = false;
  if (options.plain !== undefined) {
    plain = options.plain && ascii;
  } else if (ascii) {
    let scan: Awaited<ReturnType<typeof scanFile>>;
    try {
      scan = await scanFile(file, { lineEnding: sample.lineEnding, utf8: encoding === "utf-8" });
    } catch (error) {
      throw fileError(file, error);
    }
    if (scan.notUtf8Line !== undefined) throw notUtf8Error(file, scan.notUtf8Line);
    plain = scan.plain;
  }
  let stream: ReadStream | undefined;

  // Destroying the file stream ends the parser's pipeline too.
  const close = (): void => {
    stream?.destroy();
  };

  async function* splitBatches(): AsyncGenerator<readonly CsvRecord[], void, undefined> {
    // 64 KiB pieces (decoded to strings of that size), not larger: a string over V8's largest
    // regular object (128 KiB) is a large object, promoted to the old generation by any scavenge
    // it is alive for, so the collector would meet each piece again in a full mark-compact.
    const input = createReadStream(file, { highWaterMark: PIECE_BYTES });
    stream = input;
    const pieces = encoding === "utf-8" ? input.setEncoding("utf8") : decodeText(input, encoding);
    try {
      yield* plainBatches(pieces, delimiter, RECORDS_PER_BATCH);
    } catch (error) {
      throw fileError(file, error);
    } finally {
      close();
    }
  }

  async function* batches(): AsyncGenerator<readonly CsvRecord[], void, undefined> {
    if (plain) {
      yield* splitBatches();
      return;
    }
    const input = createReadStream(file);
    stream = input;
    try {
      yield* parsedBatches(input, { delimiter, encoding, perBatch: RECORDS_PER_BATCH });
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw error;
      throw fileError(file, error);
    } finally {
      close();
    }
  }

  async function* records(): AsyncGenerator<CsvRecord, void, undefined> {
    for await (const batch of batches()) yield* batch;
  }

  return {
    delimiter,
    encoding,
    lineEnding: sample.lineEnding,
    totalBytes: size,
    plain,
    bytesRead: () => stream?.bytesRead ?? 0,
    batches,
    records,
    close,
  };
}

/**
 * Every record of a small file (a GLEC file, a move list), the header first, read as an import
 * reads: same delimiter, encoding and blank-line rules, same CsvSyntaxError for broken quoting.
 */
export async function readCsvRecords(
  file: string,
  options: OpenCsvOptions = {},
): Promise<CsvRecord[]> {
  const source = await openCsvSource(file, options);
  const records: CsvRecord[] = [];
  try {
    for await (const batch of source.batches()) records.push(...batch);
  } finally {
    source.close();
  }
  return records;
}
