import type { Group } from "../group.js";

export const group: Group = {
  name: "suppliers",
  description: "Suppliers and clients of a company: list, get, upsert, delete, import from CSV",
  order: 70,
};
