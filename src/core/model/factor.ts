import { z } from "zod";
import { isoDateSchema, noControlCharacters, scopeSchema, uuidSchema } from "./common.js";
import { MAX_FACTOR } from "./text-values.js";
import {
  answerDateSchema,
  answerDateTimeSchema,
  answerIdSchema,
  answerNumberSchema,
} from "./wire.js";

export const gwpSets = ["AR4", "AR5", "AR6"] as const;
export const gwpSetSchema = z.enum(gwpSets);
export type GwpSet = z.infer<typeof gwpSetSchema>;

/** A default factor of the shipped library (fixtures/factors/emission-factors.csv), kg per activity unit. */
export const emissionFactorSchema = z.object({
  id: uuidSchema,
  key: z.string(),
  scope: scopeSchema,
  category: z.string(),
  subcategory: z.string(),
  description: z.string(),
  /** ISO 3166 code, a grid region (`US-CAMX`), `EU`, or null for factors that apply everywhere. */
  country: z.string().nullable(),
  year: z.number().int(),
  unit: z.string(),
  co2e: z.number(),
  co2: z.number().nullable(),
  ch4: z.number().nullable(),
  n2o: z.number().nullable(),
  basis: z.string(),
  source: z.string(),
  sourceRef: z.string(),
  gwpSet: gwpSetSchema,
  /**
   * The heating value a per-energy fuel factor is stated on (`kWh (Net CV)` against
   * `kWh (Gross CV)`): null where the row is not per unit of a fuel's energy.
   */
  calorificBasis: z.enum(["gross", "net"]).nullable(),
  /** Biogenic CO2 ("outside of scopes"), kg CO2 per unit; never part of co2e. Null: none given. */
  biogenicCo2: z.number().nullable(),
  /**
   * What `co2e` covers, as the source file states it (`gas_basis`): "CO2 only ..." marks a row
   * whose CH4 and N2O are not published (its co2e is its CO2). Null: not stated.
   */
  gasBasis: z.string().nullable().default(null),
  /** kg CO2e of each gas per unit exactly as published (DESNZ, ADEME); null where not. */
  co2eOfCo2: z.number().nullable().default(null),
  co2eOfCh4: z.number().nullable().default(null),
  co2eOfN2o: z.number().nullable().default(null),
  /** The unit as the source writes it (`kWh (Net CV)`, `lb/MWh`). */
  sourceUnit: z.string().nullable().default(null),
  /** The source's own identifier: a DESNZ ID, an ADEME element id, an EPA table row, a NAICS code. */
  sourceId: z.string().nullable().default(null),
  licence: z.string().nullable().default(null),
  /** Which figures were computed, and how; null: every number copied as printed. */
  derived: z.string().nullable().default(null),
  /** Library order: the first of two rows with the same key, country, year, unit and scope wins. */
  priority: z.number().int(),
});
export type EmissionFactor = z.infer<typeof emissionFactorSchema>;

export const factorBases = ["location", "market"] as const;
export const factorBasisSchema = z.enum(factorBases);
export type FactorBasis = z.infer<typeof factorBasisSchema>;

/** kg per unit of activity: 0 or more, at most MAX_FACTOR (text-values.ts says why). */
const factorValue = z
  .number()
  .finite()
  .min(0)
  .max(MAX_FACTOR, `expected at most ${MAX_FACTOR} kg per unit (10^9)`);

/** A company-specific factor: a supplier's disclosed mix, a measured fuel, a contract. */
export const customFactorInputSchema = z
  .strictObject({
    id: uuidSchema,
    companyId: uuidSchema,
    categoryId: uuidSchema,
    /** `market` factors feed the scope 2 market-based figure; `location` ones replace the default. */
    basis: factorBasisSchema.default("location"),
    /**
     * Shorthand for a validity of one calendar year (Y-01-01 to Y-12-31); null or absent with no
     * validFrom/validTo: valid every day.
     */
    year: z.number().int().min(1990).max(2100).nullable().optional(),
    /** First day the factor is valid, `YYYY-MM-DD`; null or absent: from always. */
    validFrom: isoDateSchema.nullable().optional(),
    /** Last day the factor is valid (included), `YYYY-MM-DD`; null or absent: open-ended. */
    validTo: isoDateSchema.nullable().optional(),
    unit: z.string().trim().check(noControlCharacters).min(1),
    co2e: factorValue,
    co2: factorValue.nullable().default(null),
    ch4: factorValue.nullable().default(null),
    n2o: factorValue.nullable().default(null),
    source: z.string().trim().check(noControlCharacters).min(1, "say where the factor comes from"),
  })
  .superRefine((value, ctx) => {
    const { year, validFrom, validTo } = value;
    if (year != null && (validFrom != null || validTo != null)) {
      ctx.addIssue({
        code: "custom",
        path: ["year"],
        message: "give either year (a calendar year's validity) or validFrom/validTo, not both",
      });
    }
    if (validFrom != null && validTo != null && validTo < validFrom) {
      ctx.addIssue({
        code: "custom",
        path: ["validTo"],
        message: `expected validTo on or after validFrom ${validFrom}, got ${validTo}`,
      });
    }
  });
export type CustomFactorInput = z.input<typeof customFactorInputSchema>;
export type ParsedCustomFactorInput = z.output<typeof customFactorInputSchema>;

/** A validity: the first and last days a custom factor is valid, each null when open. */
export interface Validity {
  readonly validFrom: string | null;
  readonly validTo: string | null;
}

