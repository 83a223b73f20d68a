/**
 * The OpenAPI 3.1 document of the server, generated from the route table and the zod schemas it
 * holds (`z.toJSONSchema`, JSON Schema 2020-12 as OpenAPI 3.1 uses). Bodies and responses are
 * named components; query parameters are inlined per operation.
 */
import { z } from "zod";
import { problemSchema } from "./problems.js";
import type { NamedSchema, Route } from "./route.js";
import { responses } from "./schemas.js";

export const API_PREFIX = "/api/v1";

type Json = Record<string, unknown>;

/** Our only transforms map text to text: in an output schema they are strings. */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: () => ({ type: "string" }),
  });
  return rest;
}

function queryParameters(route: Route): Json[] {
  const schema = jsonSchemaOf(route.query, "input");
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.includes(name),
    schema: property,
  }));
}

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

const statusText: Readonly<Record<number, string>> = { 200: "OK", 201: "Created" };

function ref(name: string): Json {
  return { $ref: `#/components/schemas/${name}` };
}

class Components {
  readonly schemas: Record<string, Json> = {};
  readonly #sources = new Map<string, z.ZodType>();

  add(named: NamedSchema, io: "input" | "output"): Json {
    const known = this.#sources.get(named.name);
    if (known !== undefined && known !== named.schema) {
      throw new Error(`two different schemas are named ${named.name} in the OpenAPI document`);
    }
    if (known === undefined) {
      this.#sources.set(named.name, named.schema);
      this.schemas[named.name] = jsonSchemaOf(named.schema, io);
    }
    return ref(named.name);
  }
}

function operation(route: Route, components: Components): Json {
  const answer = { "application/json": { schema: components.add(route.response, "output") } };
  const success = Object.fromEntries(
    route.statuses.map((status) => [
      String(status),
      { description: statusText[status] ?? "OK", content: answer },
    ]),
  );
  const body =
    route.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { "application/json": { schema: components.add(route.body, "input") } },
          },
        };
  return {
    summary: route.summary,
    ...(route.extension ? { "x-carbon-extension": true } : {}),
    ...(route.public ? { security: [] } : {}),
    parameters: [...pathParameters(route.path), ...queryParameters(route)],
    ...body,
    responses: {
      ...success,
      default: {
        description: "A problem: 400, 401, 403, 404, 409, 413, 422, 429 or 500",
        content: { "application/problem+json": { schema: ref("Problem") } },
      },
    },
  };
}

function unauthenticated(response: NamedSchema, summary: string, components: Components): Json {
  return {
    get: {
      summary,
      security: [],
      responses: {
        "200": {
          description: "OK",
          content: { "application/json": { schema: components.add(response, "output") } },
        },
      },
    },
  };
}

/** The version of the service specification this interface follows. */
export const API_VERSION = "1.0";

export function openApiDocument(routes: readonly Route[]): Json {
  const components = new Components();
  components.add({ name: "Problem", schema: problemSchema }, "output");
  const paths: Record<string, Json> = {
    "/healthz": unauthenticated(responses.health, "Liveness (no token needed)", components),
    "/openapi.json": unauthenticated(responses.openApi, "This document", components),
  };
  for (const route of routes) {
    const key = `${API_PREFIX}${route.path}`;
    const item = paths[key] ?? {};
    item[route.method.toLowerCase()] = operation(route, components);
    paths[key] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "carbon",
      version: API_VERSION,
      description:
        "The REST interface of `carbon serve` (docs/http-api.md). Operations marked x-carbon-extension are not in the service specification 1.0.",
    },
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    security: [{ bearerAuth: [] }],
  };
}
