/**
 * Where custom factors' validities cut a consumption (docs/factor-library.md#custom-factors-by-date).
 * A cut is a day `YYYY-MM-DD` that starts a new stretch: a validity's first day, or the day after
 * its last. Between two cuts the same custom factors are valid every day, so one resolution
 * prices the stretch. A cut on 1 January is a year boundary already and is left out: a factor of
 * one calendar year (`--year`) or one open at both ends never cuts a year.
 */
import type { Validity } from "../core/model/factor.js";

const MS_PER_DAY = 86_400_000;

/** The day after `YYYY-MM-DD`. */
function dayAfter(day: string): string {
  return new Date(Date.parse(day) + MS_PER_DAY).toISOString().slice(0, 10);
}

function isFirstOfJanuary(day: string): boolean {
  return day.endsWith("-01-01");
}

/** The cuts of some validities, sorted, each once (none: an empty array). */
export function validityCuts(validities: readonly Validity[]): string[] {
  const cuts = new Set<string>();
  for (const { validFrom, validTo } of validities) {
    if (validFrom !== null && !isFirstOfJanuary(validFrom)) cuts.add(validFrom);
    if (validTo !== null) {
      const next = dayAfter(validTo);
      if (!isFirstOfJanuary(next)) cuts.add(next);
    }
  }
  return [...cuts].sort();
}

/**
 * Whether a cut falls inside a consumption's period, after its first day (canonical date-times
 * compared as text: a day `YYYY-MM-DD` sorts before every time of that day).
 */
export function cutInside(cuts: readonly string[], startDate: string, endDate: string): boolean {
  for (const cut of cuts) {
    if (cut > startDate && cut <= endDate) return true;
  }
  return false;
}

/**
 * The stretch of its year a day lies in, as a cache key: the cuts of that year that bound it
 * (`from..to`, each empty at the year's edge); "" when the year has no cut.
 */
export function stretchKey(cuts: readonly string[], day: string, year: number): string {
  const prefix = `${year}-`;
  let from = "";
  let to = "";
  for (const cut of cuts) {
    if (!cut.startsWith(prefix)) continue;
    if (cut <= day) from = cut;
    else {
      to = cut;
      break;
    }
  }
  return from === "" && to === "" ? "" : `${from}..${to}`;
}
