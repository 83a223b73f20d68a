import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { companiesFace } from "./face.js";

export function companiesCommand(ctx: Context): Command {
  return resourceCommand(ctx, companiesFace);
}
