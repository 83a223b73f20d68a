import type { Context } from "../../context.js";

export interface ServeOptions {
  readonly host: string;
  readonly port: string;
}

const loopback = new Set(["127.0.0.1", "::1", "localhost"]);

/** Listens until SIGTERM or Ctrl-C, then drains the requests in flight and closes the database. */
export async function runServe(ctx: Context, opts: ServeOptions): Promise<void> {
  const [flags, { openLocalService }, { startServer }, secrets, shutdown] = await Promise.all([
    import("../../flags.js"),
    import("../../../backends/local/open.js"),
    import("../../../server/app.js"),
    import("./secret.js"),
    import("./shutdown.js"),
  ]);
  const host = flags.parseText("--host", opts.host);
  const port = flags.parseInteger("--port", opts.port, { min: 0, max: 65_535 });
  const envSecret = secrets.secretFromEnv(ctx.env);
  const dbPath = await secrets.serveDbPath(ctx);
  const service = await openLocalService({ path: dbPath });
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
      host,
      port,
      log: (line) => ctx.io.err(line),
    });
    if (!loopback.has(host)) {
      ctx.io.err(
        `warning: listening on ${host} without TLS: tokens cross the network in clear; put a TLS proxy in front`,
      );
    }
    ctx.io.err(`listening on ${server.url}`);
    const reason = await shutdown.untilShutdown(ctx.signal);
    ctx.io.err(`${reason}: finishing the requests in flight, then closing the database`);
    await server.close();
  } finally {
    await service.close();
  }
  ctx.io.err("stopped");
}
