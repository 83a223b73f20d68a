import type { Group } from "../group.js";

export const group: Group = {
  name: "emissions",
  description: "Emissions calculated from consumptions: list, export, dashboard, summary",
  order: 60,
};
