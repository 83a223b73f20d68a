/** Partial blocks, index = eighths of a cell (0 is nothing). */
const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"] as const;
const FULL = "█";

/**
 * A horizontal bar of `value` scaled so that `max` fills `width` cells, in eighths of a cell.
 * A positive value never disappears: it gets at least one eighth. Zero, negative or non-finite
 * values (and a non-positive max) give an empty string.
 */
export function bar(value: number, max: number, width: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(max) || value <= 0 || max <= 0 || width < 1) {
    return "";
  }
  const cells = Math.floor(width);
  const eighths = Math.max(1, Math.round((Math.min(value, max) / max) * cells * 8));
  const full = Math.floor(eighths / 8);
  return FULL.repeat(full) + (EIGHTHS[eighths % 8] ?? "");
}

/** `bar` padded with spaces to exactly `width` cells, so bars line up in a column. */
export function paddedBar(value: number, max: number, width: number): string {
  return bar(value, max, width).padEnd(Math.max(0, Math.floor(width)), " ");
}
