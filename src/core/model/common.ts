import { z } from "zod";
import {
  COUNTRY_MESSAGE,
  controlCharacterProblem,
  countryPattern,
  isoDatePattern,
  normalizeIsoDateTime,
} from "./text-values.js";

export { normalizeIsoDateTime } from "./text-values.js";

export const uuidSchema = z.uuid({ error: "expected a UUID" });

/** A check for every text field written: no control characters (text-values.ts says why). */
export const noControlCharacters = z.superRefine((value: string, ctx) => {
  const problem = controlCharacterProblem(value);
  if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
});

/** ISO 8601 date or date-time, normalized to a UTC date-time string. */
export const isoDateTimeSchema = z.string().transform((value, ctx) => {
  const normalized = normalizeIsoDateTime(value);
  if (normalized === undefined) {
    ctx.addIssue({
      code: "custom",
      message: `expected an ISO 8601 date (YYYY-MM-DD) or date-time, got "${value}"`,
    });
    return z.NEVER;
  }
  return normalized;
});

/** A calendar date `YYYY-MM-DD`. */
export const isoDateSchema = z.string().refine((value) => {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}, "expected a date YYYY-MM-DD");

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
