import { z } from "zod";
import { isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { recommendedInputTypes } from "./recommended-input.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

/**
 * A company's own input (docs/inputs.md#custom-inputs): a fuel, a provider, heat or a waste the
 * factor library does not recommend, with its unit and, optionally, the company's custom factor.
 */
export const customInputInputSchema = z.strictObject({
  id: uuidSchema,
  companyId: uuidSchema,
  type: z.enum(recommendedInputTypes, {
    error: `expected one of ${recommendedInputTypes.join(", ")}`,
  }),
  name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
  unit: z.string().trim().check(noControlCharacters).min(1, "expected a unit such as kWh").max(32),
  customFactorId: uuidSchema.nullish().transform((v) => v ?? null),
});
export type CustomInputInput = z.input<typeof customInputInputSchema>;

/** A custom input as carbon serve answers it (and documents it). */
export const customInputSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  type: z.enum(recommendedInputTypes),
  name: z.string(),
  unit: z.string(),
  customFactorId: uuidSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/** A custom input as any server of the interface answers it: id, company and name needed. */
const customInputAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  type: z.string().nullable().default(null),
  name: z.string(),
  unit: z.string().nullable().default(null),
  customFactorId: answerIdSchema.nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const customInputAnswerSchema = customInputAnswerFields.loose();
export type CustomInput = z.output<typeof customInputAnswerFields>;
