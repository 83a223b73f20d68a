import { z } from "zod";
import { inputDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { MAX_ENTITY_ID, quantityProblem } from "./text-values.js";

/** The spec's consumption body, field for field; all required. Dates are normalized to UTC date-times. */
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
  })
  .refine((value) => value.endDate >= value.startDate, {
    path: ["endDate"],
    message: "endDate is before startDate",
  });
export type ConsumptionInput = z.output<typeof consumptionInputSchema>;

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Consumption = z.infer<typeof consumptionSchema>;

export type UpsertOutcome = "inserted" | "updated" | "unchanged";
