/**
 * The server's limits as `carbon serve` and `carbon serve token` read them: the longest token
 * lifetime (--max-token-ttl > CARBON_MAX_TOKEN_TTL > 30 days, the same for both commands, so
 * `serve token` never mints what the server refuses) and the request timeouts.
 */
import { formatDuration, parseDuration } from "../../../core/durations.js";
import { CarbonError, usageError } from "../../../core/errors.js";
import { DEFAULT_MAX_TOKEN_TTL_SECONDS } from "../../../server/auth.js";
import type { Environment } from "../../paths.js";

export const MAX_TOKEN_TTL_ENV = "CARBON_MAX_TOKEN_TTL";

/** The longest token lifetime, in seconds: the flag, else the environment, else 30 days. */
export function maxTokenTtlSeconds(flag: string | undefined, env: Environment): number {
  if (flag !== undefined) return parseDuration("--max-token-ttl", flag);
  const value = env[MAX_TOKEN_TTL_ENV];
  if (value !== undefined && value.trim() !== "") return parseDuration(MAX_TOKEN_TTL_ENV, value);
  return DEFAULT_MAX_TOKEN_TTL_SECONDS;
}

/** `--ttl` of `serve token`, refused beyond the maximum the server accepts. */
export function tokenTtlSeconds(ttl: string, maxSeconds: number): number {
  const seconds = parseDuration("--ttl", ttl);
  if (seconds > maxSeconds) {
    throw new CarbonError(
      "usage",
      `--ttl ${ttl} is longer than the longest token lifetime the server accepts (${formatDuration(maxSeconds)})`,
      {
        hint: `use --ttl ${formatDuration(maxSeconds)} or less; a server started with a larger --max-token-ttl (or ${MAX_TOKEN_TTL_ENV}) needs the same setting here`,
      },
    );
  }
  return seconds;
}

export interface Timeouts {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
}

/** `--headers-timeout` and `--request-timeout`; headers cannot be given longer than the request. */
export function serverTimeouts(headers: string, request: string): Timeouts {
  const headersTimeoutMs = parseDuration("--headers-timeout", headers) * 1000;
  const requestTimeoutMs = parseDuration("--request-timeout", request) * 1000;
  if (headersTimeoutMs > requestTimeoutMs) {
    throw usageError(
      `--headers-timeout ${headers} is longer than --request-timeout ${request}`,
      "the headers are part of the request: give them at most as long",
    );
  }
  return { headersTimeoutMs, requestTimeoutMs };
}
