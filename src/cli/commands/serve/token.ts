import { Command } from "commander";
import type { CarbonService } from "../../../core/service.js";
import type { Context } from "../../context.js";

export interface TokenOptions {
  readonly user: string;
  readonly companies: readonly string[];
  /** Undefined: the account's role (a new account: viewer). */
  readonly role?: string | undefined;
  readonly ttl: string;
  /** `serve --max-token-ttl` as typed (undefined: CARBON_MAX_TOKEN_TTL, else 30 days). */
  readonly maxTokenTtl?: string | undefined;
}

interface TokenFlags {
  readonly user: string;
  readonly company: string[];
  readonly role?: string;
  readonly ttl: string;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function tokenCommand(
  ctx: Context,
  run: (ctx: Context, opts: TokenOptions) => Promise<void> = runToken,
): Command {
  return new Command("token")
    .description("Mint a bearer token for the server of this database")
    .requiredOption("--user <email>", "e-mail of the account the token is for (created if new)")
    .option(
      "--company <id|name>",
      "a new account's company; repeat for several (default: every company)",
      collect,
      [],
    )
    .option(
      "--role <role>",
      "a new account's role: viewer (reads, the default), member (writes data), admin (everything)",
    )
    .option("--ttl <duration>", "lifetime: 3600s, 30m, 24h or 7d (at most 30d)", "24h")
    .addHelpText(
      "after",
      [
        "",
        "The token is for the user's account in the database (docs/users.md): its role and",
        "companies apply on every request, and a removed account's tokens stop working. A new",
        "e-mail gets an account from --role and --company; for an existing account they must",
        "match it (change it with carbon users update).",
        "",
        "Tokens are signed with CARBON_JWT_SECRET when set, else with the secret kept in the",
        "database (--db), so mint them on the database the server runs on. Prints the token on",
        "stdout (with --json: the token with its claims). --ttl cannot exceed what the server",
        "accepts: 30d, or serve's --max-token-ttl (env CARBON_MAX_TOKEN_TTL), given here too.",
        "",
        "Examples:",
        "  $ carbon serve token --user ana@example.com --role admin",
        "  $ carbon serve token --user ops@example.com --role member --ttl 7d \\",
        "      --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --json",
        "  $ carbon serve --max-token-ttl 90d token --user ci@example.com --role member --ttl 90d",
      ].join("\n"),
    )
    .action(async (flags: TokenFlags, command: Command) => {
      // --max-token-ttl belongs to `serve`, before or after `token`: the same setting for both.
      const { maxTokenTtl } = command.optsWithGlobals<{ maxTokenTtl?: string }>();
      await run(ctx, {
        user: flags.user,
        companies: flags.company,
        ...(flags.role === undefined ? {} : { role: flags.role }),
        ttl: flags.ttl,
        maxTokenTtl,
      });
    });
}

export async function runToken(ctx: Context, opts: TokenOptions): Promise<void> {
  const [flags, auth, secrets, limits, { tokenAccount }] = await Promise.all([
    import("../../flags.js"),
    import("../../../server/auth.js"),
    import("./secret.js"),
    import("./limits.js"),
    import("./token-account.js"),
  ]);
  const role =
    opts.role === undefined ? undefined : flags.parseChoice("--role", opts.role, auth.roles);
  const maxTtlSeconds = limits.maxTokenTtlSeconds(opts.maxTokenTtl, ctx.env);
  const ttlSeconds = limits.tokenTtlSeconds(opts.ttl, maxTtlSeconds);
  const dbPath = await secrets.serveDbPath(ctx);
  const fromEnv = secrets.secretFromEnv(ctx.env);
  // The account is stored in the served database; an in-memory one keeps none (docs/users.md).
  const holder =
    dbPath === ":memory:"
      ? {
          email: opts.user,
          role: role ?? "viewer",
          companies: await companyIds(ctx, opts.companies),
        }
      : await tokenAccount(dbPath, { email: opts.user, role, companies: opts.companies });
  const secret = fromEnv ?? (await storedSecret(dbPath));
  const token = await auth.signToken({ ...holder, ttlSeconds }, secret);
  const claims = await auth.verifyToken(token, secret, { maxTtlSeconds });
  const format = ctx.format();
  switch (format) {
    case "json":
      ctx.io.out(JSON.stringify({ token, ...claims }, null, 2));
      return;
    case "ndjson":
      ctx.io.out(JSON.stringify({ token, ...claims }));
      return;
    case "table":
    case "tsv":
    case "csv":
      ctx.io.out(token);
      if (ctx.io.stderrIsTty && ctx.globals().quiet !== true) {
        const scope = claims.companies.length === 0 ? "every company" : claims.companies.join(", ");
        ctx.io.err(
          `${claims.role} token for ${claims.email} (${scope}), valid until ${claims.expiresAt}`,
        );
      }
      return;
    default: {
      const unknown: never = format;
      throw new Error(`unknown format ${String(unknown)}`);
    }
  }
}

/** --company values as ids: names are looked up in the database the server runs on. */
async function companyIds(ctx: Context, texts: readonly string[]): Promise<string[]> {
  const { idResolver } = await import("../../id-resolver.js");
  let opened: Promise<CarbonService> | undefined;
  const ids = idResolver(() => {
    opened ??= (async () => {
      const [{ openLocalService }, { serveDbPath }] = await Promise.all([
        import("../../../backends/local/index.js"),
        import("./secret.js"),
      ]);
      return openLocalService({ path: await serveDbPath(ctx) });
    })();
    return opened;
  });
  const companies: string[] = [];
  try {
    for (const text of texts) companies.push(await ids.company("--company", text));
  } finally {
    if (opened !== undefined) await (await opened).close();
  }
  return companies;
}

/** The database's secret: opening the service first creates and migrates the file. */
async function storedSecret(dbPath: string): Promise<Uint8Array> {
  const [{ CarbonError }, { openLocalService }, { databaseSecret }] = await Promise.all([
    import("../../../core/errors.js"),
    import("../../../backends/local/index.js"),
    import("./secret.js"),
  ]);
  if (dbPath === ":memory:") {
    throw new CarbonError("usage", "an in-memory database keeps no secret to sign tokens with", {
      hint: "use --db FILE (the server's database) or set CARBON_JWT_SECRET",
    });
  }
  const service = await openLocalService({ path: dbPath });
  try {
    return await databaseSecret(dbPath);
  } finally {
    await service.close();
  }
}
