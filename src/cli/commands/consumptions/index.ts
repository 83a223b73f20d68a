import { Command } from "commander";
import type { Context } from "../../context.js";
import { dashboardCommand } from "./dashboard.js";
import { deleteCommand } from "./delete.js";
import { getCommand } from "./get.js";
import { importCommand } from "./import.js";
import { listCommand } from "./list.js";
import { upsertCommand } from "./upsert.js";

export function consumptionsCommand(ctx: Context): Command {
  return new Command("consumptions")
    .addCommand(listCommand(ctx))
    .addCommand(getCommand(ctx))
    .addCommand(upsertCommand(ctx))
    .addCommand(importCommand(ctx))
    .addCommand(deleteCommand(ctx))
    .addCommand(dashboardCommand(ctx));
}
