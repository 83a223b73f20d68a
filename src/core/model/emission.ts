import { z } from "zod";
import { scopeSchema, uuidSchema } from "./common.js";
import { gwpSetSchema, resolutionSteps } from "./factor.js";
import {
  answerDateTimeSchema,
  answerIdSchema,
  answerIntegerSchema,
  answerNumberSchema,
  canonicalDateTimeSchema,
  exactOrTolerant,
} from "./wire.js";

export const emissionStatuses = ["calculated", "awaiting_factor"] as const;
export type EmissionStatus = (typeof emissionStatuses)[number];

export const marketBases = ["company_custom", "residual_mix", "location_fallback"] as const;
export type MarketBasis = (typeof marketBases)[number];

/**
 * What an emission line is: the consumption's own emission (`direct`), or a scope 3 category 3
 * line derived from it (docs/factor-library.md#derived-lines): well-to-tank of the fuel or of
 * the generation (`wtt`), transmission and distribution losses (`td_losses`) and their
 * well-to-tank (`td_losses_wtt`).
 */
export const emissionLines = ["direct", "wtt", "td_losses", "td_losses_wtt"] as const;
export type EmissionLine = (typeof emissionLines)[number];

/**
 * One emission line, kilograms throughout (../design/cli.md "Emission records"): a consumption
 * has its direct line and the lines derived from it, one set per calendar year its period
 * touches. Besides the contract's fields it keeps what is needed to re-derive it: the quantity
 * in the factor's unit, the factor value, how the factor was found, the GWP set, the line, the
 * biogenic CO2 reported outside the scopes and the factor library version it was calculated with.
 * `status` is the location-based figure's; scope 2 resolves its market-based figure on its own
 * (`marketStatus`, `marketResolution`...). `geography` is the country or region of the factor
 * used, which differs from the building's when a parent country or a proxy stood in
 * (docs/factor-library.md).
 */
export const emissionSchema = z.object({
  id: uuidSchema,
  consumptionId: uuidSchema,
  companyId: uuidSchema,
  buildingId: uuidSchema,
  categoryId: uuidSchema,
  scope: scopeSchema,
  startDate: z.string(),
  endDate: z.string(),
  co2e: z.number().nullable(),
  co2: z.number().nullable(),
  ch4: z.number().nullable(),
  n2o: z.number().nullable(),
  co2eMarketBased: z.number().nullable(),
  factorId: uuidSchema.nullable(),
  factorSource: z.string().nullable(),
  factorYear: z.number().int().nullable(),
  status: z.enum(emissionStatuses),
  quantity: z.number(),
  unit: z.string(),
  convertedQuantity: z.number().nullable(),
  factorUnit: z.string().nullable(),
  factorValue: z.number().nullable(),
  resolution: z.enum(resolutionSteps).nullable(),
  gwpSet: gwpSetSchema.nullable(),
  geography: z.string().nullable(),
  marketStatus: z.enum(emissionStatuses).nullable(),
  marketFactorId: uuidSchema.nullable(),
  marketBasis: z.enum(marketBases).nullable(),
  marketResolution: z.enum(resolutionSteps).nullable(),
  marketGeography: z.string().nullable(),
  marketFactorYear: z.number().int().nullable(),
  marketGwpSet: gwpSetSchema.nullable(),
  line: z.enum(emissionLines),
  /** Biogenic CO2, kg, "outside of scopes": never part of co2e or of any scope. */
  biogenicCo2: z.number().nullable(),
  /** The factor library the line was calculated with; null: not recorded (older databases). */
  factorLibraryVersion: z.string().nullable(),
});

const answerFigure = answerNumberSchema.nullable().default(null);

/**
 * An emission as any server of the interface answers it: what ties it to its consumption, its
 * scope and period needed; a figure not given is null. Without a status, a co2e says it is
 * calculated and its absence that it awaits a factor.
 */
const emissionAnswerFields = z.object({
  id: answerIdSchema,
  consumptionId: answerIdSchema,
  companyId: answerIdSchema,
  buildingId: answerIdSchema,
  categoryId: answerIdSchema,
  scope: answerIntegerSchema.pipe(scopeSchema),
  startDate: answerDateTimeSchema,
  endDate: answerDateTimeSchema,
  co2e: answerFigure,
  co2: answerFigure,
  ch4: answerFigure,
  n2o: answerFigure,
  co2eMarketBased: answerFigure,
  factorId: answerIdSchema.nullable().default(null),
  factorSource: z.string().nullable().default(null),
  factorYear: answerIntegerSchema.nullable().default(null),
  status: z.enum(emissionStatuses),
  quantity: answerNumberSchema.optional(),
  unit: z.string().optional(),
  convertedQuantity: answerFigure,
  factorUnit: z.string().nullable().default(null),
  factorValue: answerFigure,
  resolution: z.enum(resolutionSteps).nullable().default(null),
  gwpSet: gwpSetSchema.nullable().default(null),
  geography: z.string().nullable().default(null),
  marketStatus: z.enum(emissionStatuses).nullable().default(null),
  marketFactorId: answerIdSchema.nullable().default(null),
  marketBasis: z.enum(marketBases).nullable().default(null),
  marketResolution: z.enum(resolutionSteps).nullable().default(null),
  marketGeography: z.string().nullable().default(null),
  marketFactorYear: answerIntegerSchema.nullable().default(null),
  marketGwpSet: gwpSetSchema.nullable().default(null),
  // A server that does not know lines answers one emission per consumption: its direct line.
  line: z.string().default("direct"),
  biogenicCo2: answerFigure,
  factorLibraryVersion: z.string().nullable().default(null),
});
export type Emission = z.output<typeof emissionAnswerFields>;

