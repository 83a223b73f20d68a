/** Turning cell values into text: exact for machine formats, rounded only for tables. */
import { terminalText } from "./terminal-text.js";

export type CellValue = string | number | boolean | null | undefined;

/** The exact text of a value for csv/tsv: numbers unrounded (`String(n)`), missing values empty. */
export function exactText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  return String(value);
}

/**
 * A number as a person wants to read it in a table: integers as they are (years stay `2024`),
 * other numbers to 3 decimals, or 4 significant digits below 1 so small factors stay visible.
 * Only tables use this; json, ndjson, csv and tsv never round.
 */
export function displayNumber(value: number): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  if (Math.abs(value) >= 1) return String(Math.round(value * 1000) / 1000);
  return String(Number(value.toPrecision(4)));
}

/** A table cell: tables are for terminals, so control characters are shown escaped. */
export function displayText(value: CellValue): string {
  if (typeof value === "number") return displayNumber(value);
  return terminalText(exactText(value));
}

/** A cell of a machine format printed to a terminal: its text with control characters escaped. */
export function terminalCell(value: CellValue): CellValue {
  return typeof value === "string" ? terminalText(value) : value;
}

/** What spreadsheets read as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of a csv/tsv data cell: a text value starting like a formula gets a leading `'`, so a
 * spreadsheet shows it instead of running it; numbers (a negative one too) are left as they are.
 */
export function spreadsheetText(value: CellValue): string {
  const text = exactText(value);
  return typeof value === "string" && FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180 field: quoted when it holds a comma, quote, line break or edge whitespace. */
export function csvField(value: CellValue): string {
  const text = spreadsheetText(value);
  if (/[",\r\n]/.test(text) || text !== text.trim()) return `"${text.replaceAll('"', '""')}"`;
  return text;
}

/** One CSV record with its RFC 4180 line ending (CRLF). */
export function csvRecord(values: readonly CellValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** TSV field: tabs and line breaks cannot appear inside a field, so they become spaces. */
export function tsvField(value: CellValue): string {
  return spreadsheetText(value).replace(/\r\n|[\t\r\n]/g, " ");
}

export function tsvRecord(values: readonly CellValue[]): string {
  return `${values.map(tsvField).join("\t")}\n`;
}
