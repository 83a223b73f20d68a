import { isUtf8 } from "node:buffer";
import { CarbonError, usageError } from "../core/errors.js";
import { firstInvalidUtf8, lineFeedsBefore } from "../core/utf8.js";

/**
 * The text encodings a CSV import reads, and the checks that keep a file in another one (or not
 * text at all) from being read as garbage.
 *
 * UTF-8 is the default and is checked, not assumed: a spreadsheet saved as "CSV" rather than
 * "CSV UTF-8" is in the machine's legacy code page (Windows-1252 in Western Europe), and read as
 * UTF-8 its accented letters would become U+FFFD: building names stored wrong, silently. Such a
 * file is refused with the line of the first byte that is not UTF-8; `--encoding windows-1252`
 * reads it. A byte order mark decides by itself (UTF-8, UTF-16LE as Excel's "Unicode Text"
 * writes it, UTF-16BE). Nothing is guessed: the decimal comma is not guessed either.
 */

export type CsvEncoding = "utf-8" | "windows-1252" | "utf-16le" | "utf-16be";

const aliases: Readonly<Record<string, CsvEncoding>> = {
  "utf-8": "utf-8",
  utf8: "utf-8",
  "windows-1252": "windows-1252",
  cp1252: "windows-1252",
  // The WHATWG Encoding Standard reads these labels as windows-1252, their superset.
  latin1: "windows-1252",
  "latin-1": "windows-1252",
  "iso-8859-1": "windows-1252",
  "utf-16le": "utf-16le",
  utf16le: "utf-16le",
  "utf-16": "utf-16le",
  "utf-16be": "utf-16be",
  utf16be: "utf-16be",
};

const ENCODINGS_TEXT = "utf-8, windows-1252 (also latin1), utf-16le or utf-16be";

/** `--encoding` value, case-insensitive. */
export function parseEncodingOption(text: string): CsvEncoding {
  const encoding = aliases[text.trim().toLowerCase()];
  if (encoding === undefined) {
    throw usageError(`--encoding expects ${ENCODINGS_TEXT}, got "${text}"`);
  }
  return encoding;
}

/** The encoding a byte order mark at the start of `bytes` names, if any. */
export function bomEncoding(bytes: Uint8Array): CsvEncoding | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return undefined;
}

/** True for encodings in which `"`, CR and LF are the bytes 0x22, 0x0d and 0x0a (ASCII's). */
export function isAsciiCompatible(encoding: CsvEncoding): boolean {
  return encoding === "utf-8" || encoding === "windows-1252";
}

const SAVE_AS_CSV = 'save it from the spreadsheet as "CSV UTF-8 (Comma delimited)"';

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * Refuses a file whose first bytes show it is not CSV text in `encoding`: a spreadsheet
 * workbook, a compressed file, a PDF, or NUL bytes (binary, or UTF-16 without a byte order mark).
 */
export function checkIsText(file: string, bytes: Uint8Array, encoding: CsvEncoding): void {
  const refuse = (what: string, hint: string): never => {
    throw new CarbonError("validation", `${file} ${what}, not CSV text`, { hint });
  };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    refuse("is a zip archive (an Excel .xlsx workbook?)", SAVE_AS_CSV);
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    refuse("is an Excel .xls workbook", SAVE_AS_CSV);
  }
  if (startsWith(bytes, [0x1f, 0x8b])) {
    refuse("is gzip-compressed", `decompress it first (gunzip ${file}) and import what it holds`);
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) refuse("is a PDF document", SAVE_AS_CSV);
  if (isAsciiCompatible(encoding) && bytes.includes(0)) {
    refuse(
      "holds NUL bytes: it is binary, or UTF-16 text without a byte order mark",
      `${SAVE_AS_CSV}, or give --encoding utf-16le if it is UTF-16 text`,
    );
  }
}

/**
 * The length of the longest prefix of `bytes[0, length)` that does not end inside a multi-byte
 * UTF-8 sequence (what a chunked check can validate now; the rest waits for the next chunk).
 */
export function completeUtf8Length(bytes: Uint8Array, length: number): number {
  let start = length - 1;
  let continuation = 0;
  while (start >= 0 && continuation < 3 && ((bytes[start] ?? 0) & 0xc0) === 0x80) {
    start -= 1;
    continuation += 1;
  }
  if (start < 0) return length;
  const lead = bytes[start] ?? 0;
  const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return size > length - start ? start : length;
}

/** The error for a file that is not UTF-8: `line` holds its first byte that is not. */
export function notUtf8Error(file: string, line: number): CarbonError {
  return new CarbonError(
    "validation",
    `${file} is not UTF-8 text: line ${line} has bytes that are not UTF-8 (a spreadsheet saved as "CSV" rather than "CSV UTF-8" is usually Windows-1252)`,
    { hint: `import it with --encoding windows-1252, or ${SAVE_AS_CSV}` },
  );
}

/**
 * The text of a small file read whole (GLEC entries, a move list), checked as openCsvSource
 * checks a CSV: not a workbook or binary, and UTF-8 throughout (the error names the line).
 */
export function utf8Text(file: string, bytes: Buffer): string {
  checkIsText(file, bytes, "utf-8");
  if (!isUtf8(bytes)) {
    const at = Math.max(0, firstInvalidUtf8(bytes));
    throw notUtf8Error(file, 1 + lineFeedsBefore(bytes, at));
  }
  return bytes.toString("utf8");
}

/**
 * The text of a file's byte pieces in an encoding other than UTF-8 (the byte order mark
 * dropped): the line splitter reads it directly, csv-parse as a stage of its pipeline.
 */
export async function* decodeText(
  pieces: AsyncIterable<Uint8Array>,
  encoding: CsvEncoding,
): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder(encoding);
  for await (const piece of pieces) yield decoder.decode(piece, { stream: true });
  yield decoder.decode();
}
