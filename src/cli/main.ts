/**
 * The program: global flags, the resource commands, and the ONE place that maps errors to exit
 * codes. Loads only commander and light modules; every command loads what it needs when it runs,
 * so `carbon --help` and `carbon --version` stay instant.
 */

import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import type { RetryPolicy } from "../backends/remote/retry.js";
import { CarbonError, errorTable } from "../core/errors.js";
import { packageFile } from "../package-files.js";
import { requestedResource, resources } from "./commands/registry.js";
import { type Context, createContext, type GlobalOptions } from "./context.js";
import { createProcessIo, type Io } from "./io.js";
import { outputFormats } from "./output/format-names.js";
import type { Environment } from "./paths.js";
import { reportError } from "./report.js";
import { createProcessInput, type UserInput } from "./user-input.js";

/** Test seams; the binary passes none of them. */
export interface MainOptions {
  readonly io?: Io;
  readonly env?: Environment;
  readonly input?: UserInput;
  /** How a remote service retries (tests shorten its waits); default: the driver's policy. */
  readonly retry?: Partial<RetryPolicy>;
}

function readVersion(): string {
  try {
    const text = readFileSync(packageFile("package.json"), "utf8");
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && "version" in parsed) {
      return String(parsed.version);
    }
  } catch {
    // Fall through: a missing package.json must not stop the tool.
  }
  return "unknown";
}

/** Applies the root's settings (exit override, output, help) to every command below it. */
function inheritSettings(command: Command): void {
  for (const sub of command.commands) {
    sub.copyInheritedSettings(command);
    inheritSettings(sub);
  }
}

async function buildProgram(ctx: Context, io: Io, args: readonly string[]): Promise<Command> {
  const program = new Command("carbon")
    .description(
      "Carbon-footprint data operations on a local database or a carbon server: companies, buildings, consumptions and their emissions (GHG Protocol scopes 1-3).",
    )
    .version(readVersion(), "-V, --version", "print the version")
    .option("--db <path>", "local database file (env CARBON_DB; default in the user data dir)")
    .option(
      "--local",
      "run on the local database even when CARBON_API_URL or the profile names a server",
    )
    .option("--api-url <url>", "run on a carbon server at this address (env CARBON_API_URL)")
    .option(
      "--token <token>",
      "bearer token for the server (env CARBON_TOKEN; discouraged: visible in process lists)",
    )
    .option("--profile <name>", "use this stored profile (env CARBON_PROFILE)")
    .option("--insecure", "allow plain http:// to a host that is not loopback")
    .option("--concurrency <n>", "requests in flight for bulk work on a server (default 8)")
    .addOption(
      new Option(
        "--format <format>",
        "output format (default: table on a terminal, else tsv)",
      ).choices(outputFormats),
    )
    .option("--json", "short for --format json")
    .option("--quiet", "print less on stderr")
    .option("--verbose", "print more on stderr (stack traces of internal errors)")
    .option("--no-color", "plain output (env NO_COLOR)")
    .exitOverride()
    .showHelpAfterError("(run with --help for usage)")
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      writeOut: (text) => io.out(text),
      writeErr: (text) => io.err(text),
      getOutHelpWidth: () => io.columns,
      getErrHelpWidth: () => io.columns,
      getOutHasColors: () => io.color,
      getErrHasColors: () => io.color && io.stderrIsTty,
    })
    .addHelpText(
      "after",
      '\nExamples:\n  $ carbon companies create --name "Acme Iberia" --country ES\n  $ carbon consumptions import bills.csv --company ID\n  $ carbon emissions export --format csv --output emissions.csv\n  $ carbon auth login --api-url https://carbon.example.com\n  $ carbon --local companies list            # the local database while logged in to a server\n\nExit codes: 0 ok, 1 internal error, 2 usage, 3 validation, 4 auth, 5 not found,\n6 conflict, 7 unavailable, 130 interrupted.',
    );
  // Only the invoked resource is built in full; the others are listed for --help.
  const invoked = requestedResource(args);
  for (const entry of resources) {
    const command = entry === invoked ? (await entry.load())(ctx) : new Command(entry.name);
    program.addCommand(command.description(entry.description));
  }
  inheritSettings(program);
  return program;
}

export async function main(argv: readonly string[], options: MainOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const io = options.io ?? createProcessIo({ noColor: argv.includes("--no-color") });
  const controller = new AbortController();
  let program: Command | undefined;
  const globals = (): GlobalOptions => program?.opts<GlobalOptions>() ?? {};
  const input = options.input ?? createProcessInput();
  const ctx = createContext({
    io,
    env,
    globals,
    signal: controller.signal,
    input,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
  });

  let interrupts = 0;
  const onSigint = (): void => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    io.clearStatus();
    io.err("interrupted: stopping… (press Ctrl-C again to quit at once)");
    controller.abort(
      new CarbonError("interrupted", "interrupted (Ctrl-C)", {
        hint: "work done so far is kept; run the command again to continue",
      }),
    );
  };
  process.on("SIGINT", onSigint);

  const verbose = (): boolean =>
    globals().verbose === true || argv.includes("--verbose") || (env.CARBON_DEBUG ?? "") !== "";
  let exitCode = 0;
  try {
    program = await buildProgram(ctx, io, argv.slice(2));
    await program.parseAsync([...argv], { from: "node" });
  } catch (error) {
    exitCode = reportError(io, error, { signal: controller.signal, verbose: verbose() });
  } finally {
    io.clearStatus();
    try {
      await ctx.close();
    } catch (error) {
      const code = reportError(io, error, { signal: controller.signal, verbose: verbose() });
      if (exitCode === 0) exitCode = code;
    }
    process.off("SIGINT", onSigint);
  }
  // A command that stopped early on Ctrl-C without saying so still did not finish: never 0.
  if (exitCode === 0 && controller.signal.aborted) return errorTable.interrupted.exitCode;
  return exitCode;
}
