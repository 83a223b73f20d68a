/**
 * The HTTP face of any CarbonService (docs/http-api.md is the contract, docs/serve.md the
 * operator's guide): Fastify 5, bearer JWT on every /api/v1 route, problem bodies for every
 * failure, one request log line per request. `createApp` builds it; `startServer` listens.
 */
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { CarbonError } from "../core/errors.js";
import {
  CONSUMPTION_KWH_PER_M3_EXTENSION,
  CUSTOM_FACTOR_VALIDITY_EXTENSION,
  DRY_RUN_EXTENSION,
  GLEC_ALLOCATION_EXTENSION,
  GLEC_EVERY_COMPANY_EXTENSION,
  MOVE_EXPECTED_COMPANIES_EXTENSION,
  operationExtension,
  REGOS_PERIOD_EXTENSION,
} from "../core/extensions.js";
import { dottedPath, findNotUtf8, NOT_UTF8_MESSAGE, type NotUtf8 } from "../core/json-bytes.js";
import type { CarbonService } from "../core/service.js";
import { Access } from "./access.js";
import { accountClaims } from "./accounts.js";
import { bearerToken, DEFAULT_MAX_TOKEN_TTL_SECONDS, signToken, verifyToken } from "./auth.js";
import { API_PREFIX, openApiDocument } from "./openapi.js";
import {
  carbonErrorOf,
  INTERNAL_DETAIL,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  problemOfCarbonError,
  storageProblem,
} from "./problems.js";
import type { Route, ServerInfo } from "./route.js";
import { routeTable } from "./routes/index.js";
import { Turns } from "./turns.js";

export interface AppOptions {
  readonly service: CarbonService;
  /** The HS256 signing secret (at least 32 bytes). */
  readonly secret: Uint8Array;
  /** Throws when the database does not answer (`/healthz` then answers 503). */
  readonly health?: () => Promise<void>;
  /** Where request lines and internal errors go (the CLI: stderr). Default: nowhere. */
  readonly log?: (line: string) => void;
  /** Largest request body in bytes (default 1 MiB); larger ones answer 413. */
  readonly bodyLimit?: number;
  /** Announced by `POST /auth/who-am-i` (carbon serve: kept in the database); default none. */
  readonly instanceId?: string;
  /** Longest token lifetime (`exp - iat`) accepted, in seconds (default 30 days). */
  readonly maxTokenTtlSeconds?: number;
  /** A connection whose request headers are not complete after this long is closed (408). */
  readonly headersTimeoutMs?: number;
  /** A connection whose whole request (headers and body) is not in after this long is closed. */
  readonly requestTimeoutMs?: number;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** The lifetime of a token the server mints itself (an accepted invitation's): a day. */
const MINTED_TTL_SECONDS = 86_400;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

let openApi: ReturnType<typeof openApiDocument> | undefined;

/**
 * The route table's OpenAPI document, made at its first request and kept: the table is fixed,
 * and converting its schemas costs more than the rest of a server's start.
 */
function theOpenApiDocument(): ReturnType<typeof openApiDocument> {
  openApi ??= openApiDocument(routeTable);
  return openApi;
}

/** Path without the query string, control characters replaced: safe for a log line. */
function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const end = url.indexOf("?");
  return (end === -1 ? url : url.slice(0, end)).replace(/\p{Cc}/gu, "?");
}

function notUtf8Body(where: NotUtf8): CarbonError {
  const path = where.path === undefined ? "" : dottedPath(where.path);
  const at = path === "" ? `line ${where.line} of the request body` : path;
  return new CarbonError("validation", `${at} ${NOT_UTF8_MESSAGE}`, {
    issues: [{ path, message: NOT_UTF8_MESSAGE }],
    hint: "send the body as UTF-8 (Content-Type: application/json is UTF-8)",
  });
}

function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  if (problem.code === "unauthenticated") reply.header("www-authenticate", 'Bearer realm="carbon"');
  // A busy or unreachable database: the client may try again shortly (clients back off from 1 s).
  if (problem.status === 503) reply.header("retry-after", "1");
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

function paramsOf(value: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (typeof value !== "object" || value === null) return params;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === "string") params[key] = item;
  }
  return params;
}

function toFastifyPath(path: string): string {
  return `${API_PREFIX}${path.replace(/\{(\w+)\}/g, ":$1")}`;
}

