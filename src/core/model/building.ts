import { z } from "zod";
import { countrySchema, isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";

export const buildingInputSchema = z.strictObject({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
  /** Decides which emission factors apply. Null: the company's country is used. */
  country: countrySchema.nullable().default(null),
});
export type BuildingInput = z.input<typeof buildingInputSchema>;

export const buildingSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  country: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Building = z.infer<typeof buildingSchema>;
