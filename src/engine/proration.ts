import { CarbonError } from "../core/errors.js";
import { normalizeIsoDateTime } from "../core/model/common.js";

/**
 * Spreading a consumption over calendar periods. A consumption covers the UTC calendar days
 * from its startDate's day to its endDate's day, both included (a January bill 2024-01-01 ..
 * 2024-01-31 is 31 days); every day carries the same share of its quantity.
 */
export type Granularity = "month" | "year";

export interface DateWindow {
  /** First day included, `YYYY-MM-DD` (a date-time counts by its UTC day). */
  readonly from?: string;
  /** Last day included. */
  readonly to?: string;
}

export interface PeriodShare {
  readonly period: string;
  readonly share: number;
}

const MS_PER_DAY = 86_400_000;

const MAX_CACHED_DAYS = 10_000;
/** Summaries read the same few dates (monthly bills) for every row: each is parsed once. */
const days = new Map<string, number>();
const canonicalPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Days since 1970-01-01 of the UTC day of an ISO date or date-time. */
function dayNumber(text: string, what: string): number {
  const cached = days.get(text);
  if (cached !== undefined) return cached;
  const day = Math.floor(Date.parse(normalized(text, what)) / MS_PER_DAY);
  if (days.size >= MAX_CACHED_DAYS) days.clear();
  days.set(text, day);
  return day;
}

/**
 * The canonical UTC date-time of `text`. Stored dates already are canonical
 * (`YYYY-MM-DDTHH:mm:ss.sssZ`): one that formats back to itself is a real date, and is its own
 * normalization; anything else takes the full check.
 */
function normalized(text: string, what: string): string {
  if (text.length === 24 && canonicalPattern.test(text)) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms) && new Date(ms).toISOString() === text) return text;
  }
  const result = normalizeIsoDateTime(text);
  if (result === undefined) {
    throw new CarbonError("validation", `${what}: expected an ISO 8601 date, got "${text}"`);
  }
  return result;
}

function dayRange(startDate: string, endDate: string): { first: number; last: number } {
  const first = dayNumber(startDate, "startDate");
  const last = dayNumber(endDate, "endDate");
  if (last < first) {
    throw new CarbonError("validation", `endDate ${endDate} is before startDate ${startDate}`);
  }
  return { first, last };
}

/** UTC year of a date or date-time: the year whose factors a consumption uses. */
export function utcYear(date: string): number {
  return new Date(dayNumber(date, "date") * MS_PER_DAY).getUTCFullYear();
}

/** Inclusive calendar-day count of a consumption period (UTC days). */
export function periodDays(startDate: string, endDate: string): number {
  const { first, last } = dayRange(startDate, endDate);
  return last - first + 1;
}

/** The days of the period inside the window, or null when none is. */
function clip(
  first: number,
  last: number,
  window: DateWindow | undefined,
): { first: number; last: number } | null {
  const from = window?.from === undefined ? first : Math.max(first, dayNumber(window.from, "from"));
  const to = window?.to === undefined ? last : Math.min(last, dayNumber(window.to, "to"));
  return to < from ? null : { first: from, last: to };
}

/**
 * Shares by calendar month ("2024-03") or year ("2024"), proportional to days. They sum to 1, or
 * to the fraction of days inside `window` when one is given; periods with no day are left out.
 */
export function prorate(
  startDate: string,
  endDate: string,
  granularity: Granularity,
  window?: DateWindow,
): PeriodShare[] {
  const { first, last } = dayRange(startDate, endDate);
  const total = last - first + 1;
  const inside = clip(first, last, window);
  if (inside === null) return [];
  const shares: PeriodShare[] = [];
  let day = inside.first;
  while (day <= inside.last) {
    const date = new Date(day * MS_PER_DAY);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    const nextStart =
      granularity === "month" ? Date.UTC(year, month + 1, 1) : Date.UTC(year + 1, 0, 1);
    const periodLast = Math.min(inside.last, nextStart / MS_PER_DAY - 1);
    const period =
      granularity === "month" ? `${year}-${String(month + 1).padStart(2, "0")}` : `${year}`;
    shares.push({ period, share: (periodLast - day + 1) / total });
    day = periodLast + 1;
  }
  return shares;
}

/** Fraction of the period's days inside the window (1 when no window). */
export function windowShare(startDate: string, endDate: string, window?: DateWindow): number {
  const { first, last } = dayRange(startDate, endDate);
  const inside = clip(first, last, window);
  return inside === null ? 0 : (inside.last - inside.first + 1) / (last - first + 1);
}

