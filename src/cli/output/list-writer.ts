import type { Io } from "../io.js";
import { displayText } from "./cells.js";
import { type Column, columnAligns, createRowWriter, jsonText } from "./format.js";
import type { OutputFormat } from "./format-names.js";
import {
  fixedLayout,
  renderTableText,
  type TableLayout,
  type TableSpec,
  tableLayout,
} from "./table.js";

/**
 * A list printed page by page as its pages arrive, holding none of the pages before: the same
 * text `renderList` prints for all the rows at once. Call `end()` once, also for zero rows.
 */
export interface ListWriter<T> {
  write(rows: readonly T[]): Promise<void>;
  end(): Promise<void>;
}

/** The items of a pretty-printed json array, as `JSON.stringify(rows, null, 2)` indents them. */
function jsonItems(rows: readonly unknown[]): string {
  return rows.map((row) => `  ${jsonText(row, true).replaceAll("\n", "\n  ")}`).join(",\n");
}

function jsonArrayWriter<T>(io: Io): ListWriter<T> {
  let started = false;
  return {
    async write(rows) {
      if (rows.length === 0) return;
      await io.write(`${started ? ",\n" : "[\n"}${jsonItems(rows)}`);
      started = true;
    },
    async end() {
      await io.write(started ? "\n]\n" : "[]\n");
    },
  };
}

/** Rows cli-table3 renders at a time: it is slow per row, so a page's first rows show early. */
const TABLE_CHUNK = 100;

/**
 * A table whose column widths and alignment come from its first page: later rows line up under
 * it, a wider cell cut with "…". Rows are rendered a chunk at a time and the borders between
 * chunks are dropped, so the chunks read as one table. A first page of one chunk prints exactly
 * what `renderList` does.
 */
function tableWriter<T>(io: Io, columns: readonly Column<T>[]): ListWriter<T> {
  let layout: TableLayout | undefined;
  let aligns: TableSpec["aligns"] = [];
  let bottom = "";
  const cells = (rows: readonly T[]) =>
    rows.map((row) => columns.map((column) => displayText(column.value(row))));

  const chunk = async (rows: readonly (readonly string[])[], fixed: TableLayout): Promise<void> => {
    const spec: TableSpec = { headers: null, rows, aligns, overflow: "truncate" };
    const lines = renderTableText(io, spec, fixed).split("\n");
    await io.write(`${lines.slice(1, -1).join("\n")}\n`);
  };

  const first = async (rows: readonly T[]): Promise<void> => {
    aligns = columnAligns(rows, columns);
    const all = cells(rows);
    const spec: TableSpec = {
      headers: columns.map((column) => column.header),
      rows: all.slice(0, TABLE_CHUNK),
      aligns,
      overflow: "truncate",
    };
    const own = tableLayout(io, { ...spec, rows: all });
    const fixed = fixedLayout(own);
    layout = fixed;
    const lines = renderTableText(io, spec, all.length > TABLE_CHUNK ? fixed : own).split("\n");
    bottom = lines.pop() ?? "";
    await io.write(`${lines.join("\n")}\n`);
    for (let start = TABLE_CHUNK; start < all.length; start += TABLE_CHUNK) {
      await chunk(all.slice(start, start + TABLE_CHUNK), fixed);
    }
  };

  return {
    async write(rows) {
      if (layout === undefined) return first(rows);
      const fixed = layout;
      for (let start = 0; start < rows.length; start += TABLE_CHUNK) {
        await chunk(cells(rows.slice(start, start + TABLE_CHUNK)), fixed);
      }
    },
    async end() {
      if (layout === undefined) await first([]);
      await io.write(`${bottom}\n`);
    },
  };
}

/** tsv/csv/ndjson row by row (back-pressure), json as one array, a table in blocks. */
export function createListWriter<T>(
  io: Io,
  format: OutputFormat,
  columns: readonly Column<T>[],
): ListWriter<T> {
  if (format === "table") return tableWriter(io, columns);
  if (format === "json") return jsonArrayWriter(io);
  const rows = createRowWriter(io, format, columns);
  return {
    async write(block) {
      for (const row of block) await rows.write(row);
      await rows.flush();
    },
    end: () => rows.end(),
  };
}
