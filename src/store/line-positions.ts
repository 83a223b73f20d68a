/**
 * Where a list's emission lines start, remembered while the rows do not change: a page deep in
 * the list then starts at the nearest place an earlier page passed, instead of passing over
 * every row before it again. Both stores keep one `LinePositions` per list (its filter and the
 * weights its rows were passed over by) for as long as their check of the data says the rows
 * are unchanged (SQLite: the connection's changes and data_version; PostgreSQL: the company's
 * version of its consumptions).
 */
import type { LineWeight } from "../rules/store.js";

/** A list's line `lines` is the first line of the row after `after` (of the list's first row when undefined). */
export interface LinePosition<Key> {
  readonly lines: number;
  readonly after: Key | undefined;
}

/** Places remembered a list at most; past it, new ones are not kept. */
const KEPT = 4096;

export class LinePositions<Key> {
  /** Sorted by `lines`; the list's start first. */
  readonly #positions: LinePosition<Key>[] = [{ lines: 0, after: undefined }];

  /** The remembered place nearest before line `offset` (or at it). */
  nearest(offset: number): LinePosition<Key> {
    const positions = this.#positions;
    let low = 0;
    let high = positions.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((positions[mid]?.lines ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return positions[low] ?? { lines: 0, after: undefined };
  }

  /** Remembers a place a pass over the rows reached. */
  add(position: LinePosition<Key>): void {
    const positions = this.#positions;
    if (position.lines <= 0 || positions.length >= KEPT) return;
    let at = positions.length;
    while (at > 0 && (positions[at - 1]?.lines ?? 0) > position.lines) at -= 1;
    if (positions[at - 1]?.lines === position.lines) return;
    positions.splice(at, 0, position);
  }
}

/** The weights of a list as one string: places passed by other weights are not this list's. */
export function weightsKey(weights: readonly LineWeight[], byCategory: boolean): string {
  let key = byCategory ? "c" : "r";
  for (const weight of weights) {
    key += `|${byCategory ? weight.categoryRef : ""}:${weight.calculationRef}:${weight.lines}`;
  }
  return key;
}
