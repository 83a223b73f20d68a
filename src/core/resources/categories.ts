/**
 * Categories as a read-only plain resource: the GHG Protocol tree (scopes, categories,
 * subcategories) shipped with carbon, shared by every company and listed in the tree's order.
 * Looking one up by code or id stays in src/core/category-index.ts.
 */
import { z } from "zod";
import {
  type Category,
  type CategoryLevel,
  categoryAnswerSchema,
  categoryLevelSchema,
  categorySchema,
} from "../model/category.js";
import type { ReadOnlyResourceDescriptor } from "../resource.js";
import { oneValue } from "./fields.js";

export interface CategoryFilter {
  readonly level?: CategoryLevel;
}

export const categoriesResource: ReadOnlyResourceDescriptor<Category, CategoryFilter> = {
  name: "categories",
  singular: "category",
  record: categorySchema,
  answer: categoryAnswerSchema,
  schemaNames: { record: "Category" },
  filter: z.strictObject({ level: categoryLevelSchema.optional() }),
  filterFields: {
    level: oneValue.pipe(categoryLevelSchema).optional(),
  },
  listQuery: (filter) => ({ level: filter.level }),
  order: [],
  filterScope: () => undefined,
  ofCompany: "shared",
  operations: { list: { path: "/categories", spec: true } },
  summaries: {
    list: "List the GHG Protocol categories (level=subcategory gives consumption categoryIds)",
  },
};
