import { Command } from "commander";
import type { Context } from "../../context.js";
import { runServe, type ServeOptions } from "./serve.js";
import { tokenCommand } from "./token.js";

interface ServeFlags {
  readonly host: string;
  readonly port: string;
}

export function serveCommand(
  ctx: Context,
  run: (ctx: Context, opts: ServeOptions) => Promise<void> = runServe,
): Command {
  return new Command("serve")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--port <port>", "TCP port to listen on (0: any free port)", "8080")
    .addHelpText(
      "after",
      [
        "",
        "Serves the REST interface (/api/v1, docs/http-api.md) over the local database (--db).",
        "Every /api/v1 route needs a bearer token: mint one with `carbon serve token`.",
        "GET /healthz and GET /openapi.json need none. SIGTERM or Ctrl-C stops the server after",
        "the requests in flight have been answered. One line per request goes to stderr.",
        "",
        "Examples:",
        "  $ carbon serve --port 8080",
        "  $ carbon serve token --user ana@example.com --role member --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
      ].join("\n"),
    )
    .action(async (flags: ServeFlags) => {
      await run(ctx, { host: flags.host, port: flags.port });
    })
    .addCommand(tokenCommand(ctx));
}
