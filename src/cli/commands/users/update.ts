import { Command } from "commander";
import type { Context } from "../../context.js";
import type { UpdateOptions } from "./run.js";
import { ROLE_HELP } from "./upsert.js";

interface UpdateFlags {
  readonly role?: string;
  readonly company: string[];
  readonly everyCompany?: boolean;
  readonly status?: string;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function updateCommand(
  ctx: Context,
  run: (ctx: Context, opts: UpdateOptions) => Promise<void> = runUpdate,
): Command {
  return new Command("update")
    .description("Change a user's role, companies or status (PATCH /users); audited")
    .argument("<id>", "user id (UUID)")
    .option("--role <role>", ROLE_HELP)
    .option(
      "--company <id|name>",
      "the user's companies, replacing them; repeat for several",
      collect,
      [],
    )
    .option("--every-company", "the user may see every company (an admin of every company only)")
    .option("--status <status>", "active or removed (a removed user's tokens stop working)")
    .addHelpText(
      "after",
      [
        "",
        "Give at least one of --role, --company, --every-company and --status. The change",
        "applies to the user's next request and is recorded in the audit trail (carbon audit",
        "list). Against a server this needs an admin token.",
        "",
        "Examples:",
        "  $ carbon users update 6a1f3c2e-1111-4222-8333-444455556666 --role ROLE_VIEWER",
        "  $ carbon users update 6a1f3c2e-1111-4222-8333-444455556666 --company Acme --company Beta",
        "  $ carbon users update 6a1f3c2e-1111-4222-8333-444455556666 --status active --json",
      ].join("\n"),
    )
    .action(async (id: string, flags: UpdateFlags) => {
      await run(ctx, {
        id,
        ...(flags.role === undefined ? {} : { role: flags.role }),
        companies: flags.company,
        everyCompany: flags.everyCompany === true,
        ...(flags.status === undefined ? {} : { status: flags.status }),
      });
    });
}

export function removeCommand(
  ctx: Context,
  run: (ctx: Context, opts: UpdateOptions) => Promise<void> = runUpdate,
): Command {
  return new Command("remove")
    .description("Remove a user: its tokens stop working (PATCH /users, status removed); audited")
    .argument("<id>", "user id (UUID)")
    .addHelpText(
      "after",
      [
        "",
        "The account stays, with status removed, so the audit trail still names it; make it",
        "active again with carbon users update ID --status active.",
        "",
        "Examples:",
        "  $ carbon users remove 6a1f3c2e-1111-4222-8333-444455556666",
        "  $ carbon users remove 6a1f3c2e-1111-4222-8333-444455556666 --json",
      ].join("\n"),
    )
    .action(async (id: string) => {
      await run(ctx, { id, companies: [], everyCompany: false, status: "removed" });
    });
}

export async function runUpdate(ctx: Context, opts: UpdateOptions): Promise<void> {
  const { updateUser } = await import("./run.js");
  await updateUser(ctx, opts);
}
