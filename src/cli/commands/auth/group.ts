import type { Group } from "../group.js";

export const group: Group = {
  name: "auth",
  description: "Log in to a carbon server (or accept an invitation), check the token, log out",
  order: 210,
};
