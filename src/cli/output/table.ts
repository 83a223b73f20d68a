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

/** A column of ids (`id`, `companyId`, …): a list never cuts its cells. */
export function isIdHeader(header: string): boolean {
  return header === "id" || /[a-z]Id$/.test(header);
}

/** What a list shows on a terminal of `terminalColumns`: which columns, how wide, wrapped or not. */
export interface ListLayout {
  /** Indexes of the columns shown, in their order. */
  readonly shown: readonly number[];
  /** Widths of the shown columns; undefined when the natural widths fit. */
  readonly widths: readonly number[] | undefined;
  /** True when even the one id left is wider than the terminal: its cells wrap. */
  readonly wrap: boolean;
}

/**
 * Fits a list with id columns: ids keep their natural width, the other columns shrink first
 * (cut with "…"); when even their minimum widths do not fit, columns are dropped from the right:
 * the other columns but the first, then the id columns but the main one (`id`, else the first),
 * then the first other column. A main id wider than the terminal wraps rather than being cut.
 */
export function fitListLayout(
  headers: readonly string[],
  natural: readonly number[],
  terminalColumns: number,
): ListLayout {
  const all = headers.map((_header, index) => index);
  const ids = all.filter((index) => isIdHeader(headers[index] ?? ""));
  const others = all.filter((index) => !ids.includes(index));
  const mainId = headers.indexOf("id") >= 0 ? headers.indexOf("id") : ids[0];
  const width = (index: number) => natural[index] ?? 0;
  const minimum = (index: number) =>
    ids.includes(index) ? width(index) : Math.min(width(index), MIN_COLUMN_WIDTH + PADDING);
  const fits = (columns: readonly number[], size: (index: number) => number) =>
    columns.reduce((sum, index) => sum + size(index), columns.length + 1) <= terminalColumns;
  if (mainId === undefined || fits(all, width)) {
    return { shown: all, widths: fitColumnWidths(natural, terminalColumns), wrap: false };
  }
  const dropOrder = [
    ...others.slice(1).reverse(),
    ...ids.filter((index) => index !== mainId).reverse(),
    ...others.slice(0, 1),
  ];
  let shown = all;
  const dropped: number[] = [];
  for (const index of dropOrder) {
    if (fits(shown, minimum)) break;
    shown = shown.filter((kept) => kept !== index);
    dropped.push(index);
  }
  if (!fits(shown, minimum)) {
    return { shown, widths: [Math.max(terminalColumns - 2, 1 + PADDING)], wrap: true };
  }
  // A wide column dropped last may have made room for narrower ones dropped before it.
  for (const index of dropped.reverse()) {
    const more = all.filter((kept) => kept === index || shown.includes(kept));
    if (fits(more, minimum)) shown = more;
  }
  const idSpace = shown
    .filter((index) => ids.includes(index))
    .reduce((sum, index) => sum + width(index) + 1, 0);
  const rest = shown.filter((index) => !ids.includes(index));
  const restWidths = fitColumnWidths(rest.map(width), terminalColumns - idSpace) ?? rest.map(width);
  const widths = shown.map((index) =>
    ids.includes(index) ? width(index) : (restWidths[rest.indexOf(index)] ?? width(index)),
  );
  return { shown, widths, wrap: false };
}

/** How a table's columns are laid out; a list printed in blocks keeps its first block's. */
export interface TableLayout {
  /** The widest cell of each column, with padding. */
  readonly natural: readonly number[];
  /** Indexes of the columns shown, in their order. */
  readonly shown: readonly number[];
  /** Widths of the shown columns; undefined when the natural widths fit (cli-table3 sizes them). */
  readonly colWidths: readonly number[] | undefined;
  /** True when cells wrap instead of being cut (a single object, or an id wider than the terminal). */
  readonly wrap: boolean;
}

/**
 * The layout of `spec` on this terminal. A list's (headers, truncate) keeps its ids whole
 * (`fitListLayout`); the columns it has to leave out are named on stderr (a terminal) once here.
 */
export function tableLayout(io: Io, spec: TableSpec): TableLayout {
  const columnCount = spec.headers?.length ?? spec.rows[0]?.length ?? 0;
  const natural: number[] = [];
  for (let index = 0; index < columnCount; index += 1) {
    let width = textWidth(spec.headers?.[index] ?? "");
    for (const row of spec.rows) width = Math.max(width, textWidth(row[index] ?? ""));
    natural.push(width + PADDING);
  }
  const fitted =
    spec.headers !== null && spec.overflow === "truncate"
      ? fitListLayout(spec.headers, natural, io.columns)
      : { shown: natural.map((_width, index) => index), widths: undefined, wrap: false };
  if (spec.headers !== null && fitted.shown.length < spec.headers.length && io.stderrIsTty) {
    const hidden = spec.headers.filter((_header, index) => !fitted.shown.includes(index));
    io.err(
      `(not shown, so that ids fit in ${io.columns} characters: ${hidden.join(", ")}; use --format tsv or a wider terminal)`,
    );
  }
  return {
    natural,
    shown: fitted.shown,
    colWidths: fitted.widths ?? fitColumnWidths(natural, io.columns),
    wrap: spec.overflow === "wrap" || fitted.wrap,
  };
}

/** The same widths, fixed, for the blocks after the first (wider cells are cut with "…"). */
export function fixedLayout(layout: TableLayout): TableLayout {
  return {
    ...layout,
    colWidths: layout.colWidths ?? layout.shown.map((index) => layout.natural[index] ?? 0),
  };
}

/** Renders a cli-table3 table as text (no trailing newline). */
export function renderTableText(
  io: Io,
  spec: TableSpec,
  layout: TableLayout = tableLayout(io, spec),
): string {
  const { colWidths, wrap } = layout;
  const fitting =
    colWidths === undefined
      ? {}
      : wrap
        ? { colWidths: [...colWidths], wordWrap: true, wrapOnWordBoundary: false }
        : { colWidths: [...colWidths], wordWrap: false };
  const pick = <T>(values: readonly T[]): T[] =>
    layout.shown.flatMap((index) => {
      const value = values[index];
      return value === undefined ? [] : [value];
    });
  const table = new Table({
    ...(spec.headers === null ? {} : { head: pick(spec.headers) }),
    colAligns: pick(spec.aligns),
    ...fitting,
    style: {
      head: io.color ? ["cyan"] : [],
      border: io.color ? ["grey"] : [],
      // Lists: one line per row and a rule under the header only, so 50 rows take 50 lines.
      compact: spec.overflow === "truncate" && !layout.wrap,
    },
  });
  for (const row of spec.rows) table.push(pick(row));
  return table.toString();
}
