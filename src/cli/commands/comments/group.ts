import type { Group } from "../group.js";

export const group: Group = {
  name: "comments",
  description: "Comments on a company's records: list, get, upsert",
  order: 110,
};
