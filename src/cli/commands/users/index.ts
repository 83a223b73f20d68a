import { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceGetCommand, resourceListCommand } from "../resource-verbs.js";
import { usersFace } from "./face.js";
import { inviteCommand } from "./invite.js";
import { removeCommand, updateCommand } from "./update.js";
import { upsertCommand } from "./upsert.js";

/** list and get from the resource verbs; upsert, update, remove and invite of their own. */
export function usersCommand(ctx: Context): Command {
  return new Command("users")
    .addCommand(resourceListCommand(ctx, usersFace))
    .addCommand(resourceGetCommand(ctx, usersFace))
    .addCommand(upsertCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(removeCommand(ctx))
    .addCommand(inviteCommand(ctx));
}
