import { Command } from "commander";
import type { Context } from "../../context.js";
import { statusCommand } from "./status.js";

export function dbCommand(ctx: Context): Command {
  return new Command("db").addCommand(statusCommand(ctx));
}
