/**
 * When to try a request again, and how long to wait: exponential backoff with full jitter
 * (a random wait between 0 and min(max, base * 2^(attempt-1))), or what `Retry-After` asks.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  /** Cap of one backoff wait. */
  readonly maxDelayMs: number;
  /** Total time a request may take across its attempts and waits. */
  readonly budgetMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 6,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  budgetMs: 60_000,
};

/** Statuses that mean "busy or restarting, try again": never a verdict on the request itself. */
export const retryableStatuses: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Network failures worth another attempt: the connection broke, or nobody answered (yet). */
const retryableCodes: ReadonlySet<string> = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_RES_CONTENT_LENGTH_MISMATCH",
]);

/** The `code` of a network error, looking into `cause` and the first of an AggregateError. */
export function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth += 1) {
    if ("code" in current && typeof current.code === "string") return current.code;
    if (current instanceof AggregateError && current.errors.length > 0) {
      current = current.errors[0];
    } else {
      current = "cause" in current ? current.cause : undefined;
    }
  }
  return undefined;
}

/** Failures before a connection existed: the request was never sent. */
const refusedBeforeSendingCodes: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
]);

export function isRefusedBeforeSending(error: unknown): boolean {
  const code = networkErrorCode(error);
  return code !== undefined && refusedBeforeSendingCodes.has(code);
}

export function isRetryableNetworkError(error: unknown): boolean {
  const code = networkErrorCode(error);
  return code !== undefined && retryableCodes.has(code);
}

/**
 * `Retry-After` in milliseconds from now: delta-seconds (`120`) or an HTTP date. Undefined when
 * absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(
  value: string | readonly string[] | undefined,
  now: number,
): number | undefined {
  const text = (typeof value === "string" ? value : value?.[0])?.trim();
  if (text === undefined || text === "") return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month ("Wed, 21 Oct 2015 07:28:00 GMT").
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Full jitter: a random wait in [0, min(max, base * 2^(attempt-1))). `attempt` starts at 1. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}
