import { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { customInputsFace } from "./custom-face.js";
import { recommendedCommand } from "./recommended.js";

/** Inputs: what the factor library recommends by country, and a company's own (docs/inputs.md). */
export function inputsCommand(ctx: Context): Command {
  return new Command("inputs")
    .description("Recommended inputs by country and type, and a company's custom inputs")
    .addCommand(recommendedCommand(ctx))
    .addCommand(resourceCommand(ctx, customInputsFace).description("A company's custom inputs"));
}
