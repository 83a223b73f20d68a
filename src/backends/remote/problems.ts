/**
 * Error answers become the CarbonError the local engine would have raised: a problem body
 * (docs/http-api.md, "Errors") keeps its code, detail, field issues and hint; any other error body
 * gets a code from its status, so a command fails with the same exit code on both engines.
 */
import { CarbonError, type ErrorCode, errorTable, type FieldIssue } from "../../core/errors.js";

export interface ErrorResponse {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorTable, value);
}

const statusCodes: ReadonlyMap<number, ErrorCode> = new Map<number, ErrorCode>([
  [400, "usage"],
  [401, "unauthenticated"],
  [403, "forbidden"],
  [404, "not_found"],
  [409, "conflict"],
  [413, "payload_too_large"],
  [422, "validation"],
  [429, "unavailable"],
]);

/** The code an error status stands for when the body says nothing usable. */
export function codeForStatus(status: number): ErrorCode {
  const known = statusCodes.get(status);
  if (known !== undefined) return known;
  if (status >= 500) return "unavailable";
  return status >= 400 ? "usage" : "internal";
}

const hints: Partial<Record<ErrorCode, string>> = {
  unauthenticated: "the token is missing, wrong or expired; run carbon auth login",
  forbidden: "the token's role or companies do not allow this; ask an admin for a token that does",
  unavailable: "check the server and the network, then run the command again",
};

function parseIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  const issues: FieldIssue[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.message !== "string") continue;
    const path = typeof item.path === "string" ? item.path : "";
    const line = typeof item.line === "number" ? item.line : undefined;
    issues.push(
      line === undefined ? { path, message: item.message } : { path, message: item.message, line },
    );
  }
  return issues;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function hintFor(code: ErrorCode): { hint?: string } {
  const hint = hints[code];
  return hint === undefined ? {} : { hint };
}

/** `request` names the route for messages: `GET /api/v1/companies/…`. */
export function errorFromResponse(response: ErrorResponse, request: string): CarbonError {
  const body = parseJson(response.text);
  if (isRecord(body) && isErrorCode(body.code)) {
    const detail = typeof body.detail === "string" && body.detail !== "" ? body.detail : undefined;
    const title = typeof body.title === "string" ? body.title : errorTable[body.code].title;
    const hint =
      typeof body.hint === "string" && body.hint !== "" ? { hint: body.hint } : hintFor(body.code);
    return new CarbonError(body.code, detail ?? title, {
      issues: parseIssues(body.errors),
      ...hint,
    });
  }
  const code = codeForStatus(response.status);
  const plain = response.contentType.startsWith("text/plain") ? response.text.trim() : "";
  const said = plain === "" ? "" : `: ${plain.slice(0, 200)}`;
  return new CarbonError(code, `${request} answered ${response.status}${said}`, hintFor(code));
}