/** The validity an input states: its validFrom/validTo, or its year's 1 January to 31 December. */
export function validityOf(input: ParsedCustomFactorInput): Validity {
  if (input.year != null) {
    return { validFrom: `${input.year}-01-01`, validTo: `${input.year}-12-31` };
  }
  return { validFrom: input.validFrom ?? null, validTo: input.validTo ?? null };
}

/** A custom factor as carbon serve stores, answers and documents it. */
export const customFactorSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  categoryId: uuidSchema,
  basis: factorBasisSchema,
  /** First day valid, `YYYY-MM-DD`; null: from always. */
  validFrom: z.string().nullable(),
  /** Last day valid (included), `YYYY-MM-DD`; null: open-ended. */
  validTo: z.string().nullable(),
  unit: z.string(),
  co2e: z.number(),
  co2: z.number().nullable(),
  ch4: z.number().nullable(),
  n2o: z.number().nullable(),
  source: z.string(),
  createdAt: z.string(),
});

/** A custom factor as any server of the interface answers it: what a resolution needs. */
const customFactorAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  categoryId: answerIdSchema,
  basis: factorBasisSchema.default("location"),
  validFrom: answerDateSchema.nullable().default(null),
  validTo: answerDateSchema.nullable().default(null),
  unit: z.string(),
  co2e: answerNumberSchema,
  co2: answerNumberSchema.nullable().default(null),
  ch4: answerNumberSchema.nullable().default(null),
  n2o: answerNumberSchema.nullable().default(null),
  source: z.string().default(""),
  createdAt: answerDateTimeSchema.optional(),
});

/**
 * A server that answers a calendar `year` and no validity (a carbon serve from before validity
 * dates) means that year's 1 January to 31 December.
 */
function validityFromYear(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const year = record.year;
  if (typeof year !== "number" || !Number.isInteger(year)) return value;
  if (record.validFrom !== undefined || record.validTo !== undefined) return value;
  return { ...record, validFrom: `${year}-01-01`, validTo: `${year}-12-31` };
}

/** Unknown fields are kept, so `--json` prints what the server said. */
export const customFactorAnswerSchema = z.preprocess(
  validityFromYear,
  customFactorAnswerFields.loose(),
);
export type CustomFactor = z.output<typeof customFactorAnswerFields>;
/** A custom factor as stored locally: every field (the resolution orders ties by createdAt). */
export type StoredCustomFactor = z.infer<typeof customFactorSchema>;

/**
 * How a factor was found, most specific first: the company's own; the consumption's geography in
 * its year, or the nearest earlier year; the parent country of a grid region (`US` for a
 * `US-CAMX` building); a designated proxy of another geography (proxies.csv); a row that
 * applies everywhere (GWPs).
 */
export const resolutionSteps = [
  "company_custom",
  "country_year",
  "country_earlier_year",
  "parent_country",
  "proxy",
  "global_default",
] as const;
export type ResolutionStep = (typeof resolutionSteps)[number];

/** The GWP set a database states its CO2e in (chosen at creation, AR5 by default). */
export const databaseGwpSets = ["AR5", "AR6"] as const;
export const databaseGwpSetSchema = z.enum(databaseGwpSets);
export type DatabaseGwpSet = z.infer<typeof databaseGwpSetSchema>;

/** Whether a database prices a key another geography's designated factor (proxies.csv). */
export const proxyPolicies = ["allow", "refuse"] as const;
export type ProxyPolicy = (typeof proxyPolicies)[number];

export const calorificBases = ["gross", "net"] as const;

/** A factor ready to use, whichever table it came from. */
export const resolvedFactorSchema = z.object({
  factorId: uuidSchema,
  key: z.string(),
  step: z.enum(resolutionSteps),
  country: z.string().nullable(),
  year: z.number().int().nullable(),
  unit: z.string(),
  co2e: z.number(),
  co2: z.number().nullable(),
  ch4: z.number().nullable(),
  n2o: z.number().nullable(),
  source: z.string(),
  /** The set `co2e` is stated in: the database's, unless the factor gives no gases to convert. */
  gwpSet: gwpSetSchema,
  /** The set the row publishes, when `co2e` was recomputed from its gases in `gwpSet`. */
  convertedFromGwpSet: gwpSetSchema.nullable().default(null),
  /** The heating value of a per-energy fuel factor (gross or net CV), else null. */
  calorificBasis: z.enum(calorificBases).nullable().default(null),
  /**
   * Energy on the factor's heating value per unit of the consumption's, when the two differ
   * (kWh gross per kWh net, or the inverse); null when no such conversion applies.
   */
  calorificRatio: z.number().nullable().default(null),
  /** Where calorificRatio comes from. */
  calorificRatioSource: z.string().nullable().default(null),
  /** Why another geography's factor stands in (step proxy), from proxies.csv. */
  proxyReason: z.string().nullable().default(null),
});
export type ResolvedFactor = z.infer<typeof resolvedFactorSchema>;

/** The answer of `factors resolve`: location-based and, for scope 2, market-based. */
export const factorResolutionSchema = z.object({
  categoryId: uuidSchema,
  categoryCode: z.string(),
  country: z.string().nullable(),
  year: z.number().int(),
  location: resolvedFactorSchema.nullable(),
  market: resolvedFactorSchema.nullable(),
  /** residual_mix | company_custom | location_fallback, or null outside scope 2 */
  marketBasis: z.enum(["company_custom", "residual_mix", "location_fallback"]).nullable(),
  /** The database's GWP set the factors are stated in (null: a server that does not say). */
  gwpSet: databaseGwpSetSchema.nullable().default(null),
  /** The proxy the location-based factor would be, when the proxy policy refuses it. */
  refusedProxy: resolvedFactorSchema.nullable().default(null),
});
export type FactorResolution = z.infer<typeof factorResolutionSchema>;
