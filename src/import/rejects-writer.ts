import { randomBytes } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { open, rename, rm } from "node:fs/promises";
import { CarbonError } from "../core/errors.js";
import type { RowError } from "./types.js";

/**
 * The `--rejects` file: the rejected rows with their original header and cell text, plus
 * `_line,_column,_error`, so the fixed file can be imported again as it is.
 *
 * - Same delimiter and line ending as the input; RFC 4180 quoting (a field holding the delimiter,
 *   a quote or a line break is quoted, quotes doubled); UTF-8 without BOM.
 * - Several problems in one row make one output row: columns joined with `|`, messages with `; `.
 * - Columns named `_line`, `_column` or `_error` in the input (a rejects file being re-imported)
 *   are dropped so they are not repeated.
 * - A row with too few cells is padded with empty ones, one with too many is cut to the header's
 *   width (its error message names the extra cells).
 * - Written to a temporary file next to the target and renamed at `finish`, so an interrupted
 *   import never leaves a half-written rejects file. No bad rows: no file is created.
 */

const FLUSH_CHARS = 64 * 1024;
const trailer = ["_line", "_column", "_error"] as const;

/** One CSV field with RFC 4180 quoting where needed. */
export function formatCsvField(value: string, delimiter: string): string {
  if (
    value.includes(delimiter) ||
    value.includes('"') ||
    value.includes("\n") ||
    value.includes("\r")
  ) {
    return `"${value.replaceAll('"', '""')}"`;
  }
  return value;
}

/** One CSV row without its line ending. */
export function formatCsvRow(cells: readonly string[], delimiter: string): string {
  return cells.map((cell) => formatCsvField(cell, delimiter)).join(delimiter);
}

export interface RejectsWriterOptions {
  readonly file: string;
  readonly header: readonly string[];
  readonly delimiter: string;
  readonly lineEnding: string;
}

export class RejectsWriter {
  readonly #options: RejectsWriterOptions;
  readonly #keep: readonly number[];
  readonly #temp: string;
  #handle: FileHandle | undefined;
  #pending = "";
  #rows = 0;

  constructor(options: RejectsWriterOptions) {
    this.#options = options;
    const dropped = new Set<string>(trailer);
    this.#keep = options.header
      .map((name, index) => ({ name: name.trim().toLowerCase(), index }))
      .filter((column) => !dropped.has(column.name))
      .map((column) => column.index);
    this.#temp = `${options.file}.${randomBytes(6).toString("hex")}.tmp`;
  }

  /** Rows written so far. */
  get rows(): number {
    return this.#rows;
  }

  async write(line: number, cells: readonly string[], errors: readonly RowError[]): Promise<void> {
    if (this.#handle === undefined) {
      try {
        // Created anew ("wx"): an existing file or symlink at that name is never truncated.
        this.#handle = await open(this.#temp, "wx");
      } catch (error) {
        throw this.#error(error);
      }
      const header = [...this.#keep.map((index) => this.#options.header[index] ?? ""), ...trailer];
      this.#append(header);
    }
    this.#append([
      ...this.#keep.map((index) => cells[index] ?? ""),
      String(line),
      errors.map((error) => error.column).join("|"),
      errors.map((error) => error.message).join("; "),
    ]);
    this.#rows += 1;
    if (this.#pending.length >= FLUSH_CHARS) await this.#flush();
  }

  /** Moves the file into place. Returns false (and creates nothing) when no row was rejected. */
  async finish(): Promise<boolean> {
    const handle = this.#handle;
    if (handle === undefined) return false;
    try {
      await this.#flush();
      await handle.close();
      this.#handle = undefined;
      await rename(this.#temp, this.#options.file);
    } catch (error) {
      await this.discard();
      throw this.#error(error);
    }
    return true;
  }

  /** Drops what was written. Safe to call more than once. */
  async discard(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    this.#pending = "";
    if (handle !== undefined) await handle.close().catch(() => undefined);
    await rm(this.#temp, { force: true });
  }

  #append(cells: readonly string[]): void {
    this.#pending += formatCsvRow(cells, this.#options.delimiter) + this.#options.lineEnding;
  }

  async #flush(): Promise<void> {
    if (this.#handle === undefined || this.#pending === "") return;
    const chunk = this.#pending;
    this.#pending = "";
    try {
      await this.#handle.write(chunk);
    } catch (error) {
      throw this.#error(error);
    }
  }

  #error(error: unknown): CarbonError {
    const reason = error instanceof Error ? error.message : String(error);
    return new CarbonError("usage", `cannot write rejects file ${this.#options.file}: ${reason}`, {
      cause: error,
    });
  }
}
