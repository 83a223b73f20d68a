import { z } from "zod";
import {
  COUNTRY_MESSAGE,
  controlCharacterProblem,
  countryPattern,
  isCalendarDate,
  normalizeIsoDateTime,
  yearProblem,
} from "./text-values.js";

export { normalizeIsoDateTime } from "./text-values.js";

export const uuidSchema = z.uuid({ error: "expected a UUID" });

/** A check for every text field written: no control characters (text-values.ts says why). */
export const noControlCharacters = z.superRefine((value: string, ctx) => {
  const problem = controlCharacterProblem(value);
  if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
});

function gotText(problem: string | undefined, value: string): string | undefined {
  return problem === undefined ? undefined : `${problem}, got "${value}"`;
}

function dateTimeSchema(userYears: boolean) {
  return z.string().transform((value, ctx) => {
    const normalized = normalizeIsoDateTime(value);
    const problem =
      normalized === undefined
        ? `expected an ISO 8601 date (YYYY-MM-DD) or date-time, got "${value}"`
        : userYears
          ? gotText(yearProblem(normalized), value)
          : undefined;
    if (problem !== undefined || normalized === undefined) {
      ctx.addIssue({ code: "custom", message: problem ?? "expected a date" });
      return z.NEVER;
    }
    return normalized;
  });
}

/** ISO 8601 date or date-time, normalized to a UTC date-time string (answers: any year). */
export const isoDateTimeSchema = dateTimeSchema(false);

/** A date or date-time a user gives: as isoDateTimeSchema, in the years 1900 to 2100. */
export const inputDateTimeSchema = dateTimeSchema(true);

/** A calendar date `YYYY-MM-DD` a user gives (GLEC dates, filters), in the years 1900 to 2100. */
export const isoDateSchema = z.string().superRefine((value, ctx) => {
  const problem = isCalendarDate(value)
    ? gotText(yearProblem(value), value)
    : "expected a date YYYY-MM-DD";
  if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
});

/** ISO 3166-1 alpha-2 country code, upper case (`ES`, `GB`), or a sub-national grid region such as `US-CAMX`. */
export const countrySchema = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(countryPattern, COUNTRY_MESSAGE));

export const scopeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type Scope = z.infer<typeof scopeSchema>;

export const paginationSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The list envelope of the spec: `{data, pagination: {page, limit, total}}`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

export interface Page<T> {
  readonly data: readonly T[];
  readonly pagination: Pagination;
}

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 500;

export interface PageQuery {
  readonly page?: number;
  readonly limit?: number;
}
