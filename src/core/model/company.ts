import { z } from "zod";
import { countrySchema, isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";

export const companyInputSchema = z.strictObject({
  id: uuidSchema,
  name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
  country: countrySchema.nullable().default(null),
});
export type CompanyInput = z.input<typeof companyInputSchema>;

export const companySchema = z.object({
  id: uuidSchema,
  name: z.string(),
  country: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Company = z.infer<typeof companySchema>;
