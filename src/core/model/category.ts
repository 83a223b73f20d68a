import { z } from "zod";
import { scopeSchema, uuidSchema } from "./common.js";

export const categoryLevels = ["scope", "category", "subcategory"] as const;
export const categoryLevelSchema = z.enum(categoryLevels);
export type CategoryLevel = z.infer<typeof categoryLevelSchema>;

/** A node of the GHG Protocol tree. `id` is UUID v5 of the code, so it is stable across installs. */
export const categorySchema = z.object({
  id: uuidSchema,
  level: categoryLevelSchema,
  code: z.string(),
  name: z.string(),
  parentId: uuidSchema.nullable(),
  scope: scopeSchema,
  defaultUnit: z.string().nullable(),
  /** Key of the location-based (or only) factor in the library; subcategories only. */
  factorKey: z.string().nullable(),
  /** Key of the market-based factor (scope 2 electricity); null elsewhere. */
  marketFactorKey: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;
