import { Command } from "commander";
import type { Context } from "../../context.js";
import type { InviteOptions } from "./run.js";
import { ROLE_HELP } from "./upsert.js";

export function inviteCommand(
  ctx: Context,
  run: (ctx: Context, opts: InviteOptions) => Promise<void> = runInvite,
): Command {
  return new Command("invite")
    .description(
      "Invite a user to a company: a pending account and a one-time code (POST /users/invite)",
    )
    .requiredOption("--email <address>", "the e-mail to invite")
    .requiredOption("--company <id|name>", "the company the user will see")
    .requiredOption("--role <role>", ROLE_HELP)
    .addHelpText(
      "after",
      [
        "",
        "Prints the code on stdout (with --json: the pending user, the code and its expiry). It",
        "is shown once and works once, for 7 days: send it to the user, who runs",
        "carbon auth accept-invite CODE --api-url URL. Inviting the same e-mail again gives a",
        "new code, and the old one stops working. Against a server this needs an admin token.",
        "",
        "Examples:",
        "  $ carbon users invite --email cal@example.com --company Acme --role ROLE_VIEWER",
        "  $ carbon users invite --email cal@example.com --company Acme --role ROLE_MANAGER --json",
      ].join("\n"),
    )
    .action(async (flags: InviteOptions) => {
      await run(ctx, { email: flags.email, company: flags.company, role: flags.role });
    });
}

export async function runInvite(ctx: Context, opts: InviteOptions): Promise<void> {
  const { inviteUser } = await import("./run.js");
  await inviteUser(ctx, opts);
}
