import { Command } from "commander";
import type { Context } from "../../../context.js";
import { createCommand } from "./create.js";
import { deleteCommand } from "./delete.js";
import { listCommand } from "./list.js";

export function customCommand(ctx: Context): Command {
  return new Command("custom")
    .description("Company-specific emission factors (supplier disclosures, measured fuels)")
    .addCommand(listCommand(ctx))
    .addCommand(createCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
