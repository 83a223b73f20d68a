import { Command } from "commander";
import type { Context } from "../../context.js";
import { dashboardCommand } from "./dashboard.js";
import { exportCommand } from "./export.js";
import { listCommand } from "./list.js";
import { recalculateCommand } from "./recalculate.js";
import { summaryCommand } from "./summary.js";

export function emissionsCommand(ctx: Context): Command {
  return new Command("emissions")
    .addCommand(listCommand(ctx))
    .addCommand(exportCommand(ctx))
    .addCommand(dashboardCommand(ctx))
    .addCommand(summaryCommand(ctx))
    .addCommand(recalculateCommand(ctx));
}
