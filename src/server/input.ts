/**
 * Parsing of what a request carries. Query strings are text; these schemas turn them into the
 * port's query types. A bad query is a usage error (400), a bad body a validation error (422);
 * both list every problem as `errors: [{path, message}]`. Unknown query parameters and unknown
 * body fields are rejected, never ignored.
 */
import { z } from "zod";
import { CarbonError } from "../core/errors.js";
import { categoryLevelSchema } from "../core/model/category.js";
import {
  countrySchema,
  DEFAULT_PAGE_LIMIT,
  isoDateSchema,
  MAX_PAGE_LIMIT,
  type Scope,
  uuidSchema,
} from "../core/model/common.js";
import { type GroupKey, groupKeys } from "../core/model/emission.js";
import { zodFieldIssues } from "../core/zod-issues.js";

/** One text value: a repeated parameter (`?page=1&page=2`) is an error. */
const text = z.string({ error: "expected one value" });

function wholeNumber(min: number, max?: number) {
  const expected =
    max === undefined
      ? `a whole number of at least ${min}`
      : `a whole number from ${min} to ${max}`;
  return text.transform((value, ctx) => {
    const parsed = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isNaN(parsed) || parsed < min || (max !== undefined && parsed > max)) {
      ctx.addIssue({ code: "custom", message: `expected ${expected}, got "${value}"` });
      return z.NEVER;
    }
    return parsed;
  });
}

const date = text.pipe(isoDateSchema.meta({ format: "date" }));

const scopeWords: Readonly<Record<string, Scope>> = { "1": 1, "2": 2, "3": 3 };

/** `1,2` -> [1, 2]. */
const scopeList = text.transform((value, ctx): Scope[] => {
  const scopes: Scope[] = [];
  for (const part of value.split(",")) {
    const scope = scopeWords[part.trim()];
    if (scope === undefined) {
      ctx.addIssue({
        code: "custom",
        message: `expected scopes 1, 2 or 3 separated by commas, got "${value}"`,
      });
      return z.NEVER;
    }
    scopes.push(scope);
  }
  return scopes;
});

/** `month,scope` -> ["month", "scope"]. */
const groupByList = text.transform((value, ctx): GroupKey[] => {
  const keys: GroupKey[] = [];
  for (const part of value.split(",")) {
    const key = groupKeys.find((candidate) => candidate === part.trim());
    if (key === undefined) {
      ctx.addIssue({
        code: "custom",
        message: `expected keys among ${groupKeys.join(", ")} separated by commas, got "${value}"`,
      });
      return z.NEVER;
    }
    keys.push(key);
  }
  return keys;
});

export const pageFields = {
  page: wholeNumber(1).default(1).meta({ description: "page number, from 1" }),
  limit: wholeNumber(1, MAX_PAGE_LIMIT)
    .default(DEFAULT_PAGE_LIMIT)
    .meta({ description: `items per page, 1 to ${MAX_PAGE_LIMIT}` }),
};

const periodFields = {
  companyId: text.pipe(uuidSchema).optional(),
  buildingId: text.pipe(uuidSchema).optional(),
  from: date.optional().meta({ description: "first day YYYY-MM-DD; periods overlapping match" }),
  to: date.optional().meta({ description: "last day YYYY-MM-DD, included" }),
};

export const noQuery = z.strictObject({});
export const pageQuery = z.strictObject(pageFields);

export const categoriesQuery = z.strictObject({
  level: text.pipe(categoryLevelSchema).optional(),
  ...pageFields,
});

export const factorsQuery = z.strictObject({
  key: text.optional(),
  country: text.optional(),
  ...pageFields,
});

export const resolveQuery = z.strictObject({
  category: text.min(1, "expected a subcategory code or UUID"),
  country: text.pipe(countrySchema).optional(),
  year: wholeNumber(1990, 2100),
  companyId: text.pipe(uuidSchema).optional(),
});

export const customFactorsQuery = z.strictObject({
  companyId: text.pipe(uuidSchema),
  ...pageFields,
});

export const glecQuery = z.strictObject({
  companyId: text.pipe(uuidSchema).optional(),
  ...pageFields,
});

export const consumptionsQuery = z.strictObject({ ...periodFields, ...pageFields });
export const consumptionSummaryQuery = z.strictObject(periodFields);

export const emissionsQuery = z.strictObject({
  ...periodFields,
  scope: scopeList.optional().meta({ description: "scopes, e.g. 1,2" }),
  ...pageFields,
});

export const emissionSummaryQuery = z.strictObject({
  ...periodFields,
  scope: scopeList.optional().meta({ description: "scopes, e.g. 1,2" }),
  groupBy: groupByList.default([]).meta({ description: "group keys, e.g. month,scope" }),
});

export const upsertConsumptionQuery = z.strictObject({
  dryRun: text
    .pipe(z.enum(["true", "false"]))
    .transform((value) => value === "true")
    .default(false)
    .meta({ description: "true: calculate and answer, store nothing" }),
});

/** Who-am-i takes no body; whatever comes is ignored. */
export const ignoredBody = z.unknown();

export function isIgnoredBody(schema: z.ZodType): boolean {
  return schema === ignoredBody;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  const issues = zodFieldIssues(result.error, "unknown query parameter");
  const first = issues[0];
  const detail =
    issues.length === 1 && first !== undefined
      ? `invalid query: ${first.path === "" ? "" : `${first.path}: `}${first.message}`
      : `${plural(issues.length, "problem")} in the query parameters`;
  throw new CarbonError("usage", detail, { issues });
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined && !isIgnoredBody(schema)) {
    throw new CarbonError("validation", "the request body is missing: send a JSON object", {
      issues: [{ path: "", message: "expected a JSON object" }],
    });
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = zodFieldIssues(result.error);
  throw new CarbonError("validation", `${plural(issues.length, "problem")} in the request body`, {
    issues,
  });
}
