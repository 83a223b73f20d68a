import type { Group } from "../group.js";

export const group: Group = {
  name: "categories",
  description: "Categories: the GHG Protocol scope/category/subcategory tree",
  order: 30,
};
