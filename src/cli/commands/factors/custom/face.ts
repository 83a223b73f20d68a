import type { ReadFace } from "../../../resource-face.js";

/**
 * The custom factors commands list and get, derived by resource-verbs.ts (create recalculates,
 * so it is its own). The columns show category codes, so they load the subcategories.
 */
export const customFactorsFace: ReadFace<"customFactors"> = {
  name: "customFactors",
  command: "custom",
  singular: "custom factor",
  descriptions: {
    list: "List a company's custom emission factors",
    get: "Show one custom emission factor",
  },
  getArgument: { description: "custom factor id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "the company",
      kind: "company",
      required: true,
      mustExist: true,
    },
  ],
  examples: {
    list: [
      "carbon factors custom list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
      "carbon factors custom list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --json",
    ],
    get: [
      "carbon factors custom get 6a1d3c5e-7f9b-4d2a-8c4e-0b1f3a5c7e9d",
      "carbon factors custom get 6a1d3c5e-7f9b-4d2a-8c4e-0b1f3a5c7e9d --json",
    ],
  },
  columns: async (service) => {
    const [{ customFactorColumns }, subcategories] = await Promise.all([
      import("./columns.js"),
      service.categories.list({ level: "subcategory" }),
    ]);
    return customFactorColumns(
      new Map(subcategories.data.map((category) => [category.id, category.code])),
    );
  },
};
