/**
 * Values as a server of the interface writes them in its answers, read tolerantly: our own
 * `carbon serve` and the hosted service (../shared/spec/hosted-service.md) differ, and both must
 * be understood. What users type is checked strictly elsewhere; these are for answers only.
 */
import { z } from "zod";
import { normalizeIsoDateTime } from "./text-values.js";

/** Any UUID (any version or variant, either case): servers of the interface mint their own. */
export const answerIdSchema = z.guid({ error: "expected a UUID" });

const numericText = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A number, or a number written as a string (`"12.5"`), as a number. */
export const answerNumberSchema = z.union([
  z.number(),
  z
    .string()
    .regex(numericText, "expected a number")
    .transform((text) => Number(text)),
]);

/** A whole number, or one written as a string. */
export const answerIntegerSchema = answerNumberSchema.pipe(z.number().int());

/** A date (`2025-01-01`) or a date-time, as the canonical UTC date-time. */
export const answerDateTimeSchema = z.string().transform((value, ctx) => {
  const normalized = normalizeIsoDateTime(value);
  if (normalized === undefined) {
    ctx.addIssue({ code: "custom", message: `expected a date or date-time, got "${value}"` });
    return z.NEVER;
  }
  return normalized;
});

/** A date (`2025-01-01`) or a date-time, as the UTC calendar date `YYYY-MM-DD`. */
export const answerDateSchema = answerDateTimeSchema.transform((value) => value.slice(0, 10));

/** A decimal written as a string (GLEC distances and loads) or as a number, as a string. */
export const answerDecimalTextSchema = answerNumberSchema.transform((value) => String(value));

const pageSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The list envelope read tolerantly: numbers as strings, and an empty `data` object as none.
 * Made once per item schema: a remote service builds one per resource, and building zod schemas
 * costs more than a command's other set-up.
 */
export function answerPageSchema<T extends z.ZodType>(item: T): ReturnType<typeof pageSchema<T>> {
  let schema = pageSchemas.get(item);
  if (schema === undefined) {
    schema = pageSchema(item);
    pageSchemas.set(item, schema);
  }
  return schema as ReturnType<typeof pageSchema<T>>;
}

function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.preprocess(
      (value) =>
        typeof value === "object" && value !== null && Object.keys(value).length === 0 ? [] : value,
      z.array(item),
    ),
    pagination: z.object({
      page: answerIntegerSchema.pipe(z.number().min(1)),
      limit: answerIntegerSchema.pipe(z.number().min(1)),
      total: answerIntegerSchema.pipe(z.number().min(0)),
    }),
  });
}

/**
 * A single record, or the hosted service's wrapping of it as `{id, data: {...}}`: the record,
 * with the outer id when the inner one is missing.
 */
export function unwrapRecord(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("data" in value)) return value;
  const inner = value.data;
  if (typeof inner !== "object" || inner === null || Array.isArray(inner)) return value;
  const outerId = "id" in value ? value.id : undefined;
  return "id" in inner || outerId === undefined ? inner : { id: outerId, ...inner };
}

/** A date-time exactly as carbon serve writes it (`2025-01-01T00:00:00.000Z`). */
export const canonicalDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/**
 * Reads an answer with `exact` (carbon serve's own shape: cheap, and what big lists mostly are)
 * and, when that fails, with `tolerant`, whose problems are the ones reported.
 */
export function exactOrTolerant<T>(exact: z.ZodType<T>, tolerant: z.ZodType<T>): z.ZodType<T> {
  return z.unknown().transform((value, ctx): T => {
    const quick = exact.safeParse(value);
    if (quick.success) return quick.data;
    const full = tolerant.safeParse(value);
    if (full.success) return full.data;
    for (const issue of full.error.issues) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });
}
