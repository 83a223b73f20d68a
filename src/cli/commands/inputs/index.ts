import { Command } from "commander";
import type { Context } from "../../context.js";
import { recommendedCommand } from "./recommended.js";

/** Inputs: what the factor library recommends by country (docs/inputs.md). */
export function inputsCommand(ctx: Context): Command {
  return new Command("inputs")
    .description("Recommended inputs by country and type")
    .addCommand(recommendedCommand(ctx));
}