function withStatus(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if ("status" in value && value.status !== undefined && value.status !== null) return value;
  const co2e = "co2e" in value ? value.co2e : null;
  return {
    ...value,
    status: co2e === null || co2e === undefined ? "awaiting_factor" : "calculated",
  };
}

/** Unknown fields are kept, so `--json` prints what the server said. */
export const emissionAnswerSchema = exactOrTolerant(
  emissionSchema
    .extend({ startDate: canonicalDateTimeSchema, endDate: canonicalDateTimeSchema })
    .loose(),
  z.preprocess(withStatus, emissionAnswerFields.loose()),
);

export const groupKeys = ["scope", "category", "subcategory", "building", "month", "year"] as const;
export const groupKeySchema = z.enum(groupKeys);
export type GroupKey = z.infer<typeof groupKeySchema>;

/**
 * One group of an emission summary. Consumptions spanning several months are prorated by day.
 * Both figures are totals of every scope in the group, as the GHG Protocol's dual reporting
 * defines them: `co2e` location-based (scope 1 + scope 2 location-based + scope 3) and
 * `co2eMarketBased` market-based (scope 1 + scope 2 market-based + scope 3).
 */
export const emissionGroupSchema = z.object({
  /** The group's value for each requested key: scope "1", category code, building id, "2024-03"... */
  key: z.record(z.string(), z.string()),
  /** Human labels for the key values (category names, building names) where they differ. */
  label: z.record(z.string(), z.string()),
  co2e: z.number(),
  co2eMarketBased: z.number(),
  count: z.number().int(),
  awaitingFactor: z.number().int(),
  /** Rows adding nothing to co2eMarketBased for want of a factor (a scope 2 market basis, or any awaiting row). */
  marketAwaitingFactor: z.number().int(),
});
export type EmissionGroup = z.infer<typeof emissionGroupSchema>;

export const emissionSummarySchema = z.object({
  groupBy: z.array(groupKeySchema),
  groups: z.array(emissionGroupSchema),
  totals: z.object({
    /** Location-based total: scope 1 + scope 2 location-based + scope 3. */
    co2e: z.number(),
    /** Market-based total: scope 1 + scope 2 market-based + scope 3. */
    co2eMarketBased: z.number(),
    /** Location-based, per scope. */
    byScope: z.object({ "1": z.number(), "2": z.number(), "3": z.number() }),
    /** Scope 2 alone, market-based; null without scope 2 rows. */
    scope2MarketBased: z.number().nullable(),
    count: z.number().int(),
    awaitingFactor: z.number().int(),
    /** Rows adding nothing to the market-based total for want of a factor. */
    marketAwaitingFactor: z.number().int(),
    /** Labelled fallbacks (emission-labels.ts): either basis priced with an earlier year's factor, */
    earlierYear: z.number().int(),
    /** another geography's (a parent country or a proxy), */
    otherGeography: z.number().int(),
    /** a designated proxy's (proxies.csv), */
    proxy: z.number().int(),
    /** or a factor kept in its published GWP set because it gives no gases to convert. */
    gwpNotConverted: z.number().int(),
    /**
     * Biogenic CO2, kg, outside of scopes: never in co2e, byScope or any group's figures.
     * Absent from a server that does not report it.
     */
    biogenicCo2: z.number().optional(),
  }),
  factorLibraryVersion: z.string(),
  /** The database's GWP set every CO2e is stated in (null: a server that does not say). */
  gwpSet: gwpSetSchema.nullable(),
});
export type EmissionSummary = z.infer<typeof emissionSummarySchema>;

/** The totals of a summary of no emission, for a summary to add to. */
export function zeroTotals(): EmissionSummary["totals"] {
  return {
    co2e: 0,
    co2eMarketBased: 0,
    byScope: { "1": 0, "2": 0, "3": 0 },
    scope2MarketBased: null,
    count: 0,
    awaitingFactor: 0,
    marketAwaitingFactor: 0,
    earlierYear: 0,
    otherGeography: 0,
    proxy: 0,
    gwpNotConverted: 0,
    biogenicCo2: 0,
  };
}

/** What a summary of an older carbon serve lacks: its market-based awaiting count is the location's. */
function withSummaryDefaults(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("totals" in value)) return value;
  const fill = (part: unknown, labels: boolean): unknown => {
    if (typeof part !== "object" || part === null) return part;
    const awaiting = "awaitingFactor" in part ? part.awaitingFactor : undefined;
    const counts = labels
      ? { earlierYear: 0, otherGeography: 0, proxy: 0, gwpNotConverted: 0 }
      : {};
    return { marketAwaitingFactor: awaiting, ...counts, ...part };
  };
  const groups = "groups" in value && Array.isArray(value.groups) ? value.groups : undefined;
  return {
    gwpSet: null,
    ...value,
    ...(groups === undefined ? {} : { groups: groups.map((group) => fill(group, false)) }),
    totals: fill(value.totals, true),
  };
}

/** A summary as carbon serve answers it, also one of a version before the fields it lacks. */
export const emissionSummaryAnswerSchema = z.preprocess(withSummaryDefaults, emissionSummarySchema);

/** Consumption dashboard: quantity per month and subcategory, in the category's default unit. */
export const consumptionGroupSchema = z.object({
  month: z.string(),
  categoryId: uuidSchema,
  categoryCode: z.string(),
  categoryName: z.string(),
  scope: scopeSchema,
  unit: z.string(),
  quantity: z.number(),
  count: z.number().int(),
  awaitingFactor: z.number().int(),
});
export type ConsumptionGroup = z.infer<typeof consumptionGroupSchema>;

export const consumptionSummarySchema = z.object({
  groups: z.array(consumptionGroupSchema),
  count: z.number().int(),
  awaitingFactor: z.number().int(),
});
export type ConsumptionSummary = z.infer<typeof consumptionSummarySchema>;
