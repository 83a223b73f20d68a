import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { vehiclesFace } from "./face.js";

export function vehiclesCommand(ctx: Context): Command {
  return resourceCommand(ctx, vehiclesFace);
}
