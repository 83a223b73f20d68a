import type { Group } from "../group.js";

export const group: Group = {
  name: "profile",
  description: "Named profiles: which server or database commands use",
  order: 220,
};
