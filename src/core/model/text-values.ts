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

/** `YYYY-MM-DD` naming a day that exists (no 2024-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!isoDatePattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * The years of the dates users give (consumption periods, GLEC dates, filters): the factor
 * library starts in 1990 and nothing of ours is about the future past 2100, so a year outside
 * is a typo (`0224`, `2204`) that would otherwise be stored and prorated as given.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** Why a real date (`YYYY-MM-DD…`, canonical) is not accepted from a user, or undefined. */
export function yearProblem(date: string): string | undefined {
  const year = Number(date.slice(0, 4));
  if (/^\d{4}/.test(date) && year >= MIN_YEAR && year <= MAX_YEAR) return undefined;
  return `expected a date in the years ${MIN_YEAR} to ${MAX_YEAR}`;
}

export const countryPattern = /^[A-Z]{2}(?:-[A-Z0-9]{1,8})?$/;

export const COUNTRY_MESSAGE = "expected an ISO 3166 country code such as ES or GB";

/** `es` -> `ES`, `us-camx` -> `US-CAMX`; undefined when the text is not a country code. */
export function normalizeCountry(text: string): string | undefined {
  const value = text.trim().toUpperCase();
  return countryPattern.test(value) ? value : undefined;
}

/**
 * The largest quantity a consumption may have, in the unit it is given in: 10^12 is 1,000 TWh in
 * kWh (about twice Germany's yearly electricity use), a million tonnes in kg, and no bill comes
 * near it; a larger value is a typo or a stray exponent (`1e308` would make every total
 * infinite). With every factor bounded too (MAX_FACTOR) no product of the two overflows.
 */
export const MAX_QUANTITY = 1e12;

/** The longest consumption entityId: the schema, the import's row validator and the server's fast path use it. */
export const MAX_ENTITY_ID = 200;

/**
 * The largest custom emission factor, kg per unit of its activity: releasing a tonne of SF6,
 * the most potent gas of the GHG Protocol, is about 2.5 * 10^7 kg CO2e (AR6 GWP 25,200).
 */
export const MAX_FACTOR = 1e9;

/** Why a parsed quantity (0 or more) cannot be recorded, or undefined when it can. */
export function quantityProblem(value: number): string | undefined {
  if (!Number.isFinite(value)) return "expected a finite number";
  if (value > MAX_QUANTITY) {
    return `expected a quantity of at most ${MAX_QUANTITY} (10^12) in its unit, got ${value}: a typo or a stray exponent?`;
  }
  return undefined;
}

/**
 * Bounds of a GLEC leg (docs/glec.md): a leg is one vehicle's trip, and the Earth's
 * circumference is 40,075 km; the largest ships carry about 400,000 t; a large container ship
 * burns about 300 kg of fuel per km. Beyond these a value is a typo.
 */
export const MAX_LEG_KM = 100_000;
export const MAX_LEG_TONNES = 1_000_000;
export const MAX_ENERGY_RATE = 1_000_000;

/**
 * C0 and C1 control characters (U+0000-U+001F, U+007F-U+009F: Unicode's Cc). Stored in a name
 * they reach every terminal that prints it, where ESC and BEL sequences retitle the window, move
 * the cursor or clear the screen; no field of ours needs one, so every text written is refused
 * with one.
 */
export const CONTROL_CHARACTER = /\p{Cc}/u;
export const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** `U+001B`: how a character is named in messages. */
export function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Why `text` cannot be stored (its first control character and where), or undefined. */
export function controlCharacterProblem(text: string): string | undefined {
  const found = CONTROL_CHARACTER.exec(text);
  if (found === null) return undefined;
  return `expected text without control characters, got ${codePointName(found[0])} at character ${found.index + 1}`;
}

const localPartPattern = /^[^\s@"<>(),;:\p{Cc}]+$/u;
/** A host name label (RFC 1123), letters of any script allowed (internationalised domains). */
const hostLabelPattern = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
const MAX_LABEL = 63;
const MAX_HOST = 253;
const MAX_EMAIL = 254;

/**
 * Why `text` is not an e-mail address, or undefined: one `@`, a local part without spaces or
 * quotes (no empty dot-separated part), and a host name of at least two labels, each of 1 to 63
 * letters, digits or inner hyphens, the last not only digits (`a@b`, `a@-x.com`, `a@x..com`
 * are refused). Suppliers' e-mails and token users both follow it.
 */
export function emailProblem(text: string): string | undefined {
  if (text.length > MAX_EMAIL) return `longer than ${MAX_EMAIL} characters`;
  const at = text.lastIndexOf("@");
  const local = text.slice(0, Math.max(0, at));
  const host = text.slice(at + 1);
  if (at <= 0 || local.includes("@")) return "expected one @ with a name before it";
  if (!localPartPattern.test(local) || local.split(".").includes("")) {
    return `the part before @ ("${local}") holds a space, a quote or an empty dot-separated part`;
  }
  if (host.length > MAX_HOST) return `the host name is longer than ${MAX_HOST} characters`;
  const labels = host.split(".");
  if (labels.length < 2) return `the host name "${host}" has no dot`;
  for (const label of labels) {
    if (label === "") return `the host name "${host}" has an empty label`;
    if ([...label].length > MAX_LABEL) {
      return `the host name label "${label}" is longer than ${MAX_LABEL} characters`;
    }
    if (!hostLabelPattern.test(label)) {
      return `the host name label "${label}" holds other than letters, digits and inner hyphens`;
    }
  }
  const last = labels[labels.length - 1] ?? "";
  if (/^\d+$/.test(last) || [...last].length < 2) {
    return `the host name "${host}" ends in "${last}", not a top-level domain`;
  }
  return undefined;
}

/**
 * The kWh per m3 a natural-gas bill may print (billed-energy.ts): natural gas holds about 10-12
 * (units.csv: 11.29 at the DESNZ gross CV); a figure outside 1-50 is a typo or another unit.
 */
export const KWH_PER_M3_MIN = 1;
export const KWH_PER_M3_MAX = 50;
