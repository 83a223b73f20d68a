import { Command } from "commander";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export type StatusOptions = Record<string, never>;

export function statusCommand(
  ctx: Context,
  run: (ctx: Context, opts: StatusOptions) => Promise<void> = runStatus,
): Command {
  return new Command("status")
    .description("Show who the token speaks for on the server (user, role, companies, expiry)")
    .addHelpText(
      "after",
      [
        "",
        "Exits 4 when there is no token or the server rejects it.",
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
  readonly user: string;
  readonly role: string;
  /** Company ids the token may see; empty: every company. */
  readonly companies: readonly string[];
  readonly server: string;
  readonly profile: string;
  /** Where the token came from: --token, CARBON_TOKEN or the profile. */
  readonly tokenSource: string;
  readonly issuedAt: string | null;
  readonly expiresAt: string | null;
}

const statusColumns: readonly Column<AuthStatus>[] = [
  { header: "user", value: (status) => status.user },
  { header: "role", value: (status) => status.role },
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

export async function runStatus(ctx: Context, _opts: StatusOptions): Promise<void> {
  const [{ CarbonError }, { isRemoteService }, { renderObject }] = await Promise.all([
    import("../../../core/errors.js"),
    import("../../../backends/remote/service.js"),
    import("../../output/format.js"),
  ]);
  const engine = await ctx.engine();
  if (engine.kind === "local") {
    throw new CarbonError(
      "unauthenticated",
      `not logged in: commands run on the local database ${engine.dbPath}`,
      { hint: "carbon auth login --api-url https://carbon.example.com" },
    );
  }
  const service = await ctx.service(); // no token: unauthenticated (exit 4)
  if (!isRemoteService(service)) throw new Error("a remote engine opened a local service");
  const who = await service.whoAmI(); // a rejected token: unauthenticated (exit 4)
  const status: AuthStatus = {
    user: who.email,
    role: who.role,
    companies: who.companies,
    server: engine.apiUrl,
    profile: engine.profile,
    tokenSource: engine.tokenSource ?? "",
    issuedAt: who.issuedAt,
    expiresAt: who.expiresAt,
  };
  renderObject(ctx.io, ctx.format(), status, statusColumns);
}
