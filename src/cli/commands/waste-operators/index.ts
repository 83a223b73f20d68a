import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { wasteOperatorsFace } from "./face.js";

export function wasteOperatorsCommand(ctx: Context): Command {
  return resourceCommand(ctx, wasteOperatorsFace);
}
