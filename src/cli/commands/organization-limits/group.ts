import type { Group } from "../group.js";

export const group: Group = {
  name: "organization-limits",
  description: "Organizational boundaries of a company: list, get, upsert",
  order: 160,
};
