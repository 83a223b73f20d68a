/**
 * The token signing secret: CARBON_JWT_SECRET (its UTF-8 bytes, at least 32) when set, else the
 * one kept in the database, created on first use.
 */
import { usageError } from "../../../core/errors.js";
import { MIN_SECRET_BYTES } from "../../../server/auth.js";
import { type Context, engineLine, resolveEngine } from "../../context.js";
import type { Environment } from "../../paths.js";

/**
 * The database `serve` and `serve token` run on: --db > CARBON_DB > the profile's db > the
 * default. A server named by CARBON_API_URL or the profile is not where they run, so it is
 * ignored; only an explicit --api-url is a contradiction.
 */
export async function serveDbPath(ctx: Context): Promise<string> {
  const globals = ctx.globals();
  if (globals.apiUrl !== undefined && globals.apiUrl.trim() !== "") {
    throw usageError(
      `carbon serve runs on a local database, not on the server --api-url ${globals.apiUrl}`,
      "drop --api-url; --db PATH chooses the database to serve",
    );
  }
  const engine = await resolveEngine({ ...globals, local: true }, ctx.env);
  if (engine.kind !== "local") throw new Error("--local chose a remote engine");
  if (globals.verbose === true) ctx.io.err(engineLine(engine));
  return engine.dbPath;
}

export function secretFromEnv(env: Environment): Uint8Array | undefined {
  const value = env.CARBON_JWT_SECRET;
  if (value === undefined || value === "") return undefined;
  const bytes = new Uint8Array(Buffer.from(value, "utf8"));
  if (bytes.byteLength < MIN_SECRET_BYTES) {
    throw usageError(
      `CARBON_JWT_SECRET has ${bytes.byteLength} bytes; it needs at least ${MIN_SECRET_BYTES}`,
      "generate one with: openssl rand -base64 48",
    );
  }
  return bytes;
}

/** The secret kept in the (already opened, so migrated) database at `dbPath`. */
export async function databaseSecret(dbPath: string): Promise<Uint8Array> {
  const { serverSecret } = await import("../../../backends/local/index.js");
  return serverSecret(dbPath);
}
