/**
 * The operations of interface.openapi.json as Fastify route schemas, so Fastify's ajv checks every
 * request against the document: query and path parameters, and JSON bodies (never coerced).
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

export const documentPath = new URL("./interface.openapi.json", import.meta.url);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(["query", "path", "header", "cookie"]),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()),
});

const operationSchema = z.object({
  parameters: z.array(parameterSchema).optional(),
  requestBody: z
    .object({
      required: z.boolean().optional(),
      content: z.object({ "application/json": z.object({ schema: z.unknown() }) }),
    })
    .optional(),
  "x-parameters-not-shown": z.boolean().optional(),
});

const documentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
});

export interface SpecOperation {
  /** `GET`, `POST`... */
  readonly method: string;
  /** The document's path, `/api/v1/companies/{id}/buildings`. */
  readonly path: string;
  /** The same path in Fastify's syntax, `/api/v1/companies/:id/buildings`. */
  readonly route: string;
  readonly schema: {
    readonly querystring: JsonObject;
    readonly params?: JsonObject;
    readonly body?: JsonObject;
  };
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Replaces every `$ref` with the component it names and drops OpenAPI-only keywords. */
function resolve(value: Json, components: JsonObject): Json {
  if (Array.isArray(value)) return value.map((item) => resolve(item, components));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === "string") {
    const target = components[ref.replace("#/components/schemas/", "")];
    if (target === undefined) throw new Error(`unknown $ref ${ref}`);
    return resolve(target, components);
  }
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (!key.startsWith("x-") && key !== "description") out[key] = resolve(item, components);
  }
  return out;
}

/** A query value arrives as text: an integer parameter is text made of digits. */
function asQueryText(schema: JsonObject): JsonObject {
  if (schema.type === "integer") return { type: "string", pattern: "^-?[0-9]+$" };
  if (schema.type === "number") return { type: "string", pattern: "^-?[0-9]+(\\.[0-9]+)?$" };
  return schema;
}

function toJson(value: unknown): Json {
  // The document is JSON read from disk, so every value is a Json value.
  return JSON.parse(JSON.stringify(value));
}

/** Every operation of the document, with the schemas Fastify validates requests against. */
export function specOperations(): SpecOperation[] {
  const document = documentSchema.parse(JSON.parse(readFileSync(documentPath, "utf8")));
  const components = toJson(document.components.schemas);
  if (!isObject(components)) throw new Error("no components");
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const section = (where: "query" | "path", text: boolean): JsonObject => {
        const listed = parameters.filter((parameter) => parameter.in === where);
        const properties: JsonObject = {};
        for (const parameter of listed) {
          const schema = resolve(toJson(parameter.schema), components);
          properties[parameter.name] = text && isObject(schema) ? asQueryText(schema) : schema;
        }
        return {
          type: "object",
          properties,
          required: listed.filter((parameter) => parameter.required === true).map((p) => p.name),
          additionalProperties: where === "path" || operation["x-parameters-not-shown"] === true,
        };
      };
      const body = operation.requestBody?.content["application/json"].schema;
      const resolvedBody = body === undefined ? undefined : resolve(toJson(body), components);
      operations.push({
        method: method.toUpperCase(),
        path,
        route: path.replace(/\{([^}]+)\}/g, ":$1"),
        schema: {
          querystring: section("query", true),
          ...(path.includes("{") ? { params: section("path", false) } : {}),
          ...(isObject(resolvedBody) ? { body: resolvedBody } : {}),
        },
      });
    }
  }
  return operations;
}
