import type { Group } from "../group.js";

export const group: Group = {
  name: "audit",
  description:
    "Audit trail: who moved which buildings, deleted what or changed which user, and when",
  order: 190,
};
