import { Command } from "commander";
import type { Context } from "../../context.js";
import { runServe, type ServeOptions } from "./serve.js";
import { tokenCommand } from "./token.js";

interface ServeFlags {
  readonly host: string;
  readonly port: string;
  readonly maxTokenTtl?: string;
  readonly headersTimeout: string;
  readonly requestTimeout: string;
}

export function serveCommand(
  ctx: Context,
  run: (ctx: Context, opts: ServeOptions) => Promise<void> = runServe,
): Command {
  return new Command("serve")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--port <port>", "TCP port to listen on (0: any free port)", "8080")
    .option(
      "--max-token-ttl <duration>",
      "refuse tokens valid for longer than this (env CARBON_MAX_TOKEN_TTL; default 30d)",
    )
    .option("--headers-timeout <duration>", "close connections whose headers take longer", "10s")
    .option("--request-timeout <duration>", "close connections whose request takes longer", "60s")
    .addHelpText(
      "after",
      [
        "",
        "Serves the REST interface (/api/v1, docs/http-api.md) over the local database (--db).",
        "Every /api/v1 route needs a bearer token: mint one with `carbon serve token`.",
        "GET /healthz and GET /openapi.json need none. SIGTERM or Ctrl-C stops the server after",
        "the requests in flight have been answered. One line per request goes to stderr.",
        "The database must be private to this user (chmod 600): it holds the token-signing secret.",
        "",
        "Examples:",
        "  $ carbon serve --port 8080",
        "  $ carbon serve --max-token-ttl 7d --headers-timeout 5s --request-timeout 30s",
        "  $ carbon serve token --user ana@example.com --role member --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
      ].join("\n"),
    )
    .action(async (flags: ServeFlags) => {
      await run(ctx, {
        host: flags.host,
        port: flags.port,
        maxTokenTtl: flags.maxTokenTtl,
        headersTimeout: flags.headersTimeout,
        requestTimeout: flags.requestTimeout,
      });
    })
    .addCommand(tokenCommand(ctx));
}
