import type { Group } from "../group.js";

export const group: Group = {
  name: "vehicles",
  description: "Vehicles of a company's fleet: list, get, upsert, import from CSV",
  order: 90,
};
