import type { Emission } from "../core/model/emission.js";
import { type DateWindow, windowShare } from "./proration.js";

/** An emission record cut to a date window: its figures count only its days inside it. */
export interface WindowedEmission extends Emission {
  /** Fraction of the record's days inside the window (1 when the whole period is inside). */
  readonly share: number;
  /** The whole record's co2e, before the share was taken. */
  readonly recordCo2e: number | null;
}

function part(value: number | null, share: number): number | null {
  return value === null ? null : value * share;
}

/**
 * The record with co2e, co2, ch4, n2o, co2eMarketBased and biogenicCo2 multiplied by the share of its days
 * inside `window` (as summaries prorate them, so the rows of a window add up to its totals), or
 * null when none of its days is inside. Quantities and factors stay the record's own.
 */
export function emissionInWindow(emission: Emission, window: DateWindow): WindowedEmission | null {
  const share = windowShare(emission.startDate, emission.endDate, window);
  if (share === 0) return null;
  return {
    ...emission,
    co2e: part(emission.co2e, share),
    co2: part(emission.co2, share),
    ch4: part(emission.ch4, share),
    n2o: part(emission.n2o, share),
    co2eMarketBased: part(emission.co2eMarketBased, share),
    biogenicCo2: part(emission.biogenicCo2, share),
    share,
    recordCo2e: emission.co2e,
  };
}
