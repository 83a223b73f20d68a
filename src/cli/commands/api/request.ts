/**
 * What `carbon api` sends, worked out before anything is sent: the method, the route under
 * /api/v1, the query parameters and the JSON body, each refused with a usage error when malformed.
 */
import { CarbonError, usageError } from "../../../core/errors.js";
import { dottedPath, findNotUtf8, NOT_UTF8_MESSAGE } from "../../../core/json-bytes.js";

export const apiMethods = ["GET", "POST", "PATCH", "DELETE"] as const;
export type ApiMethod = (typeof apiMethods)[number];

export type JsonScalar = string | number | boolean | null;

export interface ApiRequest {
  readonly method: ApiMethod;
  /** Under /api/v1, starting with `/`. */
  readonly route: string;
  readonly query: Readonly<Record<string, string>>;
  /** Undefined: no body. */
  readonly body: unknown;
}

export function parseMethod(text: string): ApiMethod {
  const upper = text.trim().toUpperCase();
  const method = apiMethods.find((name) => name === upper);
  if (method === undefined) {
    throw usageError(`invalid method "${text}": expected one of ${apiMethods.join(", ")}`);
  }
  return method;
}

/** `companies`, `/companies` or `/api/v1/companies?limit=5`: the route and its query pairs. */
export function parsePath(text: string): {
  readonly route: string;
  readonly pairs: readonly (readonly [string, string])[];
} {
  const trimmed = text.trim();
  const bad = (reason: string) =>
    usageError(`invalid path "${text}": ${reason}`, "give a path such as companies or /companies");
  if (trimmed === "") throw bad("it is empty");
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    throw bad("give the path alone; the server is the one of --api-url or the profile");
  }
  if (trimmed.includes("#")) throw bad("a path has no #fragment");
  const [pathPart = ""] = trimmed.split("?", 1);
  if (pathPart.includes("\\") || pathPart.includes("//")) throw bad("it has an empty segment");
  if (pathPart.split("/").some((segment) => segment === "." || segment === "..")) {
    throw bad("it has a . or .. segment");
  }
  const url = new URL(trimmed.startsWith("/") ? trimmed : `/${trimmed}`, "http://carbon.invalid");
  let route = url.pathname;
  if (route === "/api/v1" || route.startsWith("/api/v1/")) route = route.slice("/api/v1".length);
  if (route === "" || route === "/") throw bad("it names no operation");
  return { route, pairs: [...url.searchParams] };
}

const numberPattern = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** `key=value`; typed (`-F`): true, false, null and JSON numbers become those values. */
export function parseField(flag: string, text: string, typed: boolean): [string, JsonScalar] {
  const at = text.indexOf("=");
  if (at <= 0) throw usageError(`invalid ${flag} "${text}": expected key=value`);
  const key = text.slice(0, at);
  const value = text.slice(at + 1);
  if (!typed) return [key, value];
  if (value === "true") return [key, true];
  if (value === "false") return [key, false];
  if (value === "null") return [key, null];
  if (numberPattern.test(value) && Number.isFinite(Number(value))) return [key, Number(value)];
  return [key, value];
}

/** Pairs into one record; a key given twice is a usage error (which value was meant?). */
export function fieldRecord(
  pairs: readonly (readonly [string, JsonScalar])[],
): Record<string, JsonScalar> {
  const record: Record<string, JsonScalar> = {};
  for (const [key, value] of pairs) {
    if (Object.hasOwn(record, key)) throw usageError(`the field "${key}" is given twice`);
    record[key] = value;
  }
  return record;
}

/** The JSON of `--input`: UTF-8 and well-formed, or a validation error naming where. */
export function parseInputJson(source: string, bytes: Uint8Array): unknown {
  const notUtf8 = findNotUtf8(bytes);
  if (notUtf8 !== undefined) {
    const field = notUtf8.path === undefined ? "" : dottedPath(notUtf8.path);
    throw new CarbonError("validation", `--input ${source} is not valid JSON text`, {
      issues: [{ path: field, line: notUtf8.line, message: NOT_UTF8_MESSAGE }],
    });
  }
  const text = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CarbonError("validation", `--input ${source} is not valid JSON: ${reason}`);
  }
}

export function inputWithoutBody(method: ApiMethod): CarbonError {
  return usageError(`--input sends a body, which ${method} does not take`, "use POST or PATCH");
}

function queryText(value: JsonScalar): string {
  return value === null ? "null" : String(value);
}

/** POST and PATCH carry a JSON body; GET and DELETE do not. */
export function takesBody(method: ApiMethod): boolean {
  return method === "POST" || method === "PATCH";
}

/**
 * The request: fields go to the query string of GET and DELETE and to the body of POST and
 * PATCH, unless `--input` gives the body, in which case they go to the query string (as gh does).
 */
export function buildRequest(options: {
  readonly method: ApiMethod;
  readonly path: string;
  readonly fields: readonly (readonly [string, JsonScalar])[];
  readonly input?: { readonly value: unknown } | undefined;
}): ApiRequest {
  const { method, input } = options;
  const { route, pairs } = parsePath(options.path);
  const withBody = takesBody(method);
  if (input !== undefined && !withBody) {
    throw inputWithoutBody(method);
  }
  if (withBody && input === undefined) {
    const query = fieldRecord(pairs);
    const body = options.fields.length === 0 ? undefined : fieldRecord(options.fields);
    return { method, route, query: stringRecord(query), body };
  }
  const query = fieldRecord([...pairs, ...options.fields]);
  return { method, route, query: stringRecord(query), body: input?.value };
}

function stringRecord(record: Readonly<Record<string, JsonScalar>>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, queryText(value)]));
}
