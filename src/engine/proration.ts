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

/** One calendar year's part of a consumption: its days and their share of the whole. */
export interface YearPart {
  readonly year: number;
  /** The part's first and last days as date-times: the consumption's own at its two ends. */
  readonly startDate: string;
  readonly endDate: string;
  /** Days of the part over days of the consumption (1 when it is not split). */
  readonly share: number;
}

/**
 * A consumption cut at each 1 January (UTC days, both ends included): one part per calendar
 * year it touches, each with its share of the days, in year order.
 */
export function yearParts(startDate: string, endDate: string): YearPart[] {
  const { first, last } = dayRange(startDate, endDate);
  const firstYear = new Date(first * MS_PER_DAY).getUTCFullYear();
  const lastYear = new Date(last * MS_PER_DAY).getUTCFullYear();
  if (firstYear === lastYear) return [{ year: firstYear, startDate, endDate, share: 1 }];
  const total = last - first + 1;
  const parts: YearPart[] = [];
  for (let year = firstYear; year <= lastYear; year += 1) {
    const from = Math.max(first, Date.UTC(year, 0, 1) / MS_PER_DAY);
    const to = Math.min(last, Date.UTC(year, 11, 31) / MS_PER_DAY);
    parts.push({
      year,
      startDate: year === firstYear ? startDate : new Date(from * MS_PER_DAY).toISOString(),
      endDate: year === lastYear ? endDate : new Date(to * MS_PER_DAY).toISOString(),
      share: (to - from + 1) / total,
    });
  }
  return parts;
}
