import { Command } from "commander";
import type { Context } from "../../context.js";
import { listCommand } from "./list.js";

export function categoriesCommand(ctx: Context): Command {
  return new Command("categories").addCommand(listCommand(ctx));
}
