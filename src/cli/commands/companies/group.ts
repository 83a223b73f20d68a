import type { Group } from "../group.js";

export const group: Group = {
  name: "companies",
  description: "Companies: the organisations whose footprint is measured",
  order: 10,
};
