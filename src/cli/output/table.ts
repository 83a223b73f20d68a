import Table from "cli-table3";
import type { Io } from "../io.js";

export type Align = "left" | "right";

export interface TableSpec {
  /** Null: no header row (the vertical key/value table of a single object). */
  readonly headers: readonly string[] | null;
  readonly rows: readonly (readonly string[])[];
  readonly aligns: readonly Align[];
  /**
   * What a cell too wide for the terminal does: `truncate` ends it with "…" (lists: one line per
   * row, the full text is in tsv/csv/json), `wrap` breaks it over lines (a single object's values).
   */
  readonly overflow: "truncate" | "wrap";
}

const MIN_COLUMN_WIDTH = 8;
const PADDING = 2;

function textWidth(text: string): number {
  let widest = 0;
  for (const line of text.split("\n")) widest = Math.max(widest, [...line].length);
  return widest;
}

/**
 * Column widths that fit the terminal, or undefined when the natural widths already fit. Narrow
 * columns keep their natural width; the space left is shared equally by the wide ones (never
 * below a minimum).
 */
export function fitColumnWidths(
  natural: readonly number[],
  terminalColumns: number,
): number[] | undefined {
  const borders = natural.length + 1;
  if (natural.reduce((sum, width) => sum + width, borders) <= terminalColumns) return undefined;
  const widths = [...natural];
  const order = natural.map((width, index) => ({ width, index })).sort((a, b) => a.width - b.width);
  let remaining = terminalColumns - borders;
  order.forEach((column, position) => {
    const share = Math.floor(remaining / (order.length - position));
    const floor = Math.min(column.width, MIN_COLUMN_WIDTH + PADDING);
    const width = Math.max(Math.min(column.width, share), floor);
    widths[column.index] = width;
    remaining -= width;
  });
  return widths;
}

/** How a table's columns are laid out; a list printed in blocks keeps its first block's. */
export interface TableLayout {
  /** The widest cell of each column, with padding. */
  readonly natural: readonly number[];
  /** Widths to use; undefined when the natural widths fit the terminal (cli-table3 sizes them). */
  readonly colWidths: readonly number[] | undefined;
}

export function tableLayout(io: Io, spec: TableSpec): TableLayout {
  const columnCount = spec.headers?.length ?? spec.rows[0]?.length ?? 0;
  const natural: number[] = [];
  for (let index = 0; index < columnCount; index += 1) {
    let width = textWidth(spec.headers?.[index] ?? "");
    for (const row of spec.rows) width = Math.max(width, textWidth(row[index] ?? ""));
    natural.push(width + PADDING);
  }
  return { natural, colWidths: fitColumnWidths(natural, io.columns) };
}

/** The same widths, fixed, for the blocks after the first (wider cells are cut with "…"). */
export function fixedLayout(layout: TableLayout): TableLayout {
  return { natural: layout.natural, colWidths: layout.colWidths ?? layout.natural };
}

/** Renders a cli-table3 table as text (no trailing newline). */
export function renderTableText(
  io: Io,
  spec: TableSpec,
  layout: TableLayout = tableLayout(io, spec),
): string {
  const colWidths = layout.colWidths === undefined ? undefined : [...layout.colWidths];
  const fitting =
    colWidths === undefined
      ? {}
      : spec.overflow === "wrap"
        ? { colWidths, wordWrap: true, wrapOnWordBoundary: false }
        : { colWidths, wordWrap: false };
  const table = new Table({
    ...(spec.headers === null ? {} : { head: [...spec.headers] }),
    colAligns: [...spec.aligns],
    ...fitting,
    style: {
      head: io.color ? ["cyan"] : [],
      border: io.color ? ["grey"] : [],
      // Lists: one line per row and a rule under the header only, so 50 rows take 50 lines.
      compact: spec.overflow === "truncate",
    },
  });
  for (const row of spec.rows) table.push([...row]);
  return table.toString();
}
