import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { commentsFace } from "./face.js";

export function commentsCommand(ctx: Context): Command {
  return resourceCommand(ctx, commentsFace);
}
