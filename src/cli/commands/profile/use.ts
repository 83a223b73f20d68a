import { Command } from "commander";
import type { Context } from "../../context.js";

export interface UseOptions {
  readonly name: string;
}

export function useCommand(
  ctx: Context,
  run: (ctx: Context, opts: UseOptions) => Promise<void> = runUse,
): Command {
  return new Command("use")
    .description("Make a stored profile the one commands use by default")
    .argument("<name>", "profile name (see carbon profile list)")
    .addHelpText(
      "after",
      [
        "",
        "--profile NAME and CARBON_PROFILE still choose another one for a single command.",
        "A profile is created by logging in with it: carbon --profile NAME auth login --api-url URL",
        'The built-in profile "local" runs every command on the local database (back from a server).',
        "",
        "Examples:",
        "  $ carbon profile use staging",
        "  $ carbon profile use local",
      ].join("\n"),
    )
    .action(async (name: string) => {
      await run(ctx, { name });
    });
}

export async function runUse(ctx: Context, opts: UseOptions): Promise<void> {
  const [{ CarbonError }, config, { resolveDbPath }] = await Promise.all([
    import("../../../core/errors.js"),
    import("../../config.js"),
    import("../../context.js"),
  ]);
  const name = config.parseProfileName("profile name", opts.name);
  const file = config.readProfiles(ctx.env);
  const profile = file.profiles[name];
  if (profile === undefined && name !== config.DEFAULT_PROFILE && name !== config.LOCAL_PROFILE) {
    const known = Object.keys(file.profiles).sort();
    throw new CarbonError("not_found", `there is no profile named "${name}"`, {
      hint:
        known.length === 0
          ? `create it with carbon --profile ${name} auth login --api-url URL`
          : `known profiles: ${known.join(", ")}; create one with carbon --profile ${name} auth login --api-url URL`,
    });
  }
  await config.updateProfiles(ctx.env, (current) => ({ ...current, currentProfile: name }));
  if (ctx.globals().quiet === true) return;
  const where =
    name !== config.LOCAL_PROFILE && profile?.apiUrl !== undefined
      ? `the server ${profile.apiUrl}`
      : `the local database ${resolveDbPath({}, { ...ctx.env, CARBON_DB: undefined }, profile?.db)}`;
  ctx.io.err(`Now using profile "${name}" (${where}).`);
}
