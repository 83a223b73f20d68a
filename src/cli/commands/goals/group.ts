import type { Group } from "../group.js";

export const group: Group = {
  name: "goals",
  description: "Reduction goals and their tasks: list, get, upsert, progress",
  order: 120,
};
