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
    {
      key: "parent",
      flag: "--parent <code>",
      description:
        "only the categories directly under this one (code or id), e.g. s3_06_business_travel",
      kind: "text",
    },
  ],
  note: "A consumption's category is a subcategory; its code (e.g. natural_gas) is accepted\nwherever a category id is. The tree holds thousands of subcategories (one for each factor\nof the library): --parent lists those of one category.",
  examples: [
    "carbon categories list",
    "carbon categories list --level subcategory",
    "carbon categories list --parent s3_01_purchased_goods_services",
    "carbon categories list --level scope --json",
  ],
  columns: async () => (await import("./columns.js")).categoryColumns,
};
