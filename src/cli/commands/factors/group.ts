import type { Group } from "../group.js";

export const group: Group = {
  name: "factors",
  description: "Emission factors: the default library, resolution, and custom factors",
  order: 40,
};
