import { Command } from "commander";
import type { Context } from "../../context.js";
import { listCommand } from "./list.js";
import { useCommand } from "./use.js";

export function profileCommand(ctx: Context): Command {
  return new Command("profile").addCommand(listCommand(ctx)).addCommand(useCommand(ctx));
}
