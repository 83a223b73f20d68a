import { Command } from "commander";
import { redactedUrl } from "../../../core/database-url.js";
import type { Context } from "../../context.js";

export type LogoutOptions = Record<string, never>;

export function logoutCommand(
  ctx: Context,
  run: (ctx: Context, opts: LogoutOptions) => Promise<void> = runLogout,
): Command {
  return new Command("logout")
    .description(
      "Remove the stored token and server address from the current profile: commands then run on the local database",
    )
    .addHelpText(
      "after",
      [
        "",
        "The profile keeps its db, if it has one. Log in again with carbon auth login --api-url URL.",
        "",
        "Examples:",
        "  $ carbon auth logout",
        "  $ carbon --profile staging auth logout",
      ].join("\n"),
    )
    .action(async () => {
      await run(ctx, {});
    });
}

export async function runLogout(ctx: Context, _opts: LogoutOptions): Promise<void> {
  const [config, { resolveEngine, selectProfile }] = await Promise.all([
    import("../../config.js"),
    import("../../context.js"),
  ]);
  const globals = ctx.globals();
  const file = config.readProfiles(ctx.env);
  const { name } = selectProfile(globals, ctx.env, file);
  const profile = file.profiles[name];
  const quiet = globals.quiet === true;
  let saved = file;
  if (profile?.token === undefined && profile?.apiUrl === undefined) {
    if (!quiet) ctx.io.err(`Not logged in: profile "${name}" holds no token.`);
  } else {
    // The address goes with the token: a profile with an address and no token fails every command.
    saved = await config.updateProfiles(ctx.env, (current) => {
      const { token: _token, apiUrl: _apiUrl, ...rest } = current.profiles[name] ?? {};
      return {
        currentProfile: current.currentProfile,
        profiles: { ...current.profiles, [name]: rest },
      };
    });
    if (!quiet) {
      const what = profile.token === undefined ? "its address" : "the token and the address";
      ctx.io.err(
        `Logged out of ${profile.apiUrl ?? "the server"}: removed ${what} of profile "${name}".`,
      );
    }
  }
  if (quiet) return;
  // Where commands now run, with this command's flags and environment; an error there (say, a
  // plain http:// CARBON_API_URL) belongs to the next command, not to the logout.
  const engine = await resolveEngine(globals, ctx.env, () => saved).catch(() => undefined);
  if (engine?.kind === "local")
    ctx.io.err(`Commands now run on the local database ${redactedUrl(engine.dbPath)}.`);
  if (engine?.kind === "remote") {
    ctx.io.err(`Commands still run on ${engine.apiUrl} (from ${engine.apiUrlSource}).`);
  }
  if ((ctx.env.CARBON_TOKEN ?? "") !== "") {
    ctx.io.err("note: CARBON_TOKEN is still set and still gives a token; unset it too.");
  }
}
