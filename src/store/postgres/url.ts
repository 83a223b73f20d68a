/**
 * A PostgreSQL database named by URL (`--db postgres://USER[:PASSWORD]@HOST[:PORT]/DB?sslmode=…`):
 * what to connect to, how (TLS as `sslmode` says), and how to name it in messages, never with
 * its password.
 */
import { readFileSync } from "node:fs";
import type { ConnectionOptions } from "node:tls";
import { redactedUrl } from "../../core/database-url.js";
import { CarbonError } from "../../core/errors.js";

/** libpq's modes; `allow` and `prefer` connect without TLS (node-postgres cannot fall back). */
const SSL_MODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** The URL's query parameters carbon reads; any other is refused rather than ignored. */
const PARAMETERS = [
  "sslmode",
  "sslrootcert",
  "host",
  "application_name",
  "connect_timeout",
  "statement_timeout",
];

export interface PostgresTarget {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string;
  readonly password: string | undefined;
  readonly sslMode: SslMode;
  /** How node-postgres connects; `false`: without TLS. */
  readonly ssl: false | ConnectionOptions;
  readonly applicationName: string;
  readonly connectTimeoutMs: number;
  /** The longest a statement may run before the server cancels it (ms; 0: no limit). */
  readonly statementTimeoutMs: number;
  /** The URL as messages and `db status` print it: the password replaced by `***`. */
  readonly display: string;
}

function usage(message: string, url: string): CarbonError {
  return new CarbonError("usage", `${message} in --db ${redactedUrl(url)}`, {
    hint: "a PostgreSQL database is postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=require]",
  });
}

function isSslMode(value: string): value is SslMode {
  return SSL_MODES.some((mode) => mode === value);
}

function tlsOptions(
  mode: SslMode,
  rootCert: string | undefined,
  url: string,
): false | ConnectionOptions {
  if (mode === "disable" || mode === "allow" || mode === "prefer") return false;
  if (mode === "require") return { rejectUnauthorized: false };
  let ca: string | undefined;
  if (rootCert !== undefined) {
    try {
      ca = readFileSync(rootCert, "utf8");
    } catch {
      throw usage(`cannot read sslrootcert ${rootCert}`, url);
    }
  }
  return {
    rejectUnauthorized: true,
    ...(ca === undefined ? {} : { ca }),
    // verify-ca checks the certificate's chain, not that it names the host.
    ...(mode === "verify-ca" ? { checkServerIdentity: () => undefined } : {}),
  };
}

/** The database a postgres:// URL names; a malformed one is a usage error (exit 2). */
export function parsePostgresUrl(text: string): PostgresTarget {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw usage("not a URL", trimmed);
  }
  const params = url.searchParams;
  const unknown = [...params.keys()].filter((key) => !PARAMETERS.includes(key));
  if (unknown.length > 0) {
    throw usage(
      `unknown parameter ${unknown.join(", ")} (carbon reads ${PARAMETERS.join(", ")})`,
      trimmed,
    );
  }
  const sslMode = params.get("sslmode") ?? "prefer";
  if (!isSslMode(sslMode)) {
    throw usage(`sslmode ${sslMode} is not one of ${SSL_MODES.join(", ")}`, trimmed);
  }
  const port = url.port === "" ? 5432 : Number(url.port);
  const user = decodeURIComponent(url.username) || "postgres";
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || user;
  if (database.includes("/")) throw usage(`database name ${database} has a /`, trimmed);
  const timeout = params.get("connect_timeout");
  const seconds = timeout === null ? 10 : Number(timeout);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw usage(`connect_timeout ${timeout} is not a number of seconds above 0`, trimmed);
  }
  const limit = params.get("statement_timeout");
  const statementTimeoutMs = limit === null ? 60_000 : Number(limit);
  if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 0) {
    throw usage(`statement_timeout ${limit} is not a whole number of milliseconds`, trimmed);
  }
  const host = params.get("host") ?? (decodeURIComponent(url.hostname) || "localhost");
  return {
    host: host.replace(/^\[(.*)\]$/, "$1"),
    port,
    database,
    user,
    password: url.password === "" ? undefined : decodeURIComponent(url.password),
    sslMode,
    ssl: tlsOptions(sslMode, params.get("sslrootcert") ?? undefined, trimmed),
    applicationName: params.get("application_name") ?? "carbon",
    connectTimeoutMs: seconds * 1000,
    statementTimeoutMs,
    display: redactedUrl(trimmed),
  };
}

/** `host:port`, or the socket folder, as messages name where the server is. */
export function whereIs(target: PostgresTarget): string {
  return target.host.startsWith("/") ? `socket ${target.host}` : `${target.host}:${target.port}`;
}
