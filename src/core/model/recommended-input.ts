import { z } from "zod";
import { countrySchema, uuidSchema } from "./common.js";

/**
 * Recommended inputs (docs/inputs.md): the choices the factor library can price in a country,
 * by type, each naming the subcategory and the factor it resolves to.
 */
export const recommendedInputTypes = ["provider", "fuel", "heat", "waste"] as const;
export type RecommendedInputType = (typeof recommendedInputTypes)[number];

export const recommendedInputTypeSchema = z.enum(recommendedInputTypes, {
  error: `expected one of ${recommendedInputTypes.join(", ")}`,
});

/** The factor an input resolves to in its country (the library's row, or a global default). */
const inputFactorSchema = z.object({
  key: z.string(),
  country: z.string().nullable(),
  year: z.number().int().nullable(),
  unit: z.string(),
  co2e: z.number(),
  source: z.string(),
});

/** A recommended input as carbon serve answers it (and documents it). */
export const recommendedInputSchema = z.object({
  /** `type:code`, stable across installs. */
  id: z.string(),
  type: recommendedInputTypeSchema,
  /** The subcategory code a consumption takes (`category` in a CSV). */
  code: z.string(),
  name: z.string(),
  categoryId: uuidSchema,
  country: countrySchema,
  /** The subcategory's default unit first, then the factor's when it differs. */
  units: z.array(z.string()),
  /** A waste input's disposal route; null for the other types. */
  route: z.string().nullable(),
  /** Location-based. */
  factor: inputFactorSchema,
  /** Market-based (electricity: the residual mix), or null. */
  marketFactor: inputFactorSchema.nullable(),
});
export type RecommendedInput = z.infer<typeof recommendedInputSchema>;

/** A recommended input as any server answers it: a name needed, the rest read when given. */
export const recommendedInputAnswerSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).nullable().default(null),
    type: z.string().nullable().default(null),
    code: z.string().nullable().default(null),
    name: z.string(),
    units: z.array(z.string()).default([]),
    route: z.string().nullable().default(null),
    factor: inputFactorSchema.loose().nullable().default(null),
    marketFactor: inputFactorSchema.loose().nullable().default(null),
  })
  .loose();
export type RecommendedInputAnswer = z.output<typeof recommendedInputAnswerSchema>;
