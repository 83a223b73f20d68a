import type { Group } from "../group.js";

export const group: Group = {
  name: "serve",
  description: "Serve the REST interface over the local database; mint its tokens",
  order: 230,
};
