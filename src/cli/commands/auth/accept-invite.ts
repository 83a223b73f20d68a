import { Command } from "commander";
import type { Context } from "../../context.js";

export interface AcceptInviteOptions {
  readonly code: string;
}

export function acceptInviteCommand(
  ctx: Context,
  run: (ctx: Context, opts: AcceptInviteOptions) => Promise<void> = runAcceptInvite,
): Command {
  return new Command("accept-invite")
    .description(
      "Exchange an invitation's code for a token and store it in the current profile, as login does",
    )
    .argument("<code>", "the code the invitation gave (it works once, for 7 days)")
    .addHelpText(
      "after",
      [
        "",
        "The server address is --api-url, else CARBON_API_URL, else the profile's. No token is",
        "needed. carbon serve offers this; a server that does not is a usage error (exit 2).",
        'A code that starts with "-" goes after --: carbon auth accept-invite -- -q3Vd...',
        "",
        "Examples:",
        "  $ carbon auth accept-invite q3VdZ0m1Yl8o2kR7c5Hn0a9sXwE4tBzU --api-url https://carbon.example.com",
        "  $ carbon --profile acme auth accept-invite q3VdZ0m1Yl8o2kR7c5Hn0a9sXwE4tBzU --api-url http://127.0.0.1:8080",
      ].join("\n"),
    )
    .action(async (code: string) => {
      await run(ctx, { code });
    });
}

export async function runAcceptInvite(ctx: Context, opts: AcceptInviteOptions): Promise<void> {
  const [{ usageError }, context, { createHttpClient }, remote, capabilities, login] =
    await Promise.all([
      import("../../../core/errors.js"),
      import("../../context.js"),
      import("../../../backends/remote/client.js"),
      import("../../../backends/remote/remote-users.js"),
      import("../../../backends/remote/capabilities.js"),
      import("./login.js"),
    ]);
  const code = opts.code.trim();
  if (code === "") throw usageError("no code given", "carbon auth accept-invite CODE");
  const { name, api } = await login.loginTarget(ctx);
  const debug = context.debugsHttp(ctx.env) ? { debug: (line: string) => ctx.io.err(line) } : {};
  const engine = await ctx.engine();
  const held = engine.kind === "remote" ? engine.token : undefined;
  if (held !== undefined) {
    // A token at hand asks the server what it offers first, so a server without the route is
    // told so without a request it does not know.
    const asking = createHttpClient({ api, token: held, signal: ctx.signal, ...debug });
    try {
      await new capabilities.ServerCapabilities(asking).require(
        remote.ACCEPT_INVITE_EXTENSION,
        `accepting invitations (${remote.ACCEPT_INVITE_EXTENSION})`,
        "accept the invitation in the service's own web app",
      );
    } finally {
      await asking.close();
    }
  }
  // Without a token of one's own: the route is the only one of carbon serve that needs none.
  const client = createHttpClient({ api, token: "", signal: ctx.signal, ...debug });
  let accepted: Awaited<ReturnType<typeof remote.acceptInvitation>>;
  try {
    accepted = await remote.acceptInvitation(client, code);
  } finally {
    await client.close();
  }
  await login.saveLogin(
    ctx,
    name,
    api.href,
    accepted.token,
    `Accepted the invitation on ${api.href}: logged in as ${accepted.email} (${accepted.role}) in profile "${name}"; the token expires ${accepted.expiresAt}.`,
  );
}
