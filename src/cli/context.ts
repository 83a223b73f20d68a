import path from "node:path";
import type * as ApiUrlModule from "../backends/remote/api-url.js";
import type { RetryPolicy } from "../backends/remote/retry.js";
import { isPostgresUrl, redactedUrl } from "../core/database-url.js";
import { CarbonError } from "../core/errors.js";
import type { CarbonService } from "../core/service.js";
import {
  DEFAULT_PROFILE,
  LOCAL_PROFILE,
  type ProfilesFile,
  parseProfileName,
  readProfiles,
} from "./config.js";
import type { Io } from "./io.js";
import type { OutputFormat } from "./output/format-names.js";
import { defaultDbPath, type Environment } from "./paths.js";
import type { UserInput } from "./user-input.js";

/** Global flags, as parsed by commander (read at action time, after parsing). */
export interface GlobalOptions {
  readonly db?: string;
  /** Run on the local database even when the environment or the profile names a server. */
  readonly local?: boolean;
  readonly apiUrl?: string;
  readonly token?: string;
  readonly profile?: string;
  readonly insecure?: boolean;
  /** As typed; validated when a remote service opens. */
  readonly concurrency?: string;
  readonly format?: OutputFormat;
  readonly json?: boolean;
  readonly quiet?: boolean;
  readonly verbose?: boolean;
  readonly color?: boolean;
}

/** Where commands run, and why (the `source`s name the flag, variable or profile it came from). */
export type EngineChoice =
  | { readonly kind: "local"; readonly dbPath: string; readonly profile: string }
  | {
      readonly kind: "remote";
      /** Checked base address (`https://host[/prefix]`). */
      readonly apiUrl: string;
      readonly apiUrlSource: string;
      readonly token: string | undefined;
      readonly tokenSource: string | undefined;
      readonly profile: string;
    };

/** What every command gets: I/O, environment, cancellation and the (lazily opened) service. */
export interface Context {
  readonly io: Io;
  readonly env: Environment;
  /** stdin for commands that read it (`auth login --with-token`). */
  readonly input: UserInput;
  /** Aborted on Ctrl-C (SIGINT). */
  readonly signal: AbortSignal;
  /** Parsed global flags (read at action time). */
  globals(): GlobalOptions;
  /** --json > --format > (table on a TTY, else tsv). */
  format(): OutputFormat;
  /** The engine the flags, environment and profile choose (see `resolveEngine`). */
  engine(): Promise<EngineChoice>;
  /**
   * Opens the chosen backend on first call (local: a SQLite file; remote: an HTTP client), then
   * returns the same instance.
   */
  service(): Promise<CarbonService>;
  /** Closes the service if it was opened. */
  close(): Promise<void>;
}

export interface ContextOptions {
  readonly io: Io;
  readonly env: Environment;
  readonly globals: () => GlobalOptions;
  readonly signal: AbortSignal;
  /** Default: an empty stdin. */
  readonly input?: UserInput;
  /** How a remote service retries (tests shorten its waits); default: the driver's policy. */
  readonly retry?: Partial<RetryPolicy>;
}

