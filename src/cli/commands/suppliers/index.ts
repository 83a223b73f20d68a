import { Command } from "commander";
import type { Context } from "../../context.js";
import { deleteCommand } from "./delete.js";
import { importCommand } from "./import.js";
import { listCommand } from "./list.js";
import { upsertCommand } from "./upsert.js";

export function suppliersCommand(ctx: Context): Command {
  return new Command("suppliers")
    .addCommand(listCommand(ctx))
    .addCommand(upsertCommand(ctx))
    .addCommand(importCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
