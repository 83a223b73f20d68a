import { Command } from "commander";
import type { Context } from "../../context.js";

export interface LoginOptions {
  /** Read the token from stdin instead of prompting. */
  readonly withToken: boolean;
}

export function loginCommand(
  ctx: Context,
  run: (ctx: Context, opts: LoginOptions) => Promise<void> = runLogin,
): Command {
  return new Command("login")
    .description(
      "Store a token for a carbon server in the current profile (checked with the server first)",
    )
    .option("--with-token", "read the token from stdin instead of prompting for it")
    .addHelpText(
      "after",
      [
        "",
        "The server address is --api-url, else CARBON_API_URL, else the profile's. Without",
        "--with-token the token is asked for on the terminal (not echoed).",
        "",
        "Examples:",
        "  $ carbon auth login --api-url https://carbon.example.com",
        "  $ carbon auth login --api-url https://carbon.example.com --with-token < token.txt",
        "  $ carbon serve token --user ana@example.com | carbon auth login --api-url http://127.0.0.1:8080 --with-token",
        "  $ carbon --profile staging auth login --api-url https://staging.example.com",
      ].join("\n"),
    )
    .action(async (flags: { withToken?: boolean }) => {
      await run(ctx, { withToken: flags.withToken === true });
    });
}

/** More than this on stdin is not a token (a JWT is well under 8 KiB). */
const MAX_TOKEN_BYTES = 64 * 1024;

/** The profile a login (or an accepted invitation) stores its token in, and the server's address. */
export async function loginTarget(ctx: Context) {
  const [{ CarbonError }, config, { selectProfile }, { parseApiUrl }] = await Promise.all([
    import("../../../core/errors.js"),
    import("../../config.js"),
    import("../../context.js"),
    import("../../../backends/remote/api-url.js"),
  ]);
  const globals = ctx.globals();
  const file = config.readProfiles(ctx.env);
  const { name } = selectProfile(globals, ctx.env, file);
  if (name === config.LOCAL_PROFILE) {
    throw new CarbonError("usage", `profile "${name}" is the local database: it holds no server`, {
      hint: "log in with another profile: carbon --profile NAME auth login --api-url URL",
    });
  }
  const existing = file.profiles[name];
  const [source, raw] =
    globals.apiUrl !== undefined && globals.apiUrl.trim() !== ""
      ? ["--api-url", globals.apiUrl]
      : (ctx.env.CARBON_API_URL ?? "").trim() !== ""
        ? ["CARBON_API_URL", ctx.env.CARBON_API_URL ?? ""]
        : [`profile "${name}" apiUrl`, existing?.apiUrl ?? ""];
  if (raw.trim() === "") {
    throw new CarbonError("usage", "which server? no --api-url given", {
      hint: "carbon auth login --api-url https://carbon.example.com",
    });
  }
  return { name, api: parseApiUrl(source, raw, { insecure: globals.insecure === true }) };
}

/** Stores the token and the address in the profile, then says so (unless --quiet). */
export async function saveLogin(
  ctx: Context,
  name: string,
  apiUrl: string,
  token: string,
  said: string,
): Promise<void> {
  const config = await import("../../config.js");
  const saved = await config.updateProfiles(ctx.env, (current) => ({
    currentProfile: current.currentProfile,
    profiles: {
      ...current.profiles,
      [name]: { ...current.profiles[name], apiUrl, token },
    },
  }));
  if (ctx.globals().quiet === true) return;
  ctx.io.err(said);
  if (saved.currentProfile !== name) {
    ctx.io.err(`Use it with --profile ${name}, or make it the default: carbon profile use ${name}`);
  }
  if ((ctx.env.CARBON_TOKEN ?? "") !== "") {
    ctx.io.err("note: CARBON_TOKEN is set and takes precedence over the stored token.");
  }
}

export async function runLogin(ctx: Context, opts: LoginOptions): Promise<void> {
  const [{ CarbonError }, { debugsHttp }, { createRemoteService }] = await Promise.all([
    import("../../../core/errors.js"),
    import("../../context.js"),
    import("../../../backends/remote/remote-service.js"),
  ]);
  const { name, api } = await loginTarget(ctx);

  let token: string;
  if (opts.withToken) {
    token = (await ctx.input.readAll(MAX_TOKEN_BYTES)).trim();
  } else if (ctx.io.stdinIsTty) {
    token = (await ctx.input.readSecret(`Paste a token for ${api.href}: `)).trim();
  } else {
    throw new CarbonError(
      "usage",
      "stdin is not a terminal, so there is no way to ask for a token",
      {
        hint: "pipe the token in: carbon auth login --with-token < token.txt",
      },
    );
  }
  if (token === "") throw new CarbonError("usage", "no token given: the input was empty");
  if (/\s/.test(token)) {
    throw new CarbonError("usage", "expected one token, got text with spaces or line breaks in it");
  }

  const service = createRemoteService({
    apiUrl: api.href,
    token,
    signal: ctx.signal,
    ...(debugsHttp(ctx.env) ? { debug: (line: string) => ctx.io.err(line) } : {}),
  });
  let who: Awaited<ReturnType<typeof service.whoAmI>>;
  try {
    who = await service.whoAmI();
  } catch (error) {
    if (error instanceof CarbonError && error.code === "unauthenticated") {
      throw new CarbonError("unauthenticated", `${api.href} rejected the token: ${error.message}`, {
        hint: "nothing was saved; check that the token is complete, not expired, and for this server",
      });
    }
    throw error;
  } finally {
    await service.close();
  }

  const expiry = who.expiresAt === null ? "" : `; the token expires ${who.expiresAt}`;
  await saveLogin(
    ctx,
    name,
    api.href,
    token,
    `Logged in to ${api.href}${who.email === "" ? "" : ` as ${who.email}`}${who.role === "" ? "" : ` (${who.role})`} in profile "${name}"${expiry}.`,
  );
}
