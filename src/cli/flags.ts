/**
 * Validation of flag values, shared by the commands. Every bad value is a usage error (exit 2)
 * that names the flag, what was expected and what was got. Loaded by `run*` functions with
 * `await import(...)`, never at the top of a verb file (it pulls zod in through the core model).
 */
import { CarbonError } from "../core/errors.js";
import { isUuid } from "../core/ids.js";
import { countrySchema, MAX_PAGE_LIMIT } from "../core/model/common.js";

function invalid(flag: string, value: string, expected: string): CarbonError {
  return new CarbonError("usage", `invalid ${flag} "${value}": expected ${expected}`);
}

/** A whole number within [min, max]. */
export function parseInteger(
  flag: string,
  value: string,
  range: { readonly min: number; readonly max?: number; readonly expected?: string },
): number {
  const text = value.trim();
  const expected =
    range.expected ??
    (range.max === undefined
      ? `a whole number of at least ${range.min}`
      : `a whole number from ${range.min} to ${range.max}`);
  if (!/^[+]?\d+$/.test(text)) throw invalid(flag, value, expected);
  const parsed = Number(text);
  if (!Number.isSafeInteger(parsed) || parsed < range.min) throw invalid(flag, value, expected);
  if (range.max !== undefined && parsed > range.max) throw invalid(flag, value, expected);
  return parsed;
}

/** A finite decimal number written with a dot (`0.233`, `1e-3`), at least `min` when given. */
export function parseNumber(flag: string, value: string, min?: number): number {
  const text = value.trim();
  const expected = min === undefined ? "a number such as 0.25" : `a number of at least ${min}`;
  const parsed = Number(text);
  if (text === "" || !Number.isFinite(parsed)) {
    const hint = /^-?\d+,\d+$/.test(text) ? " (use a dot for decimals)" : "";
    throw invalid(flag, value, `${expected}${hint}`);
  }
  if (min !== undefined && parsed < min) throw invalid(flag, value, expected);
  return parsed;
}

export function parseYear(flag: string, value: string): number {
  return parseInteger(flag, value, { min: 1990, max: 2100, expected: "a year such as 2024" });
}

export function parseUuid(flag: string, value: string): string {
  const text = value.trim();
  if (!isUuid(text)) {
    throw invalid(flag, value, "a UUID such as 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f");
  }
  return text.toLowerCase();
}

/** ISO 3166 alpha-2 (`ES`) or a grid region (`US-CAMX`), returned upper case. */
export function parseCountry(flag: string, value: string): string {
  const result = countrySchema.safeParse(value);
  if (!result.success) throw invalid(flag, value, "an ISO 3166 country code such as ES or GB");
  return result.data;
}

export function parseChoice<T extends string>(
  flag: string,
  value: string,
  choices: readonly T[],
): T {
  const found = choices.find((choice) => choice === value.trim());
  if (found === undefined) throw invalid(flag, value, `one of ${choices.join(", ")}`);
  return found;
}

/**
 * A non-empty list of `choices`, from a flag given once or more, each time one value or several
 * separated by commas (`--treatment landfill,recycling --treatment composting`); each kept once.
 */
export function parseChoices<T extends string>(
  flag: string,
  values: readonly string[],
  choices: readonly T[],
): T[] {
  const items = values.flatMap((value) => value.split(",")).filter((item) => item.trim() !== "");
  if (items.length === 0)
    throw invalid(flag, values.join(","), `one or more of ${choices.join(", ")}`);
  const found = items.map((item) => parseChoice(flag, item, choices));
  return choices.filter((choice) => found.includes(choice));
}

/** A non-empty text (names, sources). */
export function parseText(flag: string, value: string): string {
  const text = value.trim();
  if (text === "") throw invalid(flag, value, "a non-empty text");
  return text;
}

export interface PagingFlags {
  readonly page?: string;
  readonly limit?: string;
  readonly all?: boolean;
}

export interface Paging {
  readonly page: number | undefined;
  readonly limit: number | undefined;
  readonly all: boolean;
}

export function parsePaging(flags: PagingFlags): Paging {
  const all = flags.all === true;
  if (all && flags.page !== undefined) {
    throw new CarbonError("usage", "--all and --page cannot be used together", {
      hint: "--all fetches every page; drop --page",
    });
  }
  return {
    all,
    page: flags.page === undefined ? undefined : parseInteger("--page", flags.page, { min: 1 }),
    limit:
      flags.limit === undefined
        ? undefined
        : parseInteger("--limit", flags.limit, { min: 1, max: MAX_PAGE_LIMIT }),
  };
}
