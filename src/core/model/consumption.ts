import { z } from "zod";
import { inputDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { type Emission, emissionAnswerSchema, emissionSchema } from "./emission.js";
import { KWH_PER_M3_MAX, KWH_PER_M3_MIN, MAX_ENTITY_ID, quantityProblem } from "./text-values.js";
import {
  answerDateTimeSchema,
  answerIdSchema,
  answerNumberSchema,
  canonicalDateTimeSchema,
  exactOrTolerant,
  unwrapRecord,
} from "./wire.js";

/** A bill's kWh per m3 (billed-energy.ts): a number in a range no natural gas leaves. */
export const kwhPerM3Schema = z
  .number({ error: "expected a number of kWh per m3, e.g. 11.63" })
  .finite("expected a finite number")
  .min(KWH_PER_M3_MIN, `expected kWh per m3 between ${KWH_PER_M3_MIN} and ${KWH_PER_M3_MAX}`)
  .max(KWH_PER_M3_MAX, `expected kWh per m3 between ${KWH_PER_M3_MIN} and ${KWH_PER_M3_MAX}`);

/** A custom input named by id (docs/inputs.md), kept in lower case. */
const inputReferenceSchema = uuidSchema.transform((value) => value.toLowerCase());

/**
 * The spec's consumption body, field for field, all required, and the hosted service's optional
 * `provider` and `fuelType` naming a custom input. Dates are normalized to UTC date-times.
 */
export const consumptionInputSchema = z
  .strictObject({
    id: uuidSchema,
    entityId: z.string().max(MAX_ENTITY_ID).check(noControlCharacters),
    categoryId: uuidSchema,
    startDate: inputDateTimeSchema,
    endDate: inputDateTimeSchema,
    companyId: uuidSchema,
    buildingId: uuidSchema,
    quantity: z
      .number({ error: "expected a number" })
      .finite("expected a finite number")
      .min(0, "expected a quantity of 0 or more")
      .superRefine((value, ctx) => {
        const problem = quantityProblem(value);
        if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
      }),
    unitType: z
      .string()
      .trim()
      .check(noControlCharacters)
      .min(1, "expected a unit such as kWh, l or km"),
    /** The hosted service's optional field: a custom input (provider or heat) of the company. */
    provider: inputReferenceSchema.optional(),
    /** The hosted service's optional field: a custom fuel input of the company. */
    fuelType: inputReferenceSchema.optional(),
    /**
     * Ours (extension `consumptionKwhPerM3`): the kWh (gross CV) per m3 a natural-gas bill
     * prints, which converts the volume to energy (docs/factor-library.md).
     */
    kwhPerM3: kwhPerM3Schema.optional(),
  })
  .refine((value) => value.endDate >= value.startDate, {
    path: ["endDate"],
    message: "endDate is before startDate",
  })
  .refine((value) => value.provider === undefined || value.fuelType === undefined, {
    path: ["fuelType"],
    message: "a consumption names one custom input: provider or fuelType, not both",
  });
export type ConsumptionInput = z.output<typeof consumptionInputSchema>;

/** A consumption as carbon serve answers it (and documents it). */
export const consumptionSchema = z.object({
  id: uuidSchema,
  entityId: z.string(),
  categoryId: uuidSchema,
  startDate: z.string(),
  endDate: z.string(),
  companyId: uuidSchema,
  buildingId: uuidSchema,
  quantity: z.number(),
  unitType: z.string(),
  /** Present only when the consumption names a custom input. */
  provider: uuidSchema.optional(),
  fuelType: uuidSchema.optional(),
  /** Present only when the bill gave its kWh per m3. */
  kwhPerM3: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * A consumption as any server of the interface answers it: the spec's nine fields needed (ids
 * any UUID, numbers possibly as strings, dates possibly without a time), the rest if given. The
 * hosted service wraps a single record as `{id, data}`.
 */
const consumptionAnswerFields = z.object({
  id: answerIdSchema,
  entityId: z.string(),
  categoryId: answerIdSchema,
  startDate: answerDateTimeSchema,
  endDate: answerDateTimeSchema,
  companyId: answerIdSchema,
  buildingId: answerIdSchema,
  quantity: answerNumberSchema,
  unitType: z.string(),
  // Another server may answer these in its own shape: only an id is read.
  provider: z.string().optional().catch(undefined),
  fuelType: z.string().optional().catch(undefined),
  kwhPerM3: answerNumberSchema.optional().catch(undefined),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const consumptionAnswerSchema = exactOrTolerant(
  consumptionSchema
    .extend({
      startDate: canonicalDateTimeSchema,
      endDate: canonicalDateTimeSchema,
      createdAt: canonicalDateTimeSchema,
      updatedAt: canonicalDateTimeSchema,
    })
    .loose(),
  consumptionAnswerFields.loose(),
);
export type Consumption = z.output<typeof consumptionAnswerFields>;

/** `GET /consumptions/{id}`: the record, or the hosted service's `{id, data: {...}}`. */
export const consumptionRecordAnswerSchema = z.preprocess(unwrapRecord, consumptionAnswerSchema);

export const upsertOutcomes = ["inserted", "updated", "unchanged"] as const;
export type UpsertOutcome = (typeof upsertOutcomes)[number];

/** `POST /consumptions` as carbon serve answers it: what the upsert did, the record, its emission. */
export const consumptionUpsertResultSchema = z.object({
  outcome: z.enum(upsertOutcomes),
  consumption: consumptionSchema,
  emission: emissionSchema,
});

/**
 * What an upsert did (undefined: the server did not say), the record and its emission when the
 * server sends them back.
 */
export interface ConsumptionUpsertResult {
  readonly outcome?: UpsertOutcome;
  readonly consumption?: Consumption;
  readonly emission?: Emission;
}

/**
 * `POST /consumptions` as any server answers it: ours, or the hosted service's
 * `{status, isCreated, isUpdated}`, which sends no record back.
 */
export const consumptionUpsertAnswerSchema: z.ZodType<ConsumptionUpsertResult> = z.union([
  z.object({
    outcome: z.enum(upsertOutcomes),
    consumption: consumptionAnswerSchema,
    emission: emissionAnswerSchema,
  }),
  z.object({ isCreated: z.boolean(), isUpdated: z.boolean() }).transform(
    ({ isCreated, isUpdated }): ConsumptionUpsertResult => ({
      outcome: isCreated ? "inserted" : isUpdated ? "updated" : "unchanged",
    }),
  ),
  // The interface does not show this answer: any other success stored the record, no more is known.
  z.unknown().transform((): ConsumptionUpsertResult => ({})),
]);

const scopeTotalsSchema = z.object({ "1": z.number(), "2": z.number(), "3": z.number() });

/** `POST /consumptions/batch` (our extension): what the batch did. */
export const consumptionBatchResultSchema = z.object({
  counts: z.object({
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    awaitingFactor: z.number().int(),
    co2eByScope: scopeTotalsSchema.meta({ description: "kgCO2e by scope, location-based" }),
  }),
});
