import type { ReadOnlyFace } from "../../resource-face.js";

/** `carbon categories list`, derived by resource-verbs.ts: the tree, always listed whole. */
export const categoriesFace: ReadOnlyFace<"categories"> = {
  name: "categories",
  command: "categories",
  description: "List the GHG Protocol category tree (scopes, categories, subcategories)",
  filters: [
    {
      key: "level",
      flag: "--level <level>",
      description: "only one level: scope, category or subcategory",
      kind: "choice",
      choices: ["scope", "category", "subcategory"],
    },
  ],
  note: "A consumption's category is a subcategory; its code (e.g. natural_gas) is accepted\nwherever a category id is.",
  examples: [
    "carbon categories list",
    "carbon categories list --level subcategory",
    "carbon categories list --level scope --json",
  ],
  columns: async () => (await import("./columns.js")).categoryColumns,
};
