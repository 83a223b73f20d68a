import path from "node:path";
import type { CarbonService } from "../core/service.js";
import type { Io } from "./io.js";
import type { OutputFormat } from "./output/format-names.js";
import { defaultDbPath, type Environment } from "./paths.js";

/** Global flags, as parsed by commander (read at action time, after parsing). */
export interface GlobalOptions {
  readonly db?: string;
  readonly format?: OutputFormat;
  readonly json?: boolean;
  readonly quiet?: boolean;
  readonly verbose?: boolean;
  readonly color?: boolean;
}

/** What every command gets: I/O, environment, cancellation and the (lazily opened) service. */
export interface Context {
  readonly io: Io;
  readonly env: Environment;
  /** Aborted on Ctrl-C (SIGINT). */
  readonly signal: AbortSignal;
  /** Parsed global flags (read at action time). */
  globals(): GlobalOptions;
  /** --json > --format > (table on a TTY, else tsv). */
  format(): OutputFormat;
  /**
   * Opens the chosen backend on first call (local: --db > CARBON_DB > <user data dir>/carbon/carbon.db),
   * then returns the same instance.
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
}

/** The database file a local service opens: --db > CARBON_DB > the user data dir default. */
export function resolveDbPath(globals: GlobalOptions, env: Environment): string {
  const chosen = [globals.db, env.CARBON_DB].find((value) => value !== undefined && value !== "");
  if (chosen === undefined) return defaultDbPath(env);
  return chosen === ":memory:" ? chosen : path.resolve(chosen);
}

export function createContext(options: ContextOptions): Context {
  const { io, env, signal } = options;
  let opening: Promise<CarbonService> | undefined;

  return {
    io,
    env,
    signal,
    globals: options.globals,
    format() {
      const globals = options.globals();
      if (globals.json === true) return "json";
      return globals.format ?? (io.stdoutIsTty ? "table" : "tsv");
    },
    service() {
      opening ??= (async () => {
        const dbPath = resolveDbPath(options.globals(), env);
        // Loaded here, not at the top: `carbon --help` must not load better-sqlite3.
        const { openLocalService } = await import("../backends/local/open.js");
        return openLocalService({ path: dbPath });
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
}
