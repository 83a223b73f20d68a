import { terminalText } from "../output/terminal-text.js";
import { cellWidth } from "./months.js";

export type BoxAlign = "left" | "right";

/** A dashboard table: a header, body rows and footer rows (totals) set off by a rule. */
export interface BoxTable {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** How many of the last rows are totals. */
  readonly footerRows: number;
  readonly aligns: readonly BoxAlign[];
}

function pad(text: string, width: number, align: BoxAlign): string {
  const room = " ".repeat(Math.max(0, width - cellWidth(text)));
  return align === "right" ? `${room}${text}` : `${text}${room}`;
}

/** Greedy word wrap of a header to `width` (a word longer than the width gets a line of its own). */
export function wrapText(text: string, width: number): string {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter((part) => part !== "")) {
    if (current === "") current = word;
    else if (cellWidth(current) + 1 + cellWidth(word) <= width) current = `${current} ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  lines.push(current);
  return lines.join("\n");
}

/** The narrowest a header can be wrapped to: its longest word. */
export function longestWord(text: string): number {
  return Math.max(0, ...text.split(/\s+/).map(cellWidth));
}

/**
 * Draws a compact box table (no rule between body rows, one above the totals). Header cells may
 * hold several lines (`\n`, see wrapText); body cells are one line each. Widths are the widest
 * cell, so the caller sizes bars and wraps headers to fit the terminal.
 */
export function renderBoxTable(box: BoxTable): string {
  const table: BoxTable = {
    ...box,
    headers: box.headers.map(terminalText),
    rows: box.rows.map((row) => row.map(terminalText)),
  };
  const widths = table.headers.map((header, index) =>
    Math.max(cellWidth(header), ...table.rows.map((row) => cellWidth(row[index] ?? ""))),
  );
  const rule = (left: string, middle: string, right: string): string =>
    `${left}${widths.map((width) => "─".repeat(width + 2)).join(middle)}${right}`;
  const line = (cells: readonly string[]): string =>
    `│${widths
      .map((width, index) => {
        return ` ${pad(cells[index] ?? "", width, table.aligns[index] ?? "left")} `;
      })
      .join("│")}│`;
  const bodyCount = Math.max(0, table.rows.length - table.footerRows);
  const headerLines = table.headers.map((header) => header.split("\n"));
  const headerHeight = Math.max(1, ...headerLines.map((cell) => cell.length));
  const lines = [rule("┌", "┬", "┐")];
  for (let index = 0; index < headerHeight; index += 1) {
    lines.push(line(headerLines.map((cell) => cell[index] ?? "")));
  }
  lines.push(rule("├", "┼", "┤"));
  table.rows.forEach((row, index) => {
    if (index === bodyCount && index > 0) lines.push(rule("├", "┼", "┤"));
    lines.push(line(row));
  });
  lines.push(rule("└", "┴", "┘"));
  return lines.join("\n");
}

/** Width a table takes besides its cells' text: borders and one space each side of a cell. */
export function boxOverhead(columnCount: number): number {
  return columnCount * 3 + 1;
}
