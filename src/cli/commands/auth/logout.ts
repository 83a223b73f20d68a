import { Command } from "commander";
import type { Context } from "../../context.js";

export type LogoutOptions = Record<string, never>;

export function logoutCommand(
  ctx: Context,
  run: (ctx: Context, opts: LogoutOptions) => Promise<void> = runLogout,
): Command {
  return new Command("logout")
    .description("Remove the stored token from the current profile (the server address stays)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ carbon auth logout\n  $ carbon --profile staging auth logout",
    )
    .action(async () => {
      await run(ctx, {});
    });
}

export async function runLogout(ctx: Context, _opts: LogoutOptions): Promise<void> {
  const [config, { selectProfile }] = await Promise.all([
    import("../../config.js"),
    import("../../context.js"),
  ]);
  const file = config.readProfiles(ctx.env);
  const { name } = selectProfile(ctx.globals(), ctx.env, file);
  const profile = file.profiles[name];
  const quiet = ctx.globals().quiet === true;
  if (profile?.token === undefined) {
    if (!quiet) ctx.io.err(`Not logged in: profile "${name}" holds no token.`);
  } else {
    await config.updateProfiles(ctx.env, (current) => {
      const { token: _removed, ...rest } = current.profiles[name] ?? {};
      return {
        currentProfile: current.currentProfile,
        profiles: { ...current.profiles, [name]: rest },
      };
    });
    if (!quiet) {
      ctx.io.err(
        `Logged out of ${profile.apiUrl ?? "the server"}: removed the token of profile "${name}".`,
      );
    }
  }
  if (!quiet && (ctx.env.CARBON_TOKEN ?? "") !== "") {
    ctx.io.err("note: CARBON_TOKEN is still set and still gives a token; unset it too.");
  }
}