function given(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

/**
 * The database a local service opens, a file or a PostgreSQL URL: --db > CARBON_DB > the
 * profile's db > the default file.
 */
export function resolveDbPath(
  globals: GlobalOptions,
  env: Environment,
  profileDb?: string,
): string {
  const chosen = [globals.db, env.CARBON_DB, profileDb].find((value) => given(value) !== undefined);
  if (chosen === undefined) return defaultDbPath(env);
  // A PostgreSQL URL names a server's database, not a path to resolve.
  return chosen === ":memory:" || isPostgresUrl(chosen) ? chosen.trim() : path.resolve(chosen);
}

/** The profile in use: --profile > CARBON_PROFILE > the file's current profile > "default". */
export function selectProfile(
  globals: GlobalOptions,
  env: Environment,
  file: ProfilesFile,
): { readonly name: string; readonly explicit: boolean } {
  const flag = given(globals.profile);
  if (flag !== undefined) return { name: parseProfileName("--profile", flag), explicit: true };
  const fromEnv = given(env.CARBON_PROFILE);
  if (fromEnv !== undefined) {
    return { name: parseProfileName("CARBON_PROFILE", fromEnv), explicit: true };
  }
  return { name: file.currentProfile, explicit: false };
}

/**
 * The engine, flag > environment > profile > default:
 * `--api-url` (remote) or `--local`/`--db` (local), never both; then CARBON_API_URL (remote),
 * CARBON_DB (local); then the profile: the built-in profile "local" is always local, another one
 * is remote when it has an apiUrl; else the local database (the profile's db or the default).
 * The token is --token > CARBON_TOKEN > the profile's, and a stored token is only sent to the
 * address it was stored for. The profiles file is read only when flags and environment leave the
 * choice open. Plain http:// to a host that is not loopback needs --insecure (usage error).
 */
export async function resolveEngine(
  globals: GlobalOptions,
  env: Environment,
  readFile: () => ProfilesFile = () => readProfiles(env),
): Promise<EngineChoice> {
  const flagUrl = given(globals.apiUrl);
  const flagDb = given(globals.db);
  if (flagUrl !== undefined && (flagDb !== undefined || globals.local === true)) {
    const other = flagDb === undefined ? "--local" : "--db";
    throw new CarbonError("usage", `--api-url and ${other} cannot be used together`, {
      hint: "--api-url runs the command on a server, --local and --db on a local database file",
    });
  }
  const envUrl = given(env.CARBON_API_URL);
  const envDb = given(env.CARBON_DB);
  let chosen: { readonly url: string; readonly source: string } | "local" | undefined;
  if (flagUrl !== undefined) chosen = { url: flagUrl, source: "--api-url" };
  else if (flagDb !== undefined || globals.local === true) chosen = "local";
  else if (envUrl !== undefined) chosen = { url: envUrl, source: "CARBON_API_URL" };
  else if (envDb !== undefined) chosen = "local";
  const explicitToken = given(globals.token) ?? given(env.CARBON_TOKEN);
  // The file is read only when the flags and environment leave something to look up.
  const needsFile =
    chosen === undefined ||
    (chosen === "local"
      ? flagDb === undefined && envDb === undefined
      : explicitToken === undefined);
  const file: ProfilesFile = needsFile
    ? readFile()
    : { currentProfile: DEFAULT_PROFILE, profiles: {} };
  const { name, explicit } = selectProfile(globals, env, file);
  const profile = file.profiles[name];
  if (needsFile && explicit && profile === undefined && !builtInProfile(name)) {
    throw new CarbonError("usage", `there is no profile named "${name}"`, {
      hint: `see carbon profile list; carbon --profile ${name} auth login --api-url URL creates it`,
    });
  }
  if (chosen === undefined && name !== LOCAL_PROFILE && profile?.apiUrl !== undefined) {
    chosen = { url: profile.apiUrl, source: `profile "${name}" apiUrl` };
  }
  if (chosen === undefined || chosen === "local") {
    return { kind: "local", dbPath: resolveDbPath(globals, env, profile?.db), profile: name };
  }
  const { parseApiUrl } = await import("../backends/remote/api-url.js");
  const api = parseApiUrl(chosen.source, chosen.url, { insecure: globals.insecure === true });
  const storedFor =
    profile?.apiUrl === undefined ? undefined : storedAddress(parseApiUrl, profile.apiUrl);
  // A stored token goes only to the address it was stored for.
  const stored = storedFor === api.href ? profile?.token : undefined;
  let tokenSource: string | undefined;
  if (given(globals.token) !== undefined) tokenSource = "--token";
  else if (given(env.CARBON_TOKEN) !== undefined) tokenSource = "CARBON_TOKEN";
  else if (stored !== undefined) tokenSource = `profile "${name}"`;
  return {
    kind: "remote",
    apiUrl: api.href,
    apiUrlSource: chosen.source,
    token: explicitToken ?? stored,
    tokenSource,
    profile: name,
  };
}

/** Profiles that exist without being stored: "default" and the local engine's "local". */
function builtInProfile(name: string): boolean {
  return name === DEFAULT_PROFILE || name === LOCAL_PROFILE;
}

/** The one line `--verbose` prints about where a command runs. */
export function engineLine(engine: EngineChoice): string {
  if (engine.kind === "local") return `engine: local ${redactedUrl(engine.dbPath)}`;
  const source = engine.apiUrlSource.startsWith("profile")
    ? `profile ${engine.profile}`
    : engine.apiUrlSource;
  return `engine: remote ${engine.apiUrl} (${source})`;
}

/** The base address a profile's token was stored for, or undefined when it is unreadable. */
function storedAddress(parse: typeof ApiUrlModule.parseApiUrl, url: string): string | undefined {
  try {
    return parse("profile", url, { insecure: true }).href;
  } catch {
    return undefined;
  }
}

/** `CARBON_DEBUG=http` (or `all`, `*`; a comma-separated list) logs HTTP traffic to stderr. */
export function debugsHttp(env: Environment): boolean {
  const words = (env.CARBON_DEBUG ?? "").split(/[\s,]+/);
  return words.some((word) => word === "http" || word === "all" || word === "*");
}

async function openService(
  ctx: Context,
  engine: EngineChoice,
  retry: Partial<RetryPolicy> | undefined,
): Promise<CarbonService> {
  if (engine.kind === "local") {
    // Loaded here, not at the top: `carbon --help` must not load better-sqlite3.
    const { openLocalService, startNewDatabasesFrom } = await import("../backends/local/index.js");
    // The test suites' end-to-end runs of the binary: a new database starts as a copy of a
    // migrated one (backends/local/open.ts), as their in-process tests' databases do.
    const template = ctx.env.CARBON_TEST_DB_TEMPLATE;
    if (template !== undefined && template !== "") startNewDatabasesFrom(template);
    const quiet = ctx.globals().quiet === true;
    return openLocalService({
      path: engine.dbPath,
      ...(quiet ? {} : { onUpgrade: (message: string) => ctx.io.err(message) }),
    });
  }
  if (engine.token === undefined) {
    const profileFlag = engine.profile === DEFAULT_PROFILE ? "" : ` --profile ${engine.profile}`;
    const urlFlag = engine.apiUrlSource.startsWith("profile") ? "" : ` --api-url ${engine.apiUrl}`;
    throw new CarbonError("unauthenticated", `not logged in to ${engine.apiUrl}`, {
      hint: `run carbon${profileFlag} auth login${urlFlag}, or set CARBON_TOKEN`,
    });
  }
  const [{ createRemoteService }, { parseInteger }] = await Promise.all([
    import("../backends/remote/remote-service.js"),
    import("./flags.js"),
  ]);
  const raw = ctx.globals().concurrency;
  const concurrency =
    raw === undefined ? undefined : parseInteger("--concurrency", raw, { min: 1, max: 64 });
  const io = ctx.io;
  return createRemoteService({
    apiUrl: engine.apiUrl,
    token: engine.token,
    signal: ctx.signal,
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(debugsHttp(ctx.env) ? { debug: (line: string) => io.err(line) } : {}),
    ...(retry === undefined ? {} : { retry }),
  });
}

const emptyInput: UserInput = {
  readAll: () => Promise.resolve(""),
  readBytes: () => Promise.resolve(new Uint8Array()),
  readSecret: () => Promise.resolve(""),
  confirm: () => Promise.resolve(false),
};

export function createContext(options: ContextOptions): Context {
  const { io, env, signal } = options;
  let choosing: Promise<EngineChoice> | undefined;
  let opening: Promise<CarbonService> | undefined;

  const ctx: Context = {
    io,
    env,
    signal,
    input: options.input ?? emptyInput,
    globals: options.globals,
    format() {
      const globals = options.globals();
      if (globals.json === true) return "json";
      return globals.format ?? (io.stdoutIsTty ? "table" : "tsv");
    },
    engine() {
      choosing ??= resolveEngine(options.globals(), env);
      return choosing;
    },
    service() {
      opening ??= (async () => {
        const engine = await ctx.engine();
        if (options.globals().verbose === true) io.err(engineLine(engine));
        return openService(ctx, engine, options.retry);
      })();
      return opening;
    },
    async close() {
      if (opening === undefined) return;
      const pending = opening;
      opening = undefined;
      let service: CarbonService;
      try {
        service = await pending;
      } catch {
        return; // It never opened, so there is nothing to close; the open error was reported.
      }
      await service.close();
    },
  };
  return ctx;
}
