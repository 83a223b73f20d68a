import { Command } from "commander";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export type ListOptions = Record<string, never>;

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return new Command("list")
    .description("List the stored profiles; the one in use is marked with *")
    .addHelpText(
      "after",
      [
        "",
        "Profiles live in <user config dir>/carbon/config.json (mode 0600). Tokens are never printed.",
        'The profile "local" is always there: the local database (its db, else the default).',
        "",
        "Examples:",
        "  $ carbon profile list",
        "  $ carbon profile list --json",
      ].join("\n"),
    )
    .action(async () => {
      await run(ctx, {});
    });
}

export interface ProfileRow {
  readonly name: string;
  /** The profile commands use now (--profile > CARBON_PROFILE > the stored choice). */
  readonly current: boolean;
  readonly engine: "remote" | "local";
  readonly apiUrl: string | null;
  readonly db: string | null;
  /** Whether a token is stored (the token itself is never shown). */
  readonly loggedIn: boolean;
}

const profileColumns: readonly Column<ProfileRow>[] = [
  { header: "current", value: (row) => (row.current ? "*" : "") },
  { header: "name", value: (row) => row.name },
  { header: "engine", value: (row) => row.engine },
  { header: "address", value: (row) => row.apiUrl ?? row.db ?? "(default database)" },
  { header: "token", value: (row) => (row.loggedIn ? "stored" : "") },
];

export async function runList(ctx: Context, _opts: ListOptions): Promise<void> {
  const [config, { selectProfile }, { renderList }] = await Promise.all([
    import("../../config.js"),
    import("../../context.js"),
    import("../../output/format.js"),
  ]);
  const file = config.readProfiles(ctx.env);
  const { name: currentName } = selectProfile(ctx.globals(), ctx.env, file);
  const names = new Set([...Object.keys(file.profiles), currentName, config.LOCAL_PROFILE]);
  const rows: ProfileRow[] = [...names].sort().map((name) => {
    const profile = file.profiles[name] ?? {};
    const remote = name !== config.LOCAL_PROFILE && profile.apiUrl !== undefined;
    return {
      name,
      current: name === currentName,
      engine: remote ? "remote" : "local",
      apiUrl: remote ? (profile.apiUrl ?? null) : null,
      db: profile.db ?? null,
      loggedIn: profile.token !== undefined,
    };
  });
  renderList(ctx.io, ctx.format(), rows, profileColumns);
}
