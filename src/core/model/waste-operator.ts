import { z } from "zod";
import { countrySchema, isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

/**
 * Waste operators (docs/waste-operators.md): a company's waste managers, each with its
 * registration code, country and the disposal routes (treatments) it offers.
 */
export const wasteTreatments = [
  "landfill",
  "recycling",
  "incineration",
  "composting",
  "anaerobic_digestion",
] as const;
export type WasteTreatment = (typeof wasteTreatments)[number];

const TREATMENT_MESSAGE = `expected one of ${wasteTreatments.join(", ")}`;

function isTreatment(value: string): value is WasteTreatment {
  return wasteTreatments.some((treatment) => treatment === value);
}

/** One treatment, case ignored. */
const treatmentSchema = z
  .string({ error: TREATMENT_MESSAGE })
  .transform((value, ctx): WasteTreatment => {
    const treatment = value.trim().toLowerCase();
    if (isTreatment(treatment)) return treatment;
    ctx.addIssue({ code: "custom", message: `${TREATMENT_MESSAGE}, got "${value}"` });
    return z.NEVER;
  });

/** A non-empty list of treatments, each once, kept in the order of `wasteTreatments`. */
export const wasteTreatmentsSchema = z
  .array(treatmentSchema, { error: "expected a list of treatments" })
  .min(1, `expected at least one treatment of ${wasteTreatments.join(", ")}`)
  .transform((values) => wasteTreatments.filter((treatment) => values.includes(treatment)));

/** Blank text (or null, or absent) is none; anything else trimmed. */
const registrationCodeSchema = z
  .string({ error: "expected a text" })
  .nullish()
  .transform((value) => {
    const trimmed = value?.trim() ?? "";
    return trimmed === "" ? null : trimmed;
  })
  .pipe(
    z
      .string()
      .max(100, "expected a registration code of at most 100 characters")
      .check(noControlCharacters)
      .nullable(),
  );

export const wasteOperatorInputSchema = z.strictObject({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
  /** The operator's authorisation or registration number with its authority. */
  registrationCode: registrationCodeSchema,
  countryCode: countrySchema.nullish().transform((value) => value ?? null),
  treatments: wasteTreatmentsSchema,
});
export type WasteOperatorInput = z.input<typeof wasteOperatorInputSchema>;

/** A waste operator as carbon serve answers it (and documents it). */
export const wasteOperatorSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  registrationCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  treatments: z.array(z.enum(wasteTreatments)),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/**
 * A waste operator as any server of the interface answers it: id, company and name needed; a
 * treatment this build does not know is kept as the server wrote it.
 */
const wasteOperatorAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  name: z.string(),
  registrationCode: z.string().nullable().default(null),
  countryCode: z.string().nullable().default(null),
  treatments: z.array(z.string()).default([]),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const wasteOperatorAnswerSchema = wasteOperatorAnswerFields.loose();
export type WasteOperator = z.output<typeof wasteOperatorAnswerFields>;
