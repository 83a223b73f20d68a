/**
 * Parsing of what a request carries. Query strings are text; these schemas turn them into the
 * port's query types. A bad query is a usage error (400), a bad body a validation error (422);
 * both list every problem as `errors: [{path, message}]`. Unknown query parameters and unknown
 * body fields are rejected, never ignored.
 */
import { z } from "zod";
import { CarbonError } from "../core/errors.js";
import {
  countrySchema,
  DEFAULT_PAGE_LIMIT,
  isoDateSchema,
  MAX_PAGE_LIMIT,
  type Scope,
  uuidSchema,
} from "../core/model/common.js";
import { type GroupKey, groupKeys } from "../core/model/emission.js";
import { proxyPolicies } from "../core/model/factor.js";
import { buildingsOfQuery, uuidList } from "../core/resources/fields.js";
import { zodFieldIssues } from "../core/zod-issues.js";

/** One text value: a repeated parameter (`?page=1&page=2`) is an error. */
export const text = z.string({ error: "expected one value" });

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

export const date = text.pipe(isoDateSchema.meta({ format: "date" }));

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

/** The hosted service's names of the same filters (shared/spec/hosted-service.md). */
const hostedPeriodFields = {
  startDate: date.optional().meta({ description: "the hosted service's name for from" }),
  endDate: date.optional().meta({ description: "the hosted service's name for to" }),
  "buildingIds[]": uuidList.optional().meta({ description: "buildings, any of them match" }),
  buildingIds: uuidList.optional().meta({ description: "the same as buildingIds[]" }),
  "categoryIds[]": uuidList
    .optional()
    .meta({ description: "categories of any level, any of them match (their subcategories too)" }),
  categoryIds: uuidList.optional().meta({ description: "the same as categoryIds[]" }),
};

interface PeriodNames {
  readonly buildingId?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly startDate?: string | undefined;
  readonly endDate?: string | undefined;
  readonly "buildingIds[]"?: string[] | undefined;
  readonly buildingIds?: string[] | undefined;
  readonly "categoryIds[]"?: string[] | undefined;
  readonly categoryIds?: string[] | undefined;
}

function nonEmpty(first: string, more: readonly string[]): readonly [string, ...string[]] {
  return [first, ...more];
}

/**
 * Our names and the hosted service's, as ours: `from`/`to`, `buildingIds` (a list, merged
 * with `buildingId`) and `categoryIds`. The same filter under both names is refused rather than guessed at.
 */
function ourPeriodNames<T extends PeriodNames>(query: T, ctx: z.RefinementCtx) {
  const {
    startDate,
    endDate,
    "buildingIds[]": listed,
    buildingIds,
    "categoryIds[]": listedCategories,
    categoryIds,
    ...rest
  } = query;
  const both = (ours: string, theirs: string): void => {
    ctx.addIssue({
      code: "custom",
      path: [theirs],
      message: `give ${ours} or ${theirs}, not both`,
    });
  };
  if (startDate !== undefined && rest.from !== undefined) both("from", "startDate");
  if (endDate !== undefined && rest.to !== undefined) both("to", "endDate");
  const buildings = buildingsOfQuery({ ...rest, "buildingIds[]": listed, buildingIds }) ?? [];
  const [only, ...others] = buildings;
  const [category, ...moreCategories] = new Set([
    ...(listedCategories ?? []),
    ...(categoryIds ?? []),
  ]);
  return {
    ...rest,
    from: rest.from ?? startDate,
    to: rest.to ?? endDate,
    buildingId: others.length === 0 ? only : undefined,
    buildingIds: others.length === 0 ? undefined : buildings,
    ...(category === undefined ? {} : { categoryIds: nonEmpty(category, moreCategories) }),
  };
}

export const noQuery = z.strictObject({});
export const pageQuery = z.strictObject(pageFields);

export const factorsQuery = z
  .strictObject({
    key: text.optional(),
    country: text.optional(),
    countryCode: text.optional().meta({ description: "the hosted service's name for country" }),
    ...pageFields,
  })
  .transform(({ countryCode, ...rest }, ctx) => {
    if (countryCode !== undefined && rest.country !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["countryCode"],
        message: "give country or countryCode, not both",
      });
    }
    return { ...rest, country: rest.country ?? countryCode };
  });

export const resolveQuery = z.strictObject({
  category: text.min(1, "expected a subcategory code or UUID"),
  country: text.pipe(countrySchema).optional(),
  year: wholeNumber(1990, 2100),
  companyId: text.pipe(uuidSchema).optional(),
  /** `refuse`: resolve as if the database refused proxies (`factors resolve --no-proxy`). */
  proxies: z.enum(proxyPolicies).optional(),
});

/** `GET /emission-factors/diff`: the two releases, by version or name. */
export const factorDiffQuery = z.strictObject({
  from: text.trim().min(1, "expected a release version or name"),
  to: text.trim().min(1, "expected a release version or name"),
});

export const customFactorsQuery = z.strictObject({
  companyId: text.pipe(uuidSchema),
  ...pageFields,
});

/** GLEC entries: a company and a period (ours `from`/`to`, or the hosted `startDate`/`endDate`). */
export const glecQuery = z
  .strictObject({
    companyId: periodFields.companyId,
    from: periodFields.from,
    to: periodFields.to,
    startDate: hostedPeriodFields.startDate,
    endDate: hostedPeriodFields.endDate,
    ...pageFields,
  })
  .transform(ourPeriodNames);

export const glecDeleteQuery = z.strictObject({
  id: text.pipe(uuidSchema).meta({ description: "the entry's id" }),
});

export const consumptionsQuery = z
  .strictObject({ ...periodFields, ...hostedPeriodFields, ...pageFields })
  .transform(ourPeriodNames);
export const consumptionSummaryQuery = z
  .strictObject({ ...periodFields, ...hostedPeriodFields })
  .transform(ourPeriodNames);

/** One text or several (`?entityIds[]=a&entityIds[]=b`), as a list without repeats. */
const textList = z
  .union([text, z.array(text)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(text.min(1, "expected an entityId")).min(1))
  .transform((values) => [...new Set(values)]);

/** The hosted service's entity filter of the emissions dashboard, on the emission list too. */
const entityFields = {
  "entityIds[]": textList.optional().meta({ description: "consumption entityIds, any matches" }),
  entityIds: textList.optional().meta({ description: "the same as entityIds[]" }),
};

function withEntityIds<T extends { "entityIds[]"?: string[]; entityIds?: string[] }>(
  query: T,
  ctx: z.RefinementCtx,
) {
  const { "entityIds[]": listed, entityIds, ...rest } = query;
  const [first, ...more] = [...new Set([...(listed ?? []), ...(entityIds ?? [])])];
  const ours = ourPeriodNames(rest, ctx);
  if (first === undefined) return ours;
  return { ...ours, entityIds: nonEmpty(first, more) };
}

export const emissionsQuery = z
  .strictObject({
    ...periodFields,
    ...hostedPeriodFields,
    ...entityFields,
    scope: scopeList.optional().meta({ description: "scopes, e.g. 1,2" }),
    ...pageFields,
  })
  .transform(withEntityIds);

export const emissionSummaryQuery = z
  .strictObject({
    ...periodFields,
    ...hostedPeriodFields,
    ...entityFields,
    scope: scopeList.optional().meta({ description: "scopes, e.g. 1,2" }),
    groupBy: groupByList.default([]).meta({ description: "group keys, e.g. month,scope" }),
  })
  .transform(withEntityIds);

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
