import { Command } from "commander";
import type { Context } from "../../context.js";
import { acceptInviteCommand } from "./accept-invite.js";
import { loginCommand } from "./login.js";
import { logoutCommand } from "./logout.js";
import { statusCommand } from "./status.js";

export function authCommand(ctx: Context): Command {
  return new Command("auth")
    .addCommand(loginCommand(ctx))
    .addCommand(statusCommand(ctx))
    .addCommand(logoutCommand(ctx))
    .addCommand(acceptInviteCommand(ctx));
}