/**
 * One part of a consumption: a stretch of its days within one calendar year, between two cuts
 * (each 1 January, and each day a custom factor's validity starts or the day after it ends).
 */
export interface YearPart {
  readonly year: number;
  /**
   * The first day of the stretch (`YYYY-MM-DD`) when it starts at a validity cut; null when it
   * starts on 1 January or with the consumption. Its days are the consumption's days from
   * `from` (else 1 January) to `to` (else 31 December) of `year`.
   */
  readonly from: string | null;
  /** The last day of the stretch when it ends the day before a validity cut; else null. */
  readonly to: string | null;
  /** The part's first and last days as date-times: the consumption's own at its two ends. */
  readonly startDate: string;
  readonly endDate: string;
  /** Days of the part over days of the consumption (1 when it is not split). */
  readonly share: number;
}

function isoDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * A consumption cut at each 1 January (UTC days, both ends included): one part per calendar
 * year it touches, each with its share of the days, in year order.
 */
export function yearParts(startDate: string, endDate: string): YearPart[] {
  return periodParts(startDate, endDate, NO_CUTS);
}

const NO_CUTS: readonly string[] = [];

/**
 * A consumption cut at each 1 January and at each of `cuts` (days `YYYY-MM-DD`, each the first
 * day of a new stretch) inside its period: one part per stretch, in order, each with its share of
 * the days. Without a cut inside it a consumption within one year is one part of share 1.
 */
export function periodParts(
  startDate: string,
  endDate: string,
  cuts: readonly string[],
): YearPart[] {
  const { first, last } = dayRange(startDate, endDate);
  const starts = new Set<number>();
  for (const cut of cuts) {
    const day = dayNumber(cut, "cut");
    if (day > first && day <= last) starts.add(day);
  }
  const firstYear = new Date(first * MS_PER_DAY).getUTCFullYear();
  const lastYear = new Date(last * MS_PER_DAY).getUTCFullYear();
  if (firstYear === lastYear && starts.size === 0) {
    return [{ year: firstYear, from: null, to: null, startDate, endDate, share: 1 }];
  }
  const validityCuts = new Set(starts);
  for (let year = firstYear + 1; year <= lastYear; year += 1) {
    const january = Date.UTC(year, 0, 1) / MS_PER_DAY;
    starts.add(january);
    validityCuts.delete(january);
  }
  const bounds = [first, ...[...starts].sort((a, b) => a - b), last + 1];
  const total = last - first + 1;
  const parts: YearPart[] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const from = bounds[i] ?? first;
    const next = bounds[i + 1] ?? last + 1;
    const to = next - 1;
    parts.push({
      year: new Date(from * MS_PER_DAY).getUTCFullYear(),
      from: validityCuts.has(from) ? isoDay(from) : null,
      to: validityCuts.has(next) ? isoDay(to) : null,
      startDate: from === first ? startDate : new Date(from * MS_PER_DAY).toISOString(),
      endDate: to === last ? endDate : new Date(to * MS_PER_DAY).toISOString(),
      share: (to - from + 1) / total,
    });
  }
  return parts;
}

/**
 * The part a stored line names (its year, and its stretch's `from`/`to` when it has them) within
 * a consumption's days: the days of the year, or of the stretch, that the consumption covers.
 * A part the consumption does not touch (its dates changed without a new calculation, which the
 * writer never does) has no days and a share of 0.
 */
export function partOf(
  startDate: string,
  endDate: string,
  year: number,
  stretch: { readonly from: string | null; readonly to: string | null },
): YearPart {
  const { first, last } = dayRange(startDate, endDate);
  const fromDay =
    stretch.from === null ? Date.UTC(year, 0, 1) / MS_PER_DAY : dayNumber(stretch.from, "from");
  const toDay =
    stretch.to === null ? Date.UTC(year, 11, 31) / MS_PER_DAY : dayNumber(stretch.to, "to");
  const from = Math.max(first, fromDay);
  const to = Math.min(last, toDay);
  const { from: f, to: t } = stretch;
  if (to < from) {
    const day = new Date(fromDay * MS_PER_DAY).toISOString();
    return { year, from: f, to: t, startDate: day, endDate: day, share: 0 };
  }
  return {
    year,
    from: f,
    to: t,
    startDate: from === first ? startDate : new Date(from * MS_PER_DAY).toISOString(),
    endDate: to === last ? endDate : new Date(to * MS_PER_DAY).toISOString(),
    share: (to - from + 1) / (last - first + 1),
  };
}
