import type { Group } from "../group.js";

export const group: Group = {
  name: "inputs",
  description:
    "Inputs: recommended by country (from the factor library) and a company's custom ones",
  order: 150,
};
