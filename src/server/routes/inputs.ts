/**
 * Recommended inputs (docs/inputs.md): the interface's `GET /inputs/recommended?country&type`,
 * with the hosted service's names `countryCode`, `types` and `companyId` accepted beside them.
 */
import { z } from "zod";
import { countrySchema, pageSchema, uuidSchema } from "../../core/model/common.js";
import {
  type RecommendedInputType,
  recommendedInputSchema,
  recommendedInputTypeSchema,
} from "../../core/model/recommended-input.js";
import { ignoredBody, pageFields } from "../input.js";
import { defineRoute, ok, type Route } from "../route.js";

const text = z.string({ error: "expected one value" });

/** One type or several, comma-separated. */
const typeList = text.transform((value, ctx): RecommendedInputType[] => {
  const types: RecommendedInputType[] = [];
  for (const word of value.split(",")) {
    const parsed = recommendedInputTypeSchema.safeParse(word.trim().toLowerCase());
    if (!parsed.success) {
      ctx.addIssue({
        code: "custom",
        message: `${parsed.error.issues[0]?.message}, got "${word}"`,
      });
      return z.NEVER;
    }
    if (!types.includes(parsed.data)) types.push(parsed.data);
  }
  return types;
});

export const recommendedQuery = z
  .strictObject({
    country: text.pipe(countrySchema).optional(),
    countryCode: text
      .pipe(countrySchema)
      .optional()
      .meta({ description: "the hosted service's name for country" }),
    type: typeList.optional(),
    types: typeList.optional().meta({ description: "the hosted service's name for type" }),
    companyId: text
      .pipe(uuidSchema)
      .optional()
      .meta({ description: "the hosted service's; accepted, the library is every company's" }),
    ...pageFields,
  })
  .transform(({ countryCode, types, companyId: _company, ...rest }, ctx) => {
    const country = rest.country ?? countryCode;
    if (country === undefined) {
      ctx.addIssue({ code: "custom", path: ["country"], message: "expected a country such as ES" });
      return z.NEVER;
    }
    const chosen = rest.type ?? types;
    return {
      country,
      ...(chosen === undefined ? {} : { types: chosen }),
      page: rest.page,
      limit: rest.limit,
    };
  });

export const inputRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: "/inputs/recommended",
    summary:
      "Recommended inputs of a country by type (provider, fuel, heat, waste): the subcategories the factor library can price there, with the factor each resolves to",
    query: recommendedQuery,
    body: ignoredBody,
    statuses: [200],
    response: { name: "RecommendedInputPage", schema: pageSchema(recommendedInputSchema) },
    async handle({ service, query }) {
      return ok(await service.inputs.recommended(query));
    },
  }),
];
