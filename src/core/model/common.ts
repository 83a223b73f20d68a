import { z } from "zod";

export const uuidSchema = z.uuid({ error: "expected a UUID" });

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
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
  .pipe(
    z
      .string()
      .regex(/^[A-Z]{2}(?:-[A-Z0-9]{1,8})?$/, "expected an ISO 3166 country code such as ES or GB"),
  );

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
