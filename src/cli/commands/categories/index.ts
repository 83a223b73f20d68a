import type { Command } from "commander";
import type { Context } from "../../context.js";
import { readOnlyResourceCommand } from "../resource-verbs.js";
import { categoriesFace } from "./face.js";

export function categoriesCommand(ctx: Context): Command {
  return readOnlyResourceCommand(ctx, categoriesFace);
}
