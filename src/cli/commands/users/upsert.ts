import { Command } from "commander";
import type { Context } from "../../context.js";
import type { UpsertOptions } from "./run.js";

interface UpsertFlags extends Omit<UpsertOptions, "companies"> {
  readonly company: string[];
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export const ROLE_HELP =
  "ROLE_OWNER (admin), ROLE_MANAGER (member), ROLE_VALIDATOR or ROLE_VIEWER (viewer)";

export function upsertCommand(
  ctx: Context,
  run: (ctx: Context, opts: UpsertOptions) => Promise<void> = runUpsert,
): Command {
  return new Command("upsert")
    .description("Create or update a user by id (POST /users); e-mail needed to create")
    .option("--id <uuid>", "the user's id (default: a new random UUID)")
    .option("--email <address>", "the user's e-mail (needed for a new user)")
    .requiredOption("--role <role>", ROLE_HELP)
    .option(
      "--company <id|name>",
      "a company the user may see; repeat for several (a new user without: every company)",
      collect,
      [],
    )
    .option("--name <text>", "the user's name")
    .option("--phone <text>", "a phone number")
    .option("--language <tag>", "preferred language, such as es or en-GB")
    .option("--external-id <text>", "the user's id in your directory")
    .addHelpText(
      "after",
      [
        "",
        "An existing user keeps its companies when no --company is given, and its status.",
        "Role and company changes are recorded in the audit trail. There is no password:",
        "users sign in with a token (carbon serve token, or an invitation: carbon users invite).",
        "Against a server this needs an admin token.",
        "",
        "Examples:",
        "  $ carbon users upsert --email ana@example.com --role ROLE_MANAGER --company Acme",
        "  $ carbon users upsert --id 6a1f3c2e-1111-4222-8333-444455556666 --role ROLE_OWNER --json",
      ].join("\n"),
    )
    .action(async (flags: UpsertFlags) => {
      const { company, ...rest } = flags;
      await run(ctx, { ...rest, companies: company });
    });
}

export async function runUpsert(ctx: Context, opts: UpsertOptions): Promise<void> {
  const { upsertUser } = await import("./run.js");
  await upsertUser(ctx, opts);
}
