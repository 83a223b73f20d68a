import { Command } from "commander";
import type { Context } from "../../context.js";
import { createCommand } from "./create.js";
import { getCommand } from "./get.js";
import { listCommand } from "./list.js";

export function companiesCommand(ctx: Context): Command {
  return new Command("companies")
    .addCommand(listCommand(ctx))
    .addCommand(getCommand(ctx))
    .addCommand(createCommand(ctx));
}
