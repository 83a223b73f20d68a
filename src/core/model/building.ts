import { z } from "zod";
import { countrySchema, isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

export const buildingInputSchema = z.strictObject({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
  /** Decides which emission factors apply. Null: the company's country is used. */
  country: countrySchema.nullable().default(null),
});
export type BuildingInput = z.input<typeof buildingInputSchema>;

/** A building as carbon serve answers it (and documents it). */
export const buildingSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  country: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});

/** A building as any server of the interface answers it: id, company and name needed. */
const buildingAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  name: z.string(),
  country: z.string().nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const buildingAnswerSchema = buildingAnswerFields.loose();
export type Building = z.output<typeof buildingAnswerFields>;
