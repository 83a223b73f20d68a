/**
 * The connection pool of a PostgreSQL store, and what a failed connection tells the user: where
 * the server was looked for and why it did not answer, never the password (a message is scrubbed
 * of it even where the server or the driver would repeat it).
 */
import pg from "pg";
import { CarbonError } from "../../core/errors.js";
import { type PostgresTarget, whereIs } from "./url.js";

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/**
 * How values come back: int8 (counts, refs) and numeric (figures, money) as JavaScript numbers,
 * as SQLite gives them, so one decoder serves both stores. A numeric the store wrote from a
 * number reads back as that number (its shortest decimal text parses to the same double).
 */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) {
      return (text: string) => Number(text);
    }
    return pg.types.getTypeParser(oid, format as "text");
  }) as pg.CustomTypesConfig["getTypeParser"],
};

/** A pool of at most `max` connections to the target (opened as needed). */
export function createPool(target: PostgresTarget, max = 10): Pool {
  return new pg.Pool({
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.user,
    ...(target.password === undefined ? {} : { password: target.password }),
    ssl: target.ssl,
    application_name: target.applicationName,
    // Also how long a request waits for a free connection of a full pool before it is refused.
    connectionTimeoutMillis: target.connectTimeoutMs,
    statement_timeout: target.statementTimeoutMs,
    types: TYPES,
    max,
  });
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a connection failed, in a few words, from the error's code (the server's or the OS's). */
function reasonOf(error: unknown, target: PostgresTarget): string {
  const code = codeOf(error);
  const message = messageOf(error);
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused (is the server running, and listening on that port?)";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `host ${target.host} not found`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "the server did not answer";
    case "ECONNRESET":
      return "the server closed the connection";
    case "28P01":
      return `password authentication failed for user "${target.user}"`;
    case "28000":
      return `the server refused user "${target.user}" (pg_hba.conf)`;
    case "3D000":
      return `database "${target.database}" does not exist`;
    default:
      break;
  }
  if (/timeout/i.test(message)) {
    return `the server did not answer within ${target.connectTimeoutMs / 1000} s (connect_timeout)`;
  }
  if (/does not support SSL/i.test(message)) {
    return `the server does not accept TLS connections (sslmode=${target.sslMode}; sslmode=disable connects without)`;
  }
  if (/certificate|self[- ]signed|SSL|TLS/i.test(message)) {
    return `TLS: ${message} (sslmode=${target.sslMode})`;
  }
  return message;
}

/** The error a command reports when the server cannot be used: exit 4, 5 or 7 as cli.md says. */
export function connectionError(error: unknown, target: PostgresTarget): CarbonError {
  const code = codeOf(error);
  const where = `PostgreSQL at ${whereIs(target)}`;
  let reason = reasonOf(error, target);
  if (target.password !== undefined && target.password !== "") {
    reason = reason.split(target.password).join("***");
  }
  const message = `cannot connect to ${where} (database "${target.database}"): ${reason}`;
  if (code === "28P01" || code === "28000") {
    return new CarbonError("unauthenticated", message, {
      hint: "check the user and password of --db (or CARBON_DB, or the profile's db)",
    });
  }
  if (code === "3D000") {
    return new CarbonError("not_found", message, {
      hint: `create it first (createdb ${target.database}, or CREATE DATABASE)`,
    });
  }
  return new CarbonError("unavailable", message, {
    hint: `check that the server is up and reachable: pg_isready -h ${target.host} -p ${target.port}`,
  });
}

/** A pool whose first connection has been made; a failure is `connectionError`'s. */
export async function connect(target: PostgresTarget, max?: number): Promise<Pool> {
  const pool = createPool(target, max);
  // An idle connection the server drops (a restart) must not crash the process: the next query
  // opens another, or fails with its own error.
  pool.on("error", () => {});
  // Nor one dropped while a transaction holds it: the statement in flight fails with the error.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  try {
    const client = await pool.connect();
    client.release();
    return pool;
  } catch (error) {
    await pool.end().catch(() => {});
    throw connectionError(error, target);
  }
}
