import type { Group } from "../group.js";

export const group: Group = {
  name: "consumptions",
  description: "Consumptions: energy, fuels and activity that emissions are calculated from",
  order: 50,
};
