/**
 * One error type for the whole tool. Every failure a user can cause or meet carries a `code`;
 * the table below maps each code to the CLI exit code (../design/cli.md) and the HTTP status the
 * server answers with. The table is typed as a total record, so a new code without a mapping
 * does not compile.
 */
export type ErrorCode =
  | "internal"
  | "usage"
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "rate_limited"
  | "unavailable"
  | "interrupted";

interface ErrorMapping {
  readonly exitCode: number;
  readonly httpStatus: number;
  readonly title: string;
}

export const errorTable: Readonly<Record<ErrorCode, ErrorMapping>> = {
  internal: { exitCode: 1, httpStatus: 500, title: "Internal error" },
  usage: { exitCode: 2, httpStatus: 400, title: "Bad request" },
  validation: { exitCode: 3, httpStatus: 422, title: "Validation failed" },
  unauthenticated: { exitCode: 4, httpStatus: 401, title: "Unauthenticated" },
  forbidden: { exitCode: 4, httpStatus: 403, title: "Forbidden" },
  not_found: { exitCode: 5, httpStatus: 404, title: "Not found" },
  conflict: { exitCode: 6, httpStatus: 409, title: "Conflict" },
  payload_too_large: { exitCode: 3, httpStatus: 413, title: "Payload too large" },
  rate_limited: { exitCode: 7, httpStatus: 429, title: "Too many requests" },
  unavailable: { exitCode: 7, httpStatus: 503, title: "Service unavailable" },
  interrupted: { exitCode: 130, httpStatus: 499, title: "Interrupted" },
};

/** One problem with one piece of input: a row's field, a flag, a JSON path. */
export interface FieldIssue {
  /** Dotted path or column name, e.g. `quantity` or `actions.0.load`. */
  readonly path: string;
  readonly message: string;
  /** 1-based line in the input file, when the input is a file. */
  readonly line?: number;
}

export interface CarbonErrorOptions {
  readonly issues?: readonly FieldIssue[];
  /** What the user can do about it, printed under the message. */
  readonly hint?: string;
  readonly cause?: unknown;
}

export class CarbonError extends Error {
  readonly code: ErrorCode;
  readonly issues: readonly FieldIssue[];
  readonly hint: string | undefined;

  constructor(code: ErrorCode, message: string, options: CarbonErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CarbonError";
    this.code = code;
    this.issues = options.issues ?? [];
    this.hint = options.hint;
  }

  get exitCode(): number {
    return errorTable[this.code].exitCode;
  }

  get httpStatus(): number {
    return errorTable[this.code].httpStatus;
  }
}

export function isCarbonError(value: unknown): value is CarbonError {
  return value instanceof CarbonError;
}

export function notFound(resource: string, id: string): CarbonError {
  return new CarbonError("not_found", `${resource} ${id} not found`);
}

export function validationError(message: string, issues: readonly FieldIssue[] = []): CarbonError {
  return new CarbonError("validation", message, { issues });
}

export function usageError(message: string, hint?: string): CarbonError {
  return new CarbonError("usage", message, hint === undefined ? {} : { hint });
}

/** A record a field names that does not exist (or that the caller may not see), with its path. */
export function missingMember(what: string, id: string, index: number): CarbonError {
  const path = `members.${index}.${what}Id`;
  return new CarbonError("not_found", `${what} ${id} not found (at ${path})`, {
    issues: [{ path, message: `${what} not found` }],
  });
}
