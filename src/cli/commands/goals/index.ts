import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { goalsFace } from "./face.js";
import { progressCommand } from "./progress.js";
import { tasksFace } from "./tasks-face.js";

/** list, get and upsert of goals, their progress, and `tasks` with its own list, get and upsert. */
export function goalsCommand(ctx: Context): Command {
  return resourceCommand(ctx, goalsFace)
    .addCommand(progressCommand(ctx))
    .addCommand(resourceCommand(ctx, tasksFace).description("Tasks under reduction goals"));
}
