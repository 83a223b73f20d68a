import type { Context } from "../../context.js";

export interface ServeOptions {
  readonly host: string;
  readonly port: string;
  /** `--max-token-ttl` as typed (undefined: CARBON_MAX_TOKEN_TTL, else 30 days). */
  readonly maxTokenTtl?: string | undefined;
  readonly headersTimeout: string;
  readonly requestTimeout: string;
}

const loopback = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * The server's WAL grows to about this many pages (4 KiB each, ~40 MB) before a commit
 * checkpoints it, instead of SQLite's 1000: imports commit often, pages they touch again and
 * again are copied into the database once per checkpoint, and each checkpoint syncs the file.
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** Buffered request log lines are written once they reach this many characters. */
const LOG_FLUSH_CHARS = 64 * 1024;

/**
 * The request log: one line per request, written to stderr in batches (one write per turn of
 * the event loop, or sooner when the batch is large) instead of one synchronous write per line.
 * `flush` writes what is pending; the server calls it before it reports stopping.
 */
function bufferedLog(write: (text: string) => void): {
  log(line: string): void;
  flush(): void;
} {
  let pending: string[] = [];
  let chars = 0;
  let scheduled: NodeJS.Immediate | undefined;
  const flush = (): void => {
    if (scheduled !== undefined) clearImmediate(scheduled);
    scheduled = undefined;
    if (pending.length === 0) return;
    const text = pending.join("\n");
    pending = [];
    chars = 0;
    write(text);
  };
  return {
    log(line) {
      pending.push(line);
      chars += line.length + 1;
      if (chars >= LOG_FLUSH_CHARS) flush();
      else scheduled ??= setImmediate(flush);
    },
    flush,
  };
}

/** Listens until SIGTERM or Ctrl-C, then drains the requests in flight and closes the database. */
export async function runServe(ctx: Context, opts: ServeOptions): Promise<void> {
  const [flags, local, { startServer }, secrets, shutdown, limits, privacy] = await Promise.all([
    import("../../flags.js"),
    import("../../../backends/local/index.js"),
    import("../../../server/app.js"),
    import("./secret.js"),
    import("./shutdown.js"),
    import("./limits.js"),
    import("./private-db.js"),
  ]);
  const host = flags.parseText("--host", opts.host);
  const port = flags.parseInteger("--port", opts.port, { min: 0, max: 65_535 });
  const maxTokenTtlSeconds = limits.maxTokenTtlSeconds(opts.maxTokenTtl, ctx.env);
  const timeouts = limits.serverTimeouts(opts.headersTimeout, opts.requestTimeout);
  const envSecret = secrets.secretFromEnv(ctx.env);
  const dbPath = await secrets.serveDbPath(ctx);
  privacy.checkPrivateDatabase(dbPath);
  const service = await local.openLocalService({
    path: dbPath,
    walAutocheckpointPages: WAL_AUTOCHECKPOINT_PAGES,
    onUpgrade: (message) => ctx.io.err(message),
  });
  const requestLog = bufferedLog((text) => ctx.io.err(text));
  try {
    const secret = envSecret ?? (await secrets.databaseSecret(dbPath));
    if (envSecret === undefined && dbPath === ":memory:") {
      ctx.io.err(
        "warning: an in-memory database keeps no secret; set CARBON_JWT_SECRET to mint tokens for it",
      );
    }
    const server = await startServer({
      service,
      secret,
      health: () => service.health(),
      host,
      port,
      log: requestLog.log,
      instanceId: await local.serverInstanceId(dbPath),
      maxTokenTtlSeconds,
      ...timeouts,
    });
    if (!loopback.has(host)) {
      ctx.io.err(
        `warning: listening on ${host} without TLS: tokens cross the network in clear; put a TLS proxy in front`,
      );
    }
    ctx.io.err(`listening on ${server.url}`);
    const reason = await shutdown.untilShutdown(ctx.signal);
    requestLog.flush();
    ctx.io.err(`${reason}: finishing the requests in flight, then closing the database`);
    await server.close();
  } finally {
    requestLog.flush();
    await service.close();
  }
  ctx.io.err("stopped");
}
