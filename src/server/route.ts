/**
 * One route table both registers the routes (app.ts) and describes them (openapi.ts), so the
 * served paths and the OpenAPI document cannot drift. A route parses its query and body with its
 * zod schemas before its handler runs; the handler gets typed values.
 */
import type { z } from "zod";
import type { CarbonService } from "../core/service.js";
import { Access } from "./access.js";
import { isIgnoredBody, parseBody, parseQuery } from "./input.js";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** A schema with the name it has under `components.schemas` in the OpenAPI document. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: z.ZodType;
}

/** What the server says about itself (`POST /auth/who-am-i`). */
export interface ServerInfo {
  /** Kept in the served database: a client tells this server from another at the same address. */
  readonly instanceId: string | undefined;
  /** What it offers beyond the specification (src/core/extensions.ts). */
  readonly extensions: readonly string[];
  /** Signs a token for a stored account with the server's secret, for its longest lifetime up to a day. */
  mint(account: MintRequest): Promise<{ readonly token: string; readonly expiresAt: string }>;
}

/** Who a token minted by the server is for. */
export interface MintRequest {
  readonly email: string;
  readonly role: "admin" | "member" | "viewer";
  readonly companies: readonly string[];
  readonly userId: string;
}

export interface RouteContext<Q, B> {
  readonly service: CarbonService;
  readonly access: Access;
  readonly server: ServerInfo;
  readonly query: Q;
  readonly body: B;
  readonly params: Readonly<Record<string, string>>;
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** What a request brings, before parsing. */
export interface RawInput {
  readonly query: unknown;
  readonly body: unknown;
  readonly params: Readonly<Record<string, string>>;
}

export interface RouteDefinition<QS extends z.ZodType, BS extends z.ZodType> {
  readonly method: Method;
  /** Under /api/v1, OpenAPI style: `/companies/{id}`. */
  readonly path: string;
  readonly summary: string;
  /** Not in the service specification (docs/http-api.md marks these). */
  readonly extension?: boolean;
  /** Answered without a token (accepting an invitation); the handler then gets no access. */
  readonly public?: boolean;
  readonly query: QS;
  /** The body schema and its component name; `ignoredBody` for a POST without one. */
  readonly body: BS;
  readonly bodyName?: string;
  /** Success statuses and what they answer. */
  readonly statuses: readonly number[];
  readonly response: NamedSchema;
  handle(ctx: RouteContext<z.output<QS>, z.output<BS>>): Promise<Answer>;
}

/** A route with its types erased, as the table holds it. */
export interface Route {
  readonly method: Method;
  readonly path: string;
  readonly summary: string;
  readonly extension: boolean;
  readonly public: boolean;
  readonly query: z.ZodType;
  readonly body: NamedSchema | undefined;
  readonly statuses: readonly number[];
  readonly response: NamedSchema;
  run(
    input: RawInput,
    service: CarbonService,
    access: Access | undefined,
    server: ServerInfo,
  ): Promise<Answer>;
}

export function defineRoute<QS extends z.ZodType, BS extends z.ZodType>(
  definition: RouteDefinition<QS, BS>,
): Route {
  const bodyName = definition.bodyName;
  return {
    method: definition.method,
    path: definition.path,
    summary: definition.summary,
    extension: definition.extension === true,
    public: definition.public === true,
    query: definition.query,
    body:
      isIgnoredBody(definition.body) || bodyName === undefined
        ? undefined
        : { name: bodyName, schema: definition.body },
    statuses: definition.statuses,
    response: definition.response,
    async run(input, service, access, server) {
      const query = parseQuery(definition.query, input.query);
      const body = parseBody(definition.body, input.body);
      // A public route's handler never reads it: an account-less nobody that sees no company.
      const who = access ?? NOBODY;
      return definition.handle({ service, access: who, server, query, body, params: input.params });
    },
  };
}

/** The access of a public route's request: a viewer of no company. */
const NOBODY = new Access({
  email: "",
  role: "viewer",
  companies: ["00000000-0000-4000-8000-000000000000"],
  issuedAt: new Date(0).toISOString(),
  expiresAt: new Date(0).toISOString(),
});

/** `200 OK` with a body. */
export function ok(body: unknown): Answer {
  return { status: 200, body };
}

/** 201 when the upsert created the record, else 200. */
export function upserted(created: boolean, body: unknown): Answer {
  return { status: created ? 201 : 200, body };
}

/** A path parameter (Fastify always provides the declared ones). */
export function param(params: Readonly<Record<string, string>>, name: string): string {
  return params[name] ?? "";
}
