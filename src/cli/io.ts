/**
 * The only module that touches process.stdout, process.stderr, process.stdin or the console.
 * Commands write through an `Io`; tests use `createTestIo()` and read what was written.
 *
 * Conventions:
 * - `out(text)` and `err(text)` write the text and end it with a newline (like console.log, but
 *   a text that already ends with "\n" gets no second one).
 * - `write(chunk)` writes the chunk exactly as given (no newline added) and honours back-pressure.
 * - stdout carries data only; everything for humans (progress, warnings, summaries) goes to `err`.
 */
import { terminalText } from "./output/terminal-text.js";

export interface Io {
  readonly stdoutIsTty: boolean;
  readonly stderrIsTty: boolean;
  readonly stdinIsTty: boolean;
  /** False with --no-color, NO_COLOR, or a non-TTY stdout. */
  readonly color: boolean;
  /** Terminal width (80 when unknown). */
  readonly columns: number;
  /** stdout (data only); a newline is appended unless the text already ends with one. */
  out(text: string): void;
  /** stderr (progress, warnings, summaries); a newline is appended unless the text ends with one. */
  err(text: string): void;
  /** Stream-friendly stdout write honouring back-pressure (exports of millions of rows). */
  write(chunk: string): Promise<void>;
  /** Replace the current stderr status line (progress bar) on a TTY; no-op when stderr is not a TTY. */
  status(line: string): void;
  clearStatus(): void;
}

export interface TestIo extends Io {
  stdoutText(): string;
  stderrText(): string;
}

const DEFAULT_COLUMNS = 80;
const CLEAR_LINE = "\r\u001b[2K";

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** Cuts a status line to the terminal width so it never wraps (a wrapped line cannot be replaced). */
function fitLine(line: string, columns: number): string {
  const firstLine = line.split("\n", 1)[0] ?? "";
  const max = Math.max(1, columns - 1);
  return firstLine.length > max ? firstLine.slice(0, max) : firstLine;
}

function columnsFromEnv(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number.parseInt(value, 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
}

export function createProcessIo(options: { readonly noColor: boolean }): Io {
  const stdout = process.stdout;
  const stderr = process.stderr;
  const stdoutIsTty = stdout.isTTY === true;
  const stderrIsTty = stderr.isTTY === true;
  const stdinIsTty = process.stdin.isTTY === true;
  const noColorEnv = (process.env.NO_COLOR ?? "") !== "";
  const color = !options.noColor && !noColorEnv && stdoutIsTty;
  const columns =
    (stdoutIsTty ? stdout.columns : undefined) ??
    (stderrIsTty ? stderr.columns : undefined) ??
    columnsFromEnv(process.env.COLUMNS) ??
    DEFAULT_COLUMNS;

  // A closed pipe (`carbon ... | head`) is not an error worth a stack trace: stop writing.
  let stdoutClosed = false;
  const pendingDrains = new Set<() => void>();
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    stdoutClosed = true;
    for (const resolve of pendingDrains) resolve();
    pendingDrains.clear();
  });

  let statusShown = false;
  const clearStatus = (): void => {
    if (!statusShown) return;
    stderr.write(CLEAR_LINE);
    statusShown = false;
  };

  return {
    stdoutIsTty,
    stderrIsTty,
    stdinIsTty,
    color,
    columns,
    out(text) {
      if (stdoutClosed) return;
      clearStatus();
      stdout.write(withNewline(text));
    },
    err(text) {
      clearStatus();
      // Messages quote what users and files gave: on a terminal that text must not drive it.
      stderr.write(withNewline(stderrIsTty ? terminalText(text) : text));
    },
    write(chunk) {
      if (stdoutClosed || chunk === "") return Promise.resolve();
      if (stdout.write(chunk)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = (): void => {
          pendingDrains.delete(done);
          stdout.off("drain", done);
          resolve();
        };
        pendingDrains.add(done);
        stdout.once("drain", done);
      });
    },
    status(line) {
      if (!stderrIsTty) return;
      stderr.write(`${CLEAR_LINE}${fitLine(terminalText(line), columns)}`);
      statusShown = true;
    },
    clearStatus,
  };
}

export function createTestIo(
  options: {
    readonly stdoutIsTty?: boolean;
    readonly stderrIsTty?: boolean;
    readonly stdinIsTty?: boolean;
    readonly columns?: number;
  } = {},
): TestIo {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdoutIsTty: options.stdoutIsTty ?? false,
    stderrIsTty: options.stderrIsTty ?? false,
    stdinIsTty: options.stdinIsTty ?? false,
    color: false,
    columns: options.columns ?? DEFAULT_COLUMNS,
    out(text) {
      stdout.push(withNewline(text));
    },
    err(text) {
      stderr.push(withNewline(text));
    },
    write(chunk) {
      stdout.push(chunk);
      return Promise.resolve();
    },
    // Status lines are transient on a terminal; tests read the final stderr, so they are not kept.
    status() {},
    clearStatus() {},
    stdoutText() {
      return stdout.join("");
    },
    stderrText() {
      return stderr.join("");
    },
  };
}
