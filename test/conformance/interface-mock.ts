/**
 * A server of interface.openapi.json and nothing else: Fastify routes made from the document, so
 * every request is validated against it (method and path, query and path parameters, JSON body),
 * and each violation is recorded for the test to list, not only answered 400. Answers come from
 * a small in-memory store (mock-store.ts) in the specification's minimal shapes or in the hosted
 * service's published ones.
 */
import Fastify, { type FastifyRequest } from "fastify";
import { type MockSeed, type Shapes, storeHandlers } from "./mock-store.js";
import { specOperations } from "./openapi-routes.js";

export interface Violation {
  /** `POST /api/v1/consumptions?dryRun=true` */
  readonly request: string;
  readonly problem: string;
}

export interface InterfaceMock {
  readonly url: string;
  readonly shapes: Shapes;
  /** Every request that the document does not allow, in arrival order. */
  readonly violations: Violation[];
  /** Requests that reached a write operation (any but GET and who-am-i) and were answered. */
  writes(): number;
  /** The document's operations (`METHOD /api/v1/path`) that a valid request reached. */
  readonly reached: ReadonlySet<string>;
  close(): Promise<void>;
}

export interface InterfaceMockOptions {
  readonly shapes: Shapes;
  readonly seed: MockSeed;
}

function requestLine(request: FastifyRequest): string {
  return `${request.method} ${request.url}`;
}

/** The keys Fastify parsed from a query string or path, as text or lists of text. */
function textRecord(value: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (typeof value !== "object" || value === null) return out;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === "string") out[key] = item;
    else if (Array.isArray(item)) out[key] = item.map(String);
  }
  return out;
}

export async function startInterfaceMock(options: InterfaceMockOptions): Promise<InterfaceMock> {
  const violations: Violation[] = [];
  let writes = 0;
  const reached = new Set<string>();
  const handlers = storeHandlers(options.shapes, options.seed);
  const app = Fastify({
    logger: false,
    // Validate as the document says: nothing coerced, removed or defaulted, every error listed.
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: false,
        allErrors: true,
      },
    },
  });

  app.addHook("onRequest", async (request) => {
    if (!/^Bearer \S+$/.test(request.headers.authorization ?? "")) {
      violations.push({
        request: requestLine(request),
        problem: "no Authorization: Bearer header (the document's security applies to all)",
      });
    }
  });

  for (const operation of specOperations()) {
    const key = `${operation.method} ${operation.path}`;
    app.route({
      method: operation.method,
      url: operation.route,
      schema: operation.schema,
      attachValidation: true,
      handler: async (request, reply) => {
        const failure = request.validationError;
        if (failure !== undefined) {
          violations.push({ request: requestLine(request), problem: failure.message });
          return reply.code(400).send({ message: failure.message });
        }
        reached.add(key);
        if (operation.method !== "GET" && operation.path !== "/api/v1/auth/who-am-i") writes += 1;
        const handler = handlers[key] ?? handlers.fallback;
        const answer = handler({
          method: operation.method,
          params: textRecord(request.params),
          query: textRecord(request.query),
          body: request.body,
        });
        return reply.code(answer.status).send(answer.body);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    violations.push({
      request: requestLine(request),
      problem: `${request.method} ${request.url.split("?")[0]} is not an operation of the document`,
    });
    return reply.code(404).send({ message: "Not Found" });
  });

  app.setErrorHandler(async (error, request, reply) => {
    const message = error instanceof Error ? error.message : String(error);
    violations.push({ request: requestLine(request), problem: message });
    return reply.code(400).send({ message });
  });

  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    url: address,
    shapes: options.shapes,
    violations,
    writes: () => writes,
    reached,
    close: () => app.close(),
  };
}
