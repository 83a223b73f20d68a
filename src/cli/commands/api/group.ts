import type { Group } from "../group.js";

export const group: Group = {
  name: "api",
  description: "Call any operation of the server's HTTP interface, like gh api",
  order: 200,
};
