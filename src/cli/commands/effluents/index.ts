import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { effluentsFace } from "./face.js";

export function effluentsCommand(ctx: Context): Command {
  return resourceCommand(ctx, effluentsFace);
}
