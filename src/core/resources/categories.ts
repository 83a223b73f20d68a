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
  /**
   * Only the category of this code (any case) or UUID: how a command finds the one it was named
   * without reading a tree of thousands. Ours: a server is never sent it (the list is filtered
   * on the client), so it needs no announcement.
   */
  readonly code?: string;
  /**
   * Only the categories directly under this one (a code in any case or a UUID), so that the
   * thousands of subcategories can be listed a category at a time. Ours, filtered on the client
   * against a server, as `code` is; an unknown one is not_found.
   */
  readonly parent?: string;
}

export const categoriesResource: ReadOnlyResourceDescriptor<Category, CategoryFilter> = {
  name: "categories",
  singular: "category",
  record: categorySchema,
  answer: categoryAnswerSchema,
  schemaNames: { record: "Category" },
  filter: z.strictObject({
    level: categoryLevelSchema.optional(),
    code: z.string().optional(),
    parent: z.string().optional(),
  }),
  filterFields: {
    level: oneValue.pipe(categoryLevelSchema).optional(),
    code: oneValue.optional(),
    parent: oneValue.optional(),
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

declare module "../resource-types.js" {
  interface ReadOnlyResourceTypes {
    readonly categories: { readonly record: Category; readonly filter: CategoryFilter };
  }
}
