/** The check of an import row's date cells (row-validator.ts), cached per cell text. */
import { normalizeIsoDateTime, yearProblem } from "../core/model/text-values.js";

const MAX_CACHED_DATES = 10_000;

/** A date cell's check: its normalized value, or why it is not a date in range. */
export type DateCheck =
  | { readonly ok: true; readonly date: string }
  | { readonly ok: false; readonly message: string };

/** A file repeats the same few dates (monthly bills): each cell text is checked once. */
const dates = new Map<string, DateCheck>();

export function dateCheck(text: string): DateCheck {
  let check = dates.get(text);
  if (check !== undefined) return check;
  const normalized = normalizeIsoDateTime(text);
  if (normalized === undefined) {
    const message = /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? `expected a real calendar date, got "${text}" (no such day)`
      : `expected a date YYYY-MM-DD or an ISO 8601 date-time, got "${text}"`;
    check = { ok: false, message };
  } else {
    const problem = yearProblem(normalized);
    check =
      problem === undefined
        ? { ok: true, date: normalized }
        : { ok: false, message: `${problem}, got "${text}"` };
  }
  if (dates.size >= MAX_CACHED_DATES) dates.clear();
  dates.set(text, check);
  return check;
}
