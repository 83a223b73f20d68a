import type { Group } from "../group.js";

export const group: Group = {
  name: "buildings",
  description: "Buildings: the sites of a company where consumptions happen",
  order: 20,
};
