import type { Group } from "../group.js";

export const group: Group = {
  name: "waste-operators",
  description: "Waste operators of a company: list, get, upsert",
  order: 80,
};
