import type { Group } from "../group.js";

export const group: Group = {
  name: "users",
  description:
    "Users of carbon serve, their roles and companies: list, get, upsert, update, remove, invite",
  order: 170,
};
