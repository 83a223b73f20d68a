/**
 * The HTTP client of the remote engine: one undici Pool per origin (keep-alive), JSON in and out,
 * `Authorization: Bearer`, answers parsed with the core zod schemas, error answers turned into
 * CarbonErrors (problems.ts), and retries (retry.ts) on 429/502/503/504 and broken connections.
 *
 * Retrying is safe for every route we call: GETs read, `POST /auth/who-am-i` only reads, and every
 * other POST is an upsert by a client-chosen UUID (docs/http-api.md), so a request that reached
 * the server before the connection broke gives the same result and the same single row when sent
 * again. A DELETE sent again after it reached the server answers 404 (the entry is gone either way).
 * A PATCH changes a record in place, not an upsert by id: it is sent again only when it certainly
 * never reached the server (no connection was made, or a 429 refused it before any work).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { type Dispatcher, Pool } from "undici";
import type { z } from "zod";
import { CarbonError } from "../../core/errors.js";
import { zodFieldIssues } from "../../core/zod-issues.js";
import type { ApiUrl } from "./api-url.js";
import { errorFromResponse } from "./problems.js";
import {
  backoffDelay,
  defaultRetryPolicy,
  isRefusedBeforeSending,
  isRetryableNetworkError,
  networkErrorCode,
  parseRetryAfter,
  type RetryPolicy,
  retryableStatuses,
} from "./retry.js";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";
/** A list is sent as the parameter repeated (`categoryIds[]=a&categoryIds[]=b`). */
export type QueryValue = string | number | boolean | readonly string[] | undefined;

export interface RequestSpec<T> {
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
  /** The answer's schema; the parsed (output) value is returned. */
  readonly schema: z.ZodType<T>;
}

export interface HttpClientOptions {
  readonly api: ApiUrl;
  readonly token: string;
  /** Sockets the pool may open (the bulk concurrency). */
  readonly connections?: number;
  readonly signal?: AbortSignal;
  /** Called with one line per attempt: `GET https://host/api/v1/companies 200 12ms`. */
  readonly debug?: (line: string) => void;
  /** Tests: another dispatcher (a MockAgent); it is not closed by `close()`. */
  readonly dispatcher?: Dispatcher;
  readonly retry?: Partial<RetryPolicy>;
  /** Tests: the jitter source, in [0, 1). */
  readonly random?: () => number;
}

export interface HttpClient {
  readonly api: ApiUrl;
  request<T>(method: Method, route: string, spec: RequestSpec<T>): Promise<T>;
  close(): Promise<void>;
}

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly retryAfter: string | readonly string[] | undefined;
  readonly text: string;
}

type Attempt =
  | { readonly kind: "answer"; readonly answer: Answer }
  | { readonly kind: "network"; readonly error: unknown };

export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (query === undefined) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === "object") {
      for (const one of value) params.append(key, one);
    } else if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

