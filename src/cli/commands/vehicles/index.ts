import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { vehiclesFace } from "./face.js";
import { importCommand } from "./import.js";

/** list, get and upsert from the resource verbs; import of its own. */
export function vehiclesCommand(ctx: Context): Command {
  return resourceCommand(ctx, vehiclesFace).addCommand(importCommand(ctx));
}
