import type { Group } from "../group.js";

export const group: Group = {
  name: "db",
  description: "The local database (a SQLite file or PostgreSQL): its engine and schema version",
  order: 215,
};