function header(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function describeFailure(attempt: Attempt): string {
  if (attempt.kind === "answer") return `status ${attempt.answer.status}`;
  const code = networkErrorCode(attempt.error);
  const message = attempt.error instanceof Error ? attempt.error.message : String(attempt.error);
  return code === undefined ? message : `${message} (${code})`;
}

function parseAnswer<T>(answer: Answer, schema: z.ZodType<T>, request: string): T {
  let json: unknown;
  try {
    json = answer.text === "" ? null : JSON.parse(answer.text);
  } catch {
    throw new CarbonError("unavailable", `the answer to ${request} is not JSON`, {
      hint: "is the address right? a proxy or another server may be answering",
    });
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  throw new CarbonError(
    "internal",
    `the answer to ${request} does not have the expected shape (is the server a different version?)`,
    {
      issues: zodFieldIssues(result.error),
    },
  );
}

/** True when the attempt certainly did nothing on the server: safe to send even a PATCH again. */
function neverReached(outcome: Attempt): boolean {
  if (outcome.kind === "network") return isRefusedBeforeSending(outcome.error);
  return outcome.answer.status === 429;
}

/** An error with no network code, or undici refusing our arguments: a bug, not the network. */
function isOurBug(error: unknown): boolean {
  const code = networkErrorCode(error);
  return code === undefined || code.startsWith("UND_ERR_INVALID") || code.startsWith("ERR_INVALID");
}

function giveUp(state: {
  readonly api: ApiUrl;
  readonly name: string;
  readonly count: number;
  readonly elapsed: number;
  readonly outcome: Attempt;
  /** A Retry-After wait longer than the time left. */
  readonly asked: number | undefined;
}): CarbonError {
  const { api, name, count, outcome, asked } = state;
  const cause = outcome.kind === "answer" ? errorFromResponse(outcome.answer, name) : outcome.error;
  const attempts = `${count} attempt${count === 1 ? "" : "s"} in ${Math.round(state.elapsed / 1000)}s`;
  const retry = asked === undefined ? "" : `, asked to retry after ${Math.ceil(asked / 1000)}s`;
  return new CarbonError(
    "unavailable",
    `the server at ${api.href} did not answer ${name} after ${attempts} (last: ${describeFailure(outcome)}${retry})`,
    { hint: "the server is down, overloaded or unreachable; try again later", cause },
  );
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { api, signal, debug } = options;
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const random = options.random ?? Math.random;
  let own: Pool | undefined;
  let dispatcher: Dispatcher;
  if (options.dispatcher === undefined) {
    own = new Pool(api.origin, {
      connections: options.connections ?? 8,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
    dispatcher = own;
  } else {
    dispatcher = options.dispatcher;
  }
  // No token (accepting an invitation): no Authorization header at all.
  const authorization = options.token === "" ? {} : { authorization: `Bearer ${options.token}` };

  async function attempt(method: Method, path: string, body: string | undefined): Promise<Answer> {
    const started = performance.now();
    const url = `${api.origin}${path}`;
    try {
      const response = await dispatcher.request({
        origin: api.origin,
        path,
        method,
        headers: {
          accept: "application/json",
          ...authorization,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body ?? null,
        signal: signal ?? null,
      });
      const text = await response.body.text();
      debug?.(
        `${method} ${url} ${response.statusCode} ${Math.round(performance.now() - started)}ms`,
      );
      return {
        status: response.statusCode,
        contentType: header(response.headers["content-type"]),
        retryAfter: response.headers["retry-after"],
        text,
      };
    } catch (error) {
      const code = networkErrorCode(error) ?? "error";
      debug?.(`${method} ${url} ${code} ${Math.round(performance.now() - started)}ms`);
      throw error;
    }
  }

  async function request<T>(method: Method, route: string, spec: RequestSpec<T>): Promise<T> {
    const path = `${api.basePath}/api/v1${route}${queryString(spec.query)}`;
    const name = `${method} ${api.basePath}/api/v1${route}`;
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const started = Date.now();
    for (let count = 1; ; count += 1) {
      signal?.throwIfAborted();
      let outcome: Attempt;
      try {
        outcome = { kind: "answer", answer: await attempt(method, path, body) };
      } catch (error) {
        if (signal?.aborted === true) throw signal.reason;
        if (isOurBug(error)) throw error;
        if (!isRetryableNetworkError(error)) {
          throw new CarbonError(
            "unavailable",
            `cannot reach the server at ${api.href}: ${describeFailure({ kind: "network", error })}`,
            { hint: "check the address (--api-url) and the network", cause: error },
          );
        }
        outcome = { kind: "network", error };
      }
      if (outcome.kind === "answer" && !retryableStatuses.has(outcome.answer.status)) {
        const { answer } = outcome;
        if (answer.status >= 200 && answer.status < 300) {
          return parseAnswer(answer, spec.schema, name);
        }
        throw errorFromResponse(answer, name);
      }
      if (method === "PATCH" && !neverReached(outcome)) {
        throw giveUp({
          api,
          name,
          count,
          elapsed: Date.now() - started,
          outcome,
          asked: undefined,
        });
      }
      const askedDelay =
        outcome.kind === "answer"
          ? parseRetryAfter(outcome.answer.retryAfter, Date.now())
          : undefined;
      const delay = askedDelay ?? backoffDelay(policy, count, random);
      const elapsed = Date.now() - started;
      if (count >= policy.attempts || elapsed + delay > policy.budgetMs) {
        const asked = count < policy.attempts ? askedDelay : undefined;
        throw giveUp({ api, name, count, elapsed, outcome, asked });
      }
      await sleep(delay, undefined, signal === undefined ? undefined : { signal }).catch(
        (error: unknown) => {
          throw signal?.aborted === true ? signal.reason : error;
        },
      );
    }
  }

  return {
    api,
    request,
    async close() {
      if (own !== undefined) await own.close();
    },
  };
}
