import { Command } from "commander";
import type { Context } from "../../context.js";
import { deleteCommand } from "./delete.js";
import { getCommand } from "./get.js";
import { listCommand } from "./list.js";
import { submitCommand } from "./submit.js";

export function glecCommand(ctx: Context): Command {
  return new Command("glec")
    .addCommand(submitCommand(ctx))
    .addCommand(listCommand(ctx))
    .addCommand(getCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
