import type { Group } from "../group.js";

export const group: Group = {
  name: "certificates",
  description:
    "Energy attribute certificates (guarantees of origin, REGOs): list, get, upsert, delete, and the regos dashboard",
  order: 100,
};
