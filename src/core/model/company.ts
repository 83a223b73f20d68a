import { z } from "zod";
import { countrySchema, isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

export const companyInputSchema = z.strictObject({
  id: uuidSchema,
  name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
  country: countrySchema.nullable().default(null),
});
export type CompanyInput = z.input<typeof companyInputSchema>;

/** A company as carbon serve answers it (and documents it). */
export const companySchema = z.object({
  id: uuidSchema,
  name: z.string(),
  country: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});

/** A company as any server of the interface answers it: id and name needed, the rest if given. */
const companyAnswerFields = z.object({
  id: answerIdSchema,
  name: z.string(),
  country: z.string().nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const companyAnswerSchema = companyAnswerFields.loose();
export type Company = z.output<typeof companyAnswerFields>;
