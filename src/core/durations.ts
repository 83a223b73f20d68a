/**
 * Durations as people type them (`3600s`, `30m`, `24h`, `7d`): token lifetimes and the server's
 * limits and timeouts, read from flags and environment variables.
 */
import { usageError } from "./errors.js";

const units: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `3600s`, `30m`, `24h`, `7d` -> seconds; anything else is a usage error naming `source`. */
export function parseDuration(source: string, text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text.trim());
  const unit = units[match?.[2] ?? ""];
  const seconds = unit === undefined ? Number.NaN : Number(match?.[1]) * unit;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw usageError(
      `invalid ${source} "${text}": expected a duration such as 3600s, 30m, 24h or 7d`,
    );
  }
  return seconds;
}

const largestFirst: readonly (readonly [string, number])[] = [
  ["d", 86_400],
  ["h", 3600],
  ["m", 60],
];

/** Seconds in the largest unit that divides them: 2592000 -> `30d`, 5400 -> `90m`. */
export function formatDuration(seconds: number): string {
  for (const [unit, size] of largestFirst) {
    if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}