export function createApp(options: AppOptions): FastifyInstance {
  const { service, secret } = options;
  const log = options.log ?? (() => {});
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const app = Fastify({
    logger: false,
    bodyLimit,
    return503OnClosing: false,
    requestTimeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    // Node enforces both timeouts only when it checks its connections: often enough to matter.
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(100, headersTimeout / 4)),
    },
  });
  const accessOf = new WeakMap<FastifyRequest, Access>();
  let closing = false;

  // JSON only; an empty body is "no body" (who-am-i), not a parse error. Bytes, so that a body
  // that is not UTF-8 is refused at its field rather than stored with U+FFFD in it.
  const json = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    const notUtf8 = findNotUtf8(bytes);
    if (notUtf8 !== undefined) {
      done(notUtf8Body(notUtf8), undefined);
      return;
    }
    const text = bytes.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    // The default parser answers through `done` (it also rejects __proto__ and constructor keys).
    void json(request, text, done);
  });

  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    reply.header("connection", "close");
    sendProblem(
      reply,
      problemOfCarbonError(new CarbonError("unavailable", "the server is shutting down")),
    );
    return reply;
  });
  // While draining, a keep-alive connection closes after its answer instead of holding close().
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    log(
      `${request.method} ${pathOf(request)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
    );
  });

  app.setErrorHandler((error, request, reply) => {
    const known = carbonErrorOf(error, bodyLimit);
    const storage = known === undefined ? undefined : storageProblem(known);
    if (known !== undefined && storage !== undefined) {
      // The detail names the database file: the operator's log gets it, the client does not.
      log(`error: ${request.method} ${pathOf(request)}: ${known.message}`);
      return sendProblem(reply, problemOfCarbonError(storage));
    }
    if (known !== undefined && known.code !== "internal") {
      return sendProblem(reply, problemOfCarbonError(known));
    }
    const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`error: ${request.method} ${pathOf(request)}: ${stack}`);
    return sendProblem(
      reply,
      problemOfCarbonError(new CarbonError(known?.code ?? "internal", INTERNAL_DETAIL)),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      problemOfCarbonError(
        new CarbonError("not_found", `no route ${request.method} ${pathOf(request)}`),
      ),
    ),
  );

  // Up, and its database answering (a PostgreSQL server may be down while this one is not).
  app.get("/healthz", async (_request, reply) => {
    try {
      await options.health?.();
      return { status: "ok" };
    } catch (error) {
      log(`error: GET /healthz: ${error instanceof Error ? error.message : String(error)}`);
      return reply
        .code(503)
        .header("retry-after", "1")
        .send({ status: "unavailable", database: "unreachable" });
    }
  });
  app.get("/openapi.json", async () => theOpenApiDocument());

  const maxTtlSeconds = options.maxTokenTtlSeconds ?? DEFAULT_MAX_TOKEN_TTL_SECONDS;
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const claims = await verifyToken(bearerToken(request.headers.authorization), secret, {
      maxTtlSeconds,
    });
    // A token of a stored account speaks with the account's current role and companies.
    accessOf.set(request, new Access(await accountClaims(service, claims)));
  };
  const server: ServerInfo = {
    instanceId: options.instanceId,
    extensions: announcedExtensions(routeTable),
    async mint(account) {
      const ttlSeconds = Math.min(MINTED_TTL_SECONDS, maxTtlSeconds);
      const token = await signToken({ ...account, ttlSeconds }, secret);
      const claims = await verifyToken(token, secret, { maxTtlSeconds });
      return { token, expiresAt: claims.expiresAt };
    },
  };
  const turns = new Turns();
  const takeTurn = (): Promise<void> => turns.take();
  for (const route of routeTable) {
    registerRoute(app, route, { service, server, authenticate, takeTurn, accessOf });
  }
  return app;
}

/** The table's operations of ours, the query parameters of ours its writes honour, and more. */
function announcedExtensions(routes: readonly Route[]): string[] {
  const operations = routes
    .filter((route) => route.extension)
    .map((route) => operationExtension(route.method, route.path));
  return [
    ...operations,
    DRY_RUN_EXTENSION,
    GLEC_EVERY_COMPANY_EXTENSION,
    REGOS_PERIOD_EXTENSION,
    GLEC_ALLOCATION_EXTENSION,
    CONSUMPTION_KWH_PER_M3_EXTENSION,
    CUSTOM_FACTOR_VALIDITY_EXTENSION,
    MOVE_EXPECTED_COMPANIES_EXTENSION,
  ];
}

interface RouteDeps {
  readonly service: CarbonService;
  readonly server: ServerInfo;
  readonly authenticate: (request: FastifyRequest) => Promise<void>;
  /** Resolves at the request's turn (turns.ts): before its token is checked, as its work. */
  readonly takeTurn: () => Promise<void>;
  readonly accessOf: WeakMap<FastifyRequest, Access>;
}

function registerRoute(app: FastifyInstance, route: Route, deps: RouteDeps): void {
  const { service, server, authenticate, takeTurn, accessOf } = deps;
  app.route({
    method: route.method,
    url: toFastifyPath(route.path),
    onRequest: route.public ? [takeTurn] : [takeTurn, authenticate],
    handler: async (request, reply) => {
      const access = accessOf.get(request);
      if (access === undefined && !route.public) {
        throw new Error("a route ran without authentication");
      }
      const answer = await route.run(
        { query: request.query, body: request.body, params: paramsOf(request.params) },
        service,
        access,
        server,
      );
      return reply.code(answer.status).send(answer.body);
    },
  });
}

export interface StartOptions extends AppOptions {
  readonly host: string;
  /** 0 picks a free port; `url` tells which. */
  readonly port: number;
}

export interface RunningServer {
  /** `http://127.0.0.1:8080` (the real port when started on port 0). */
  readonly url: string;
  /** Stops accepting connections, lets in-flight requests finish, then resolves. Idempotent. */
  close(): Promise<void>;
}

function urlOf(host: string, address: AddressInfo | string | null): string {
  if (address === null || typeof address === "string") return `http://${host}`;
  const name = host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${address.port}`;
}

function listenError(error: unknown, options: StartOptions): unknown {
  const code =
    typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const where = `${options.host}:${options.port}`;
  if (code === "EADDRINUSE") {
    return new CarbonError("usage", `cannot listen on ${where}: the port is in use`, {
      hint: "choose another --port (0 picks a free one)",
      cause: error,
    });
  }
  if (code === "EACCES" || code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
    return new CarbonError("usage", `cannot listen on ${where} (${code})`, {
      hint: "check --host and --port",
      cause: error,
    });
  }
  return error;
}

/** Builds the app and listens; the service stays the caller's to close (after `close()`). */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const app = createApp(options);
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    await app.close();
    throw listenError(error, options);
  }
  let closed: Promise<void> | undefined;
  return {
    url: urlOf(options.host, app.server.address()),
    close() {
      closed ??= app.close();
      return closed;
    },
  };
}
