import type { Group } from "../group.js";

export const group: Group = {
  name: "invoices",
  description: "Invoices and their lines' consumptions: list, get, upsert, delete, import from CSV",
  order: 130,
};
