import { z } from "zod";
import { scopeSchema, uuidSchema } from "./common.js";
import { answerIdSchema, answerIntegerSchema } from "./wire.js";

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

/** A category as any server of the interface answers it: id, level, code and name needed. */
const categoryAnswerFields = z.object({
  id: answerIdSchema,
  level: categoryLevelSchema,
  code: z.string(),
  name: z.string(),
  parentId: answerIdSchema.nullable().default(null),
  scope: answerIntegerSchema.pipe(scopeSchema),
  defaultUnit: z.string().nullable().default(null),
  factorKey: z.string().nullable().default(null),
  marketFactorKey: z.string().nullable().default(null),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const categoryAnswerSchema = categoryAnswerFields.loose();
export type Category = z.output<typeof categoryAnswerFields>;
