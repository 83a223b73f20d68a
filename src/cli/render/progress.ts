import type { Io } from "../io.js";
import { bar } from "./bars.js";
import { formatCount, formatDuration } from "./numbers.js";

/** What a streaming import reports as it goes. */
export interface ProgressSnapshot {
  readonly rowsRead: number;
  readonly bytesRead: number;
  readonly totalBytes: number;
}

const BAR_WIDTH = 20;

/**
 * One status line: `label [██████▌             ]  33%  12,345 rows  8,012 rows/s  ETA 0:05`.
 * Rate and ETA appear once some time has passed; the percentage once the size is known.
 */
export function progressLine(label: string, snapshot: ProgressSnapshot, elapsedMs: number): string {
  const parts: string[] = [];
  const known = snapshot.totalBytes > 0;
  const fraction = known ? Math.min(1, snapshot.bytesRead / snapshot.totalBytes) : 0;
  if (known) {
    const percent = `${Math.floor(fraction * 100)}%`.padStart(4, " ");
    parts.push(`${label} [${bar(fraction, 1, BAR_WIDTH).padEnd(BAR_WIDTH, " ")}] ${percent}`);
  } else {
    parts.push(label);
  }
  parts.push(`${formatCount(snapshot.rowsRead)} rows`);
  const seconds = elapsedMs / 1000;
  if (seconds > 0) {
    parts.push(`${formatCount(Math.round(snapshot.rowsRead / seconds))} rows/s`);
    if (known && fraction > 0 && fraction < 1) {
      parts.push(`ETA ${formatDuration((seconds * (1 - fraction)) / fraction)}`);
    }
  }
  return parts.join("  ");
}

export interface ProgressReporter {
  update(snapshot: ProgressSnapshot): void;
  /** Removes the status line (call before printing the summary). */
  done(): void;
}

export interface ProgressOptions {
  readonly label: string;
  /** Clock in milliseconds; injectable for tests. */
  readonly now?: () => number;
  /** Minimum time between two redraws. */
  readonly intervalMs?: number;
}

/** A progress bar on stderr, redrawn at most every `intervalMs`; silent when stderr is not a TTY. */
export function createProgressReporter(io: Io, options: ProgressOptions): ProgressReporter {
  if (!io.stderrIsTty) return { update() {}, done() {} };
  const now = options.now ?? (() => performance.now());
  const interval = options.intervalMs ?? 100;
  const started = now();
  let lastDraw = Number.NEGATIVE_INFINITY;
  return {
    update(snapshot) {
      const time = now();
      if (time - lastDraw < interval) return;
      lastDraw = time;
      io.status(progressLine(options.label, snapshot, time - started));
    },
    done() {
      io.clearStatus();
    },
  };
}
