import type { Group } from "../group.js";

export const group: Group = {
  name: "glec",
  description: "GLEC logistics service footprints: submit legs, see TTW/WTT/WTW per leg",
  order: 180,
};
