import type { Io } from "../io.js";
import { bar } from "./bars.js";
import { formatCount, formatDuration } from "./numbers.js";

/** What a streaming import reports as it goes. */
export interface ProgressSnapshot {
  readonly rowsRead: number;
  readonly bytesRead: number;
  readonly totalBytes: number;
  /** Against a server, once the file is validated: rows sent, confirmed, and to send. */
  readonly sending?: {
    readonly sent: number;
    readonly confirmed: number;
    readonly total: number;
  };
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

/**
 * While rows go to a server: `label sending [████      ]  40%  4,000/10,000 rows confirmed
 * (4,500 sent)  6,012 rows/s  ETA 0:01`; `elapsedMs` counts from the first row sent.
 */
export function sendingLine(
  label: string,
  sending: NonNullable<ProgressSnapshot["sending"]>,
  elapsedMs: number,
): string {
  const fraction = sending.total > 0 ? Math.min(1, sending.confirmed / sending.total) : 1;
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4, " ");
  const parts = [
    `${label} sending [${bar(fraction, 1, BAR_WIDTH).padEnd(BAR_WIDTH, " ")}] ${percent}`,
    `${formatCount(sending.confirmed)}/${formatCount(sending.total)} rows confirmed (${formatCount(sending.sent)} sent)`,
  ];
  const seconds = elapsedMs / 1000;
  if (seconds > 0 && sending.confirmed > 0) {
    parts.push(`${formatCount(Math.round(sending.confirmed / seconds))} rows/s`);
    if (fraction < 1) parts.push(`ETA ${formatDuration((seconds * (1 - fraction)) / fraction)}`);
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
  let sendingSince: number | undefined;
  return {
    update(snapshot) {
      const time = now();
      if (snapshot.sending !== undefined) sendingSince ??= time;
      if (time - lastDraw < interval) return;
      lastDraw = time;
      io.status(
        snapshot.sending === undefined
          ? progressLine(options.label, snapshot, time - started)
          : sendingLine(options.label, snapshot.sending, time - (sendingSince ?? time)),
      );
    },
    done() {
      io.clearStatus();
    },
  };
}
