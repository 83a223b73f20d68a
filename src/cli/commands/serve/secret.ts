/**
 * The token signing secret: CARBON_JWT_SECRET (its UTF-8 bytes, at least 32) when set, else the
 * one kept in the database, created on first use.
 */
import { usageError } from "../../../core/errors.js";
import { MIN_SECRET_BYTES } from "../../../server/auth.js";
import type { Context } from "../../context.js";
import type { Environment } from "../../paths.js";

/** The database `serve` runs on: --db > CARBON_DB > the profile's db > the default. */
export async function serveDbPath(ctx: Context): Promise<string> {
  const engine = await ctx.engine();
  if (engine.kind === "local") return engine.dbPath;
  throw usageError(
    `carbon serve runs on a local database, but ${engine.apiUrlSource} points at the server ${engine.apiUrl}`,
    "pass --db PATH (the database to serve)",
  );
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
  const { serverSecret } = await import("../../../backends/local/server-secret.js");
  return serverSecret(dbPath);
}
