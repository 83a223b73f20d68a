/**
 * Every failure becomes a problem body (`application/problem+json`, docs/http-api.md "Errors"):
 * `{type, title, status, detail, code, errors: [{path, message}]}` plus `hint` when the error
 * has one. Never HTML, never a stack trace: an unexpected error is a generic 500 and its stack
 * goes to the server log only.
 */
import { z } from "zod";
import { CarbonError, type ErrorCode, errorTable, isCarbonError } from "../core/errors.js";

export interface ProblemIssue {
  readonly path: string;
  readonly message: string;
}

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ErrorCode;
  readonly errors: readonly ProblemIssue[];
  readonly hint?: string;
}

export const PROBLEM_CONTENT_TYPE = "application/problem+json; charset=utf-8";

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
  hint: z.string().optional(),
});

export function problemOfCarbonError(error: CarbonError): Problem {
  const mapping = errorTable[error.code];
  return {
    type: `urn:carbon:problem:${error.code}`,
    title: mapping.title,
    status: mapping.httpStatus,
    detail: error.message,
    code: error.code,
    errors: error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
  };
}

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("statusCode" in error)) return undefined;
  const status = error.statusCode;
  return typeof status === "number" ? status : undefined;
}

function fastifyCodeOf(error: unknown): string {
  if (typeof error !== "object" || error === null || !("code" in error)) return "";
  return typeof error.code === "string" ? error.code : "";
}

/**
 * The CarbonError a request failure stands for: ours as they are; Fastify's own 4xx (body too
 * large, bad JSON, unsupported content type) as payload_too_large or usage; anything else is
 * undefined, an internal error.
 */
export function carbonErrorOf(error: unknown, bodyLimit: number): CarbonError | undefined {
  if (isCarbonError(error)) return error;
  const status = statusCodeOf(error);
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const code = fastifyCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (status === 413) {
    return new CarbonError(
      "payload_too_large",
      `the request body is larger than the limit of ${bodyLimit} bytes`,
    );
  }
  if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    return new CarbonError("usage", "unsupported Content-Type: send application/json");
  }
  if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
    return new CarbonError("usage", `the request body is not valid JSON: ${message}`);
  }
  return new CarbonError("usage", message);
}

/** SQLite's code of the storage failure behind `error`, if there is one in its cause chain. */
function storageCode(error: unknown): string | undefined {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 8; depth += 1) {
    if (at.name === "SqliteError" && "code" in at && typeof at.code === "string") return at.code;
    at = at.cause;
  }
  return undefined;
}

/** SQLite failures whose message names the database file (src/backends/local/database.ts). */
const pathNaming = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY|NOTADB|CORRUPT)/;

/**
 * What a client is told about a failure of the server's own storage (busy, disk full, I/O):
 * never the file's path, which the server log gets instead. Undefined for any other error.
 */
export function storageProblem(error: CarbonError): CarbonError | undefined {
  // A PostgreSQL server it cannot reach: its host and database are the operator's to know.
  if (error.code === "unavailable" && error.message.startsWith("cannot connect to PostgreSQL")) {
    return new CarbonError("unavailable", "the server cannot reach its database", {
      hint: "try again in a moment; the server log has the details",
    });
  }
  const code = storageCode(error);
  if (code === undefined || !pathNaming.test(code)) return undefined;
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
    return new CarbonError("unavailable", "the server's database is busy", {
      hint: "try again in a moment",
    });
  }
  if (code === "SQLITE_FULL") {
    return new CarbonError("unavailable", "the server's disk is full", {
      hint: "try again once the server's operator has freed some space",
    });
  }
  return new CarbonError(
    "unavailable",
    "the server cannot read or write its database; the server log has the details",
  );
}

export const INTERNAL_DETAIL =
  "the server failed to handle this request; the server log has the details";
