import type { Io } from "../io.js";
import { type CellValue, csvRecord, displayText, terminalCell, tsvRecord } from "./cells.js";
import type { OutputFormat } from "./format-names.js";
import { type Align, renderTableText } from "./table.js";

export type { CellValue } from "./cells.js";
export { isOutputFormat, type OutputFormat, outputFormats } from "./format-names.js";

export interface Column<T> {
  readonly header: string;
  readonly value: (row: T) => CellValue;
  readonly align?: "left" | "right";
}

export function jsonText(value: unknown, pretty: boolean): string {
  return JSON.stringify(value, null, pretty ? 2 : undefined);
}

/** A column's own alignment, else right for numbers and left for the rest (by the first value). */
export function columnAligns<T>(rows: readonly T[], columns: readonly Column<T>[]): Align[] {
  return columns.map((column) => {
    if (column.align !== undefined) return column.align;
    for (const row of rows) {
      const value = column.value(row);
      if (value !== null && value !== undefined)
        return typeof value === "number" ? "right" : "left";
    }
    return "left";
  });
}

function tableText<T>(io: Io, rows: readonly T[], columns: readonly Column<T>[]): string {
  return renderTableText(io, {
    headers: columns.map((column) => column.header),
    rows: rows.map((row) => columns.map((column) => displayText(column.value(row)))),
    aligns: columnAligns(rows, columns),
    overflow: "truncate",
  });
}

type RecordOf = (values: readonly CellValue[]) => string;

/** csv or tsv records; on a terminal their text shows control characters escaped. */
function recordFor(io: Io, format: "csv" | "tsv"): RecordOf {
  const record = format === "csv" ? csvRecord : tsvRecord;
  if (!io.stdoutIsTty) return record;
  return (values) => record(values.map(terminalCell));
}

function delimitedText<T>(
  record: (values: readonly CellValue[]) => string,
  rows: readonly T[],
  columns: readonly Column<T>[],
): string {
  let text = record(columns.map((column) => column.header));
  for (const row of rows) text += record(columns.map((column) => column.value(row)));
  return text;
}

/**
 * A list. table on a TTY (cli-table3, may round numbers for display); tsv when stdout is not a
 * TTY (header row, no colour, no truncation); csv (RFC 4180, CRLF); json (ONE document: the array
 * of raw items, pretty-printed); ndjson (one raw item per line). json/ndjson print the raw objects
 * (all fields, numbers unrounded); csv/tsv print the columns' values unrounded (`String(n)`).
 */
export function renderList<T>(
  io: Io,
  format: OutputFormat,
  rows: readonly T[],
  columns: readonly Column<T>[],
): void {
  switch (format) {
    case "table":
      io.out(tableText(io, rows, columns));
      return;
    case "tsv":
    case "csv":
      io.out(delimitedText(recordFor(io, format), rows, columns));
      return;
    case "json":
      io.out(jsonText(rows, true));
      return;
    case "ndjson":
      if (rows.length > 0) io.out(rows.map((row) => jsonText(row, false)).join("\n"));
      return;
    default: {
      const unknown: never = format;
      throw new Error(`unknown output format ${String(unknown)}`);
    }
  }
}

/**
 * A get/write command: json prints the raw object (pretty), ndjson the raw object on one line;
 * table prints a vertical key/value table; tsv/csv print a header row and one row.
 */
export function renderObject<T>(
  io: Io,
  format: OutputFormat,
  item: T,
  columns: readonly Column<T>[],
): void {
  switch (format) {
    case "table":
      io.out(
        renderTableText(io, {
          headers: null,
          rows: columns.map((column) => [column.header, displayText(column.value(item))]),
          aligns: ["left", "left"],
          overflow: "wrap",
        }),
      );
      return;
    case "tsv":
    case "csv":
    case "ndjson":
      renderList(io, format, [item], columns);
      return;
    case "json":
      io.out(jsonText(item, true));
      return;
    default: {
      const unknown: never = format;
      throw new Error(`unknown output format ${String(unknown)}`);
    }
  }
}

/** Streaming writer for exports (see createRowWriter). Call `end()` once, also for zero rows. */
export interface RowWriter<T> {
  write(row: T): Promise<void>;
  /** Writes out what is gathered so far (a list prints each page as it comes). */
  flush(): Promise<void>;
  end(): Promise<void>;
}

/** Bytes gathered before one `io.write`, so a million rows are not a million writes. */
const FLUSH_AT = 64 * 1024;

/**
 * Streaming writer for exports: csv/tsv/ndjson write row by row with back-pressure; json streams
 * a valid array `[\n{...},\n{...}\n]` (`[]` when empty). table has to know every row to size its
 * columns, so it keeps them and prints at `end()`. Only `io.write` is used, so any `Io` whose
 * `write` goes to a file works too.
 */
export function createRowWriter<T>(
  io: Io,
  format: OutputFormat,
  columns: readonly Column<T>[],
): RowWriter<T> {
  let buffer = "";
  let count = 0;
  let ended = false;
  const tableRows: T[] = [];

  const flush = async (): Promise<void> => {
    if (buffer === "") return;
    const chunk = buffer;
    buffer = "";
    await io.write(chunk);
  };
  const push = async (text: string): Promise<void> => {
    buffer += text;
    if (buffer.length >= FLUSH_AT) await flush();
  };
  const record = recordFor(io, format === "csv" ? "csv" : "tsv");
  const header = (): string => record(columns.map((column) => column.header));

  const encode = (row: T): string => {
    switch (format) {
      case "csv":
      case "tsv":
        return `${count === 0 ? header() : ""}${record(columns.map((c) => c.value(row)))}`;
      case "ndjson":
        return `${jsonText(row, false)}\n`;
      case "json":
        return `${count === 0 ? "[\n" : ",\n"}${jsonText(row, false)}`;
      case "table":
        tableRows.push(row);
        return "";
      default: {
        const unknown: never = format;
        throw new Error(`unknown output format ${String(unknown)}`);
      }
    }
  };

  return {
    async write(row) {
      if (ended) throw new Error("RowWriter.write called after end()");
      const text = encode(row);
      count += 1;
      await push(text);
    },
    flush,
    async end() {
      if (ended) return;
      ended = true;
      if (format === "json") await push(count === 0 ? "[]\n" : "\n]\n");
      if ((format === "csv" || format === "tsv") && count === 0) await push(header());
      if (format === "table") await push(`${tableText(io, tableRows, columns)}\n`);
      await flush();
    },
  };
}
