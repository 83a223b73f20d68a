import { Command } from "commander";
import type { Context } from "../../context.js";
import { createCommand } from "./create.js";
import { deleteCommand } from "./delete.js";
import { getCommand } from "./get.js";
import { listCommand } from "./list.js";
import { moveCommand } from "./move.js";

export function buildingsCommand(ctx: Context): Command {
  return new Command("buildings")
    .addCommand(listCommand(ctx))
    .addCommand(getCommand(ctx))
    .addCommand(createCommand(ctx))
    .addCommand(moveCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
