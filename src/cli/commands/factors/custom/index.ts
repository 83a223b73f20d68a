import { Command } from "commander";
import type { Context } from "../../../context.js";
import { resourceGetCommand, resourceListCommand } from "../../resource-verbs.js";
import { createCommand } from "./create.js";
import { deleteCommand } from "./delete.js";
import { customFactorsFace } from "./face.js";

/** list and get from the resource verbs; create (it recalculates) and delete of their own. */
export function customCommand(ctx: Context): Command {
  return new Command("custom")
    .description("Company-specific emission factors (supplier disclosures, measured fuels)")
    .addCommand(resourceListCommand(ctx, customFactorsFace))
    .addCommand(resourceGetCommand(ctx, customFactorsFace))
    .addCommand(createCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
