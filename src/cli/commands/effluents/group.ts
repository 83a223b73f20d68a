import type { Group } from "../group.js";

export const group: Group = {
  name: "effluents",
  description:
    "Wastewater effluent limits and samples of buildings: list, get, upsert, delete, import, summary",
  order: 140,
};
