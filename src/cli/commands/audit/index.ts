import { Command } from "commander";
import type { Context } from "../../context.js";
import { listCommand } from "./list.js";

export function auditCommand(ctx: Context): Command {
  return new Command("audit").addCommand(listCommand(ctx));
}
