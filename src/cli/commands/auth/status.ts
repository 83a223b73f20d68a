import { Command } from "commander";
import { redactedUrl } from "../../../core/database-url.js";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export type StatusOptions = Record<string, never>;

export function statusCommand(
  ctx: Context,
  run: (ctx: Context, opts: StatusOptions) => Promise<void> = runStatus,
): Command {
  return new Command("status")
    .description(
      "Show where commands run: the local database, or who the token speaks for on the server",
    )
    .addHelpText(
      "after",
      [
        "",
        "On the local engine it shows the database file and its user: the OS user (the name the",
        "audit trail records), admin (the hosted ROLE_OWNER) over every company (nothing to log",
        "in to). On a server it shows the user, role (and the account's hosted roles), companies",
        "and expiry, and exits 4 when there is no token or the server rejects it.",
        "",
        "Examples:",
        "  $ carbon auth status",
        "  $ carbon --profile staging auth status --json",
      ].join("\n"),
    )
    .action(async () => {
      await run(ctx, {});
    });
}

export interface AuthStatus {
  readonly engine: "remote";
  readonly user: string;
  readonly role: string;
  /** The account's hosted roles when the server says them (ROLE_OWNER…); else none. */
  readonly roles: readonly string[];
  /** Company ids the token may see; empty: every company. */
  readonly companies: readonly string[];
  readonly server: string;
  readonly profile: string;
  /** Where the token came from: --token, CARBON_TOKEN or the profile. */
  readonly tokenSource: string;
  readonly issuedAt: string | null;
  readonly expiresAt: string | null;
}

/**
 * The local engine: no login, one database file. Whoever can open the file can do everything in
 * it, so the user is the OS user (the name the audit trail records), with the admin role over
 * every company: the hosted service's owner (docs/users.md), as a server's status names it.
 */
export interface LocalStatus {
  readonly engine: "local";
  readonly user: string;
  readonly role: "admin";
  readonly roles: readonly ["ROLE_OWNER"];
  /** Empty: every company. */
  readonly companies: readonly string[];
  readonly db: string;
  readonly profile: string;
}

const statusColumns: readonly Column<AuthStatus>[] = [
  { header: "engine", value: (status) => status.engine },
  { header: "user", value: (status) => status.user },
  { header: "role", value: (status) => status.role },
  { header: "roles", value: (status) => status.roles.join(" ") },
  {
    header: "companies",
    value: (status) => (status.companies.length === 0 ? "all" : status.companies.join(" ")),
  },
  { header: "server", value: (status) => status.server },
  { header: "profile", value: (status) => status.profile },
  { header: "token", value: (status) => status.tokenSource },
  { header: "issuedAt", value: (status) => status.issuedAt },
  { header: "expiresAt", value: (status) => status.expiresAt },
];

const localColumns: readonly Column<LocalStatus>[] = [
  { header: "engine", value: (status) => status.engine },
  { header: "user", value: (status) => status.user },
  { header: "role", value: (status) => status.role },
  { header: "roles", value: (status) => status.roles.join(" ") },
  { header: "companies", value: () => "all" },
  { header: "db", value: (status) => status.db },
  { header: "profile", value: (status) => status.profile },
];

export async function runStatus(ctx: Context, _opts: StatusOptions): Promise<void> {
  const { renderObject } = await import("../../output/format.js");
  const engine = await ctx.engine();
  if (engine.kind === "local") {
    const { localActor } = await import("../../../runtime/local-actor.js");
    const status: LocalStatus = {
      engine: "local",
      user: localActor(),
      role: "admin",
      roles: ["ROLE_OWNER"],
      companies: [],
      db: redactedUrl(engine.dbPath),
      profile: engine.profile,
    };
    renderObject(ctx.io, ctx.format(), status, localColumns);
    return;
  }
  const { isRemoteService } = await import("../../../backends/remote/remote-service.js");
  const service = await ctx.service(); // no token: unauthenticated (exit 4)
  if (!isRemoteService(service)) throw new Error("a remote engine opened a local service");
  const who = await service.whoAmI(); // a rejected token: unauthenticated (exit 4)
  const status: AuthStatus = {
    engine: "remote",
    user: who.email,
    role: who.role,
    roles: who.roles,
    companies: who.companies,
    server: engine.apiUrl,
    profile: engine.profile,
    tokenSource: engine.tokenSource ?? "",
    issuedAt: who.issuedAt,
    expiresAt: who.expiresAt,
  };
  renderObject(ctx.io, ctx.format(), status, statusColumns);
}
