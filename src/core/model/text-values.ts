/**
 * Date and country texts checked without zod: the CSV parse worker validates millions of cells
 * with these and loads no schema library (zod is about 60 ms of a worker's start-up, which is on
 * the critical path of every large import). The zod schemas in common.ts use the same rules.
 */

export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const canonicalPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isoDateTimePattern =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * Parses `YYYY-MM-DD` or an ISO 8601 date-time into the canonical form stored everywhere:
 * `YYYY-MM-DDTHH:mm:ss.sssZ` (UTC). Returns undefined when the text is not a real date.
 */
export function normalizeIsoDateTime(text: string): string | undefined {
  const value = text.trim();
  if (canonicalPattern.test(value)) {
    // Already canonical (what clients send back): a real date round-trips to the same text.
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()) && date.toISOString() === value) return value;
  }
  if (isoDatePattern.test(value)) {
    const date = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return undefined;
    return date.toISOString();
  }
  if (isoDateTimePattern.test(value)) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return undefined;
    const day = value.slice(0, 10);
    // Reject calendar impossibilities like 2024-02-30T00:00Z that Date would roll over.
    const probe = new Date(`${day}T00:00:00.000Z`);
    if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== day) return undefined;
    return date.toISOString();
  }
  return undefined;
}

export const countryPattern = /^[A-Z]{2}(?:-[A-Z0-9]{1,8})?$/;

export const COUNTRY_MESSAGE = "expected an ISO 3166 country code such as ES or GB";

/** `es` -> `ES`, `us-camx` -> `US-CAMX`; undefined when the text is not a country code. */
export function normalizeCountry(text: string): string | undefined {
  const value = text.trim().toUpperCase();
  return countryPattern.test(value) ? value : undefined;
}
